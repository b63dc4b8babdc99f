import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { RpcErrors, S3_CLIENT, S3_CONFIG, type S3Config } from '@kerf/platform';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config';
import { drawingGeometryInChildProcess } from '../analysis/analysis-runner';
import type { Document } from './document.entity';
import { DocumentsService } from './documents.service';

/** Past this many vertices the viewer gets the first ones and `truncated: true` (about 8 MB of JSON). */
export const MAX_GEOMETRY_VERTICES = 400_000;
/** The shape of the stored geometry: raised when what the reader produces changes, so older copies are read again. */
export const GEOMETRY_FORMAT = 2;

/**
 * Issue 17: a DXF's or DWG's model-space linework for the sheet viewer, read
 * from the stored file in the analysis's child process (its time and memory
 * limits), with the drawing's scale from the analysis. The linework is kept
 * per analysis revision (drawing_geometries), so a reopen does not read the
 * file again; a re-analysis (a units correction) gives a new revision.
 */
@Injectable()
export class DrawingGeometryService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly dataSource: DataSource,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
  ) {}

  async geometryJson(userId: string, id: string): Promise<string> {
    const { document, json } = await this.documents.analysis(userId, id);
    const kind = document.filetype;
    if (kind !== 'dxf' && kind !== 'dwg') {
      throw RpcErrors.invalid(
        `${document.filename} is a ${kind.toUpperCase()} file: only DXF and DWG drawings have linework to draw here.`,
      );
    }
    const analysis = json ? (JSON.parse(json) as { units?: { feetPerUnit?: number } }) : {};
    const feetPerUnit = analysis.units?.feetPerUnit;
    const units = JSON.stringify({
      feetPerUnit: typeof feetPerUnit === 'number' && feetPerUnit > 0 ? feetPerUnit : null,
    });
    const linework = await this.storedLinework(document.id, document.analysisRevision);
    // The units come from the analysis on every read: the stored linework is in drawing units.
    return `{"units":${units},${(linework ?? (await this.readLinework(document))).slice(1)}`;
  }

  private async storedLinework(documentId: string, revision: number): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT geometry_json FROM drawing_geometries WHERE document_id = $1 AND analysis_revision = $2 AND format = $3`,
      [documentId, revision, GEOMETRY_FORMAT],
    )) as Array<{ geometry_json: string }>;
    return row?.geometry_json ?? null;
  }

  /** Reads the file's linework and keeps it for this revision (a failed read is not kept: it may be a time-out). */
  private async readLinework(document: Document): Promise<string> {
    const kind = document.filetype as 'dxf' | 'dwg';
    const dir = await mkdtemp(join(this.config.ANALYSIS_TMP_DIR || tmpdir(), 'kerf-geometry-'));
    let answer: Awaited<ReturnType<typeof drawingGeometryInChildProcess>>;
    try {
      const path = join(dir, 'document');
      const object = await this.s3.send(
        new GetObjectCommand({ Bucket: this.s3Config.S3_BUCKET, Key: document.storageKey }),
      );
      await pipeline(object.Body as Readable, createWriteStream(path));
      answer = await drawingGeometryInChildProcess(path, kind, {
        timeoutMs: this.config.ANALYSIS_TIMEOUT_MS,
        maxOldSpaceMb: this.config.ANALYSIS_MAX_OLD_SPACE_MB,
        maxVertices: MAX_GEOMETRY_VERTICES,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    if ('error' in answer) throw RpcErrors.invalid(answer.error);
    const linework = JSON.stringify(answer.geometry);
    // The document may have been deleted meanwhile: the insert then keeps nothing.
    await this.dataSource.query(
      `INSERT INTO drawing_geometries (document_id, analysis_revision, format, geometry_json)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM documents WHERE id = $1)
       ON CONFLICT (document_id) DO UPDATE
         SET analysis_revision = EXCLUDED.analysis_revision, format = EXCLUDED.format,
             geometry_json = EXCLUDED.geometry_json, created_at = now()
         WHERE drawing_geometries.analysis_revision <= EXCLUDED.analysis_revision`,
      [document.id, document.analysisRevision, GEOMETRY_FORMAT, linework],
    );
    return linework;
  }
}
