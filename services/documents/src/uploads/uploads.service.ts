import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { RpcException } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  Entitlements,
  EventOutbox,
  RpcErrors,
  S3_CLIENT,
  S3_CONFIG,
  isId,
  PROJECTS,
  type S3Config,
  type Projects,
} from '@kerf/platform';
import type { DocumentKind } from '@kerf/contracts';
import type { UploadDocumentRequest, UploadStart } from '@kerf/contracts/generated/kerf/documents';
import { DOCUMENTS_CONFIG, FREE_PLAN_MAX_MB, MAX_FILE_MB, MB, type DocumentsConfig } from '../config';
import { Document } from '../documents/document.entity';
import { ACCEPTED_TYPES, CONTENT_TYPES, corruption, extensionOf, kindFromFilename, typeMismatch } from './file-type';
import {
  UPLOAD_KEY_PREFIXES,
  abortStaleMultipartUploads,
  ensureAbortIncompleteRule,
  isNotImplemented,
} from './multipart-sweep';

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 64 * 1024;

/** A file name for display: no folders, no control characters, at most 255 characters. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (
    base
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 255)
  );
}

/** A file stored in S3 and checked, not yet a document. */
interface StoredFile {
  id: string;
  key: string;
  filename: string;
  kind: DocumentKind;
  size: number;
  sha256: string;
}

export interface StagedFile {
  id: string;
  filename: string;
}

const GONE = 'A file of this upload is no longer there. Please upload the files again.';
/** Staged files older than this were never committed: their request ended long ago (uploads time out at 15 min). */
const STAGED_TTL_HOURS = 6;

/** `DELETE … RETURNING` rows, whichever way the driver hands them back ([rows, count] or rows). */
function deletedRows<T>(result: unknown[]): T[] {
  return (result.length === 2 && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/**
 * Uploads: each file streams into S3, is checked, and only then becomes a
 * document announced by document-uploaded. Whatever fails, nothing is kept:
 * no row, no object, no half-written part. A batch (the gateway's multipart
 * request) is staged file by file and committed together, so it is kept
 * whole or not at all.
 */
@Injectable()
export class UploadsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Uploads');
  private sweeper?: NodeJS.Timeout;
  /** False once the S3 answered that it cannot list multipart uploads (s3rver without the test proxy). */
  private multipartListing = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
    @Inject(PROJECTS) private readonly projects: Projects,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
    @Inject(Entitlements) private readonly entitlements: Entitlements,
  ) {}

  async upload(userId: string, messages: AsyncIterable<UploadDocumentRequest>): Promise<Document> {
    const { start, file } = await this.receive(userId, messages, true);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const document = await manager.save(
          manager.create(Document, this.documentRow(userId, start.projectId!, start.documentType, file)),
        );
        await this.outbox.add(manager, 'document-uploaded', {
          documentId: file.id,
          projectId: start.projectId!,
          userId,
          filetype: file.kind,
        });
        return document;
      });
    } catch (error) {
      await this.deleteObject(file.key);
      throw error;
    }
  }

  /**
   * One file of a batch, stored and checked as `upload` does but kept aside in
   * staged_uploads (no document, no event) until `commit` binds the batch.
   * The project may be unknown yet (a client that sends it after its files).
   */
  async stage(userId: string, messages: AsyncIterable<UploadDocumentRequest>): Promise<StagedFile> {
    const { start, file } = await this.receive(userId, messages, false);
    try {
      await this.dataSource.query(
        `INSERT INTO staged_uploads (id, user_id, project_id, filename, filetype, filesize, storage_key, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [file.id, userId, start.projectId, file.filename, file.kind, file.size, file.key, file.sha256],
      );
    } catch (error) {
      await this.deleteObject(file.key);
      throw error;
    }
    return { id: file.id, filename: file.filename };
  }

  /**
   * Binds staged files to the acting user's project: every document and its
   * document-uploaded event in one transaction, so a batch is kept whole or
   * not at all. Answers the documents in the order of `ids`.
   */
  async commit(userId: string, input: { projectId: string; documentType: string; ids: string[] }): Promise<Document[]> {
    const projectId = input.projectId;
    if (!isId(projectId)) throw RpcErrors.notFound('Project not found');
    const documentType = input.documentType || 'project';
    if (documentType !== 'project' && documentType !== 'bid')
      throw RpcErrors.invalid('documentType must be project or bid.');
    const ids = [...new Set(input.ids)];
    if (ids.length === 0) throw RpcErrors.invalid('No file was sent: add at least one file.');
    if (!ids.every(isId)) throw RpcErrors.notFound(GONE);
    await this.projects.getProject({ id: projectId });
    return this.dataSource.transaction(async (manager) => {
      const result = (await manager.query(
        `DELETE FROM staged_uploads WHERE id = ANY($1::uuid[]) AND user_id = $2
           AND (project_id IS NULL OR project_id = $3)
         RETURNING id, filename, filetype AS kind, filesize AS size, storage_key AS key, sha256`,
        [ids, userId, projectId],
      )) as unknown[];
      const taken = deletedRows<StoredFile & { size: string }>(result);
      // Something of the batch is gone (swept, discarded) or not this user's: the whole batch is refused.
      if (taken.length !== ids.length) throw RpcErrors.notFound(GONE);
      const byId = new Map(taken.map((row) => [row.id, { ...row, size: Number(row.size) }]));
      const documents: Document[] = [];
      for (const id of ids) {
        const file = byId.get(id)!;
        documents.push(
          await manager.save(manager.create(Document, this.documentRow(userId, projectId, documentType, file))),
        );
        await this.outbox.add(manager, 'document-uploaded', { documentId: id, projectId, userId, filetype: file.kind });
      }
      return documents;
    });
  }

  /** Removes the acting user's staged files and their objects (a batch that failed part way). */
  async discard(userId: string, ids: string[]): Promise<void> {
    const valid = ids.filter(isId);
    if (valid.length === 0) return;
    const rows = (await this.dataSource.query(
      `DELETE FROM staged_uploads WHERE id = ANY($1::uuid[]) AND user_id = $2 RETURNING storage_key AS key`,
      [valid, userId],
    )) as unknown[];
    for (const row of deletedRows<{ key: string }>(rows)) await this.deleteObject(row.key);
  }

  /** Staged files no batch committed (the gateway went away mid-request) are removed after STAGED_TTL_HOURS. */
  async sweepStaged(): Promise<number> {
    const rows = (await this.dataSource.query(
      `DELETE FROM staged_uploads WHERE created_at < now() - make_interval(hours => $1) RETURNING storage_key AS key`,
      [STAGED_TTL_HOURS],
    )) as unknown[];
    const gone = deletedRows<{ key: string }>(rows);
    for (const row of gone) await this.deleteObject(row.key);
    return gone.length;
  }

  /**
   * Aborts this service's multipart uploads that began more than MULTIPART_UPLOAD_MAX_AGE_MS ago (their process
   * was killed mid-upload); answers how many. Off for good where the S3 cannot list multipart uploads.
   */
  async sweepMultipart(): Promise<number> {
    if (!this.multipartListing) return 0;
    const cutoff = new Date(Date.now() - this.config.MULTIPART_UPLOAD_MAX_AGE_MS);
    try {
      const { aborted } = await abortStaleMultipartUploads(
        this.s3,
        this.s3Config.S3_BUCKET,
        UPLOAD_KEY_PREFIXES,
        cutoff,
      );
      if (aborted.length)
        this.logger.log(`aborted ${aborted.length} multipart upload(s) left open: ${aborted.join(', ')}`);
      return aborted.length;
    } catch (error) {
      if (!isNotImplemented(error)) throw error;
      this.multipartListing = false;
      this.logger.log('this S3 cannot list multipart uploads: uploads left open are not swept');
      return 0;
    }
  }

  /**
   * At start (before the service serves, so none of its own uploads is under way), and then every
   * STAGED_UPLOAD_SWEEP_MS: what uploads left behind. Failures are logged, never fatal.
   */
  async onModuleInit() {
    const warn = (what: string) => (error: unknown) => this.logger.warn(`${what} failed: ${String(error)}`);
    await ensureAbortIncompleteRule(this.s3, this.s3Config.S3_BUCKET, UPLOAD_KEY_PREFIXES)
      .then((outcome) => {
        if (outcome === 'set') this.logger.log('set the bucket rule aborting multipart uploads left open');
      })
      .catch(warn('setting the bucket rule aborting multipart uploads left open'));
    await this.sweepMultipart().catch(warn('multipart upload sweep'));
    this.sweeper = setInterval(() => {
      this.sweepStaged().catch(warn('staged upload sweep'));
      this.sweepMultipart().catch(warn('multipart upload sweep'));
    }, this.config.STAGED_UPLOAD_SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  private documentRow(userId: string, projectId: string, documentType: string, file: StoredFile) {
    return {
      id: file.id,
      projectId,
      userId,
      filename: file.filename,
      filetype: file.kind,
      filesize: file.size,
      documentType,
      storageKey: file.key,
      sha256: file.sha256,
      status: 'pending' as const,
    };
  }

  /**
   * Streams one file into S3 (multipart, so memory stays at a few parts
   * whatever the size), hashing it on the way, then checks the type against
   * the first bytes and the wholeness against the last. Whatever fails, the
   * object and any half-written part are removed before the error goes back.
   */
  private async receive(
    userId: string,
    messages: AsyncIterable<UploadDocumentRequest>,
    projectRequired: boolean,
  ): Promise<{ start: { projectId: string | null; documentType: string }; file: StoredFile }> {
    const iterator = messages[Symbol.asyncIterator]();
    const first = await iterator.next();
    const start = first.done ? undefined : first.value.start;
    if (!start) throw RpcErrors.invalid('An upload starts with the project and the file name.');
    const { projectId, filename, documentType, kind } = this.checkStart(start, projectRequired);
    // The project must be the acting user's: projects answers NOT_FOUND otherwise.
    if (projectId) await this.projects.getProject({ id: projectId });

    const id = randomUUID();
    // A file whose project is not known yet is kept under its user until the batch is bound.
    const key = projectId ? `documents/${projectId}/${id}` : `uploads/${userId}/${id}`;
    // Without a paid plan or a trial that has not ended (as billing's events told), files up to 15 MB only.
    const freePlan = await this.entitlements.isFreePlan(userId);
    const limitMb = freePlan ? FREE_PLAN_MAX_MB : MAX_FILE_MB;
    const body = new PassThrough({ highWaterMark: MB });
    const upload = new Upload({
      client: this.s3,
      params: {
        Bucket: this.s3Config.S3_BUCKET,
        Key: key,
        Body: body,
        ContentType: CONTENT_TYPES[extensionOf(filename)],
      },
      partSize: 5 * MB,
      queueSize: 2,
    });
    const uploaded = upload.done();
    uploaded.catch(() => undefined); // awaited below; an abort must not crash the process meanwhile

    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    let stored = false;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const chunk = next.value.chunk;
        if (!chunk?.length) continue;
        size += chunk.length;
        if (size > limitMb * MB) throw this.tooLarge(filename, freePlan);
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        hash.update(bytes);
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, bytes.subarray(0, HEAD_BYTES - head.length)]);
        tail = Buffer.concat([tail, bytes]).subarray(-TAIL_BYTES);
        // A failed S3 write stops reading the body: the failure, not a drain that never comes, ends the wait.
        if (!body.write(bytes)) await Promise.race([once(body, 'drain'), uploaded]);
      }
      body.end();
      await uploaded;
      stored = true;
      if (size === 0) throw RpcErrors.invalid(`${filename} is empty.`);
      const mismatch = typeMismatch(filename, kind, head);
      if (mismatch) throw RpcErrors.invalid(mismatch);
      const broken = await corruption(filename, kind, head, tail, size, (from, to) => this.readRange(key, from, to));
      if (broken) throw RpcErrors.invalid(broken);
    } catch (error) {
      body.destroy();
      await upload.abort().catch(() => undefined);
      if (stored) await this.deleteObject(key);
      // S3 failing the write (5xx, a connection cut mid-body the SDK cannot replay from a stream) is an outage to retry.
      if (!stored && !(error instanceof RpcException)) {
        this.logger.warn(`storing ${filename} failed: ${String(error)}`);
        throw RpcErrors.unavailable(`${filename} could not be stored just now. Please upload it again.`);
      }
      throw error;
    }
    return {
      start: { projectId, documentType },
      file: { id, key, filename, kind, size, sha256: hash.digest('hex') },
    };
  }

  private checkStart(start: UploadStart, projectRequired: boolean) {
    const projectId = start.projectId || null;
    if (projectId === null ? projectRequired : !isId(projectId)) throw RpcErrors.notFound('Project not found');
    const filename = displayName(start.filename ?? '');
    if (!filename) throw RpcErrors.invalid('Every file needs a name.');
    const documentType = start.documentType || 'project';
    if (documentType !== 'project' && documentType !== 'bid')
      throw RpcErrors.invalid('documentType must be project or bid.');
    const kind = kindFromFilename(filename);
    if (!kind)
      throw RpcErrors.invalid(`The file type of ${filename} is not accepted. Upload a ${ACCEPTED_TYPES} file.`);
    return { projectId, filename, documentType, kind };
  }

  private tooLarge(filename: string, freePlan: boolean) {
    if (freePlan)
      return RpcErrors.precondition({
        message: `${filename} is larger than the free plan limit of ${FREE_PLAN_MAX_MB} MB. Upgrade to upload larger files.`,
        code: 'FREE_PLAN_LIMIT_EXCEEDED',
        isPremiumFeature: true,
        maxFreeSize: FREE_PLAN_MAX_MB,
      });
    return RpcErrors.tooMany({
      message: `${filename} is too large: files can be at most ${MAX_FILE_MB} MB.`,
      code: 'PAYLOAD_TOO_LARGE',
    });
  }

  private async readRange(key: string, from: number, to: number): Promise<Buffer> {
    const object = await this.s3.send(
      new GetObjectCommand({ Bucket: this.s3Config.S3_BUCKET, Key: key, Range: `bytes=${from}-${to}` }),
    );
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async deleteObject(key: string): Promise<void> {
    await this.s3
      .send(new DeleteObjectCommand({ Bucket: this.s3Config.S3_BUCKET, Key: key }))
      .catch((error: unknown) => this.logger.warn(`could not delete stored object ${key}: ${String(error)}`));
  }
}
