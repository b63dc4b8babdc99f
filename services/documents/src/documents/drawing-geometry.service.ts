import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { RpcErrors, S3_CLIENT, S3_CONFIG, type S3Config } from '@kerf/platform';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config';
import { drawingGeometryInChildProcess } from '../analysis/analysis-runner';
import { DocumentsService } from './documents.service';

/** Past this many vertices the viewer gets the first ones and `truncated: true` (about 8 MB of JSON). */
export const MAX_GEOMETRY_VERTICES = 400_000;

/**
 * Issue 17: a DXF's or DWG's model-space linework for the sheet viewer, read
 * from the stored file in the analysis's child process (its time and memory
 * limits), with the drawing's scale from the analysis.
 */
@Injectable()
export class DrawingGeometryService {
  constructor(
    private readonly documents: DocumentsService,
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
    const analysis = json ? (JSON.parse(json) as { units?: { feetPerUnit?: number } }) : {};
    const feetPerUnit = analysis.units?.feetPerUnit;
    return JSON.stringify({
      units: { feetPerUnit: typeof feetPerUnit === 'number' && feetPerUnit > 0 ? feetPerUnit : null },
      ...answer.geometry,
    });
  }
}
