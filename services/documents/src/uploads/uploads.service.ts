import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DataSource } from 'typeorm';
import { EventOutbox, RpcErrors, S3_CLIENT, S3_CONFIG, type S3Config } from '@kerf/platform';
import type { UploadDocumentRequest, UploadStart } from '@kerf/contracts/generated/kerf/documents';
import type { ProjectsServiceClient } from '@kerf/contracts/generated/kerf/projects';
import type { serviceClient } from '@kerf/platform';
import { FREE_PLAN_MAX_MB, MAX_FILE_MB, MB, PROJECTS } from '../config';
import { Document } from '../documents/document.entity';
import { ACCEPTED_TYPES, CONTENT_TYPES, corruption, extensionOf, kindFromFilename, typeMismatch } from './file-type';

type Projects = ReturnType<typeof serviceClient<ProjectsServiceClient>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/**
 * Streams an upload into S3 (multipart, so memory stays at a few parts
 * whatever the size), hashing it on the way; checks the type against the
 * first bytes and the wholeness against the last; and only then records the
 * document and announces document-uploaded. Whatever fails, nothing is kept:
 * no row, no object, no half-written part.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('Uploads');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
    @Inject(PROJECTS) private readonly projects: Projects,
  ) {}

  async upload(userId: string, messages: AsyncIterable<UploadDocumentRequest>): Promise<Document> {
    const iterator = messages[Symbol.asyncIterator]();
    const first = await iterator.next();
    const start = first.done ? undefined : first.value.start;
    if (!start) throw RpcErrors.invalid('An upload starts with the project and the file name.');
    const { projectId, filename, documentType, kind } = this.checkStart(start);
    // The project must be the acting user's: projects answers NOT_FOUND otherwise.
    await this.projects.getProject({ id: projectId });

    const id = randomUUID();
    const key = `documents/${projectId}/${id}`;
    const limitMb = start.freePlan ? FREE_PLAN_MAX_MB : MAX_FILE_MB;
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
        if (size > limitMb * MB) throw this.tooLarge(filename, !!start.freePlan);
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        hash.update(bytes);
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, bytes.subarray(0, HEAD_BYTES - head.length)]);
        tail = Buffer.concat([tail, bytes]).subarray(-TAIL_BYTES);
        if (!body.write(bytes)) await once(body, 'drain');
      }
      body.end();
      await uploaded;
      stored = true;
      if (size === 0) throw RpcErrors.invalid(`${filename} is empty.`);
      const mismatch = typeMismatch(filename, kind, head);
      if (mismatch) throw RpcErrors.invalid(mismatch);
      const broken = await corruption(filename, kind, head, tail, size, (from, to) => this.readRange(key, from, to));
      if (broken) throw RpcErrors.invalid(broken);

      return await this.dataSource.transaction(async (manager) => {
        const document = await manager.save(
          manager.create(Document, {
            id,
            projectId,
            userId,
            filename,
            filetype: kind,
            filesize: size,
            documentType,
            storageKey: key,
            sha256: hash.digest('hex'),
            status: 'pending',
          }),
        );
        await this.outbox.add(manager, 'document-uploaded', { documentId: id, projectId, userId, filetype: kind });
        return document;
      });
    } catch (error) {
      body.destroy();
      await upload.abort().catch(() => undefined);
      if (stored) await this.deleteObject(key);
      throw error;
    }
  }

  private checkStart(start: UploadStart) {
    const projectId = start.projectId ?? '';
    if (!UUID.test(projectId)) throw RpcErrors.notFound('Project not found');
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
