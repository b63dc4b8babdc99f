import { Transform, pipeline } from 'node:stream';
import { Controller, Get, Headers, Inject, Param, Res, UseGuards } from '@nestjs/common';
import type { ClientReadableStream, Metadata } from '@grpc/grpc-js';
import type { FastifyReply } from 'fastify';
import type { DocumentFileChunk, DocumentFileRequest } from '@kerf/contracts/generated/kerf/documents';
import { callMetadata } from '@kerf/platform/edge';
import { DOCUMENTS, DOCUMENTS_RAW, type Documents } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';

/** The documents service's grpc-js client, as far as the file download uses it. */
interface RawFileClient {
  downloadDocumentFile(request: DocumentFileRequest, metadata: Metadata): ClientReadableStream<DocumentFileChunk>;
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * A `Range` header against a file of `size` bytes: one range (`bytes=a-b`,
 * `bytes=a-`, `bytes=-n`), 'unsatisfiable' when it lies past the end, null to
 * send the whole file (no header, or one this route does not serve: several
 * ranges or another unit, which RFC 9110 lets a server ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (match[2] && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Issue 17: the original file of a document, for the viewer (pdf.js loads a
 * large PDF's pages on demand with range requests). It streams from S3 through
 * documents' server stream and this reply with backpressure all the way, never
 * held whole in memory; another user's document is a 404.
 */
@Controller('api')
@UseGuards(SignedInGuard)
export class DocumentFileController {
  constructor(
    @Inject(DOCUMENTS) private readonly documents: Documents,
    @Inject(DOCUMENTS_RAW) private readonly raw: RawFileClient,
  ) {}

  /**
   * A DXF's or DWG's model-space linework for the viewer: `{ units: { feetPerUnit },
   * bounds, layers: [{ name, paths: [[x0, y0, x1, y1, …]] }], truncated? }` in
   * drawing coordinates (y up). Passed through as documents wrote it (up to
   * several MB of JSON, not parsed again here).
   */
  @Get('documents/:id/geometry')
  async geometry(@Param('id') id: string, @Res() reply: FastifyReply) {
    const { geometryJson } = await this.documents.getDrawingGeometry({ id });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(geometryJson);
  }

  @Get('documents/:id/file')
  async file(@Param('id') id: string, @Headers('range') rangeHeader: string | undefined, @Res() reply: FastifyReply) {
    const document = await this.documents.getDocument({ id });
    const size = Number(document.filesize);
    const range = parseRange(rangeHeader, size);
    reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-cache')
      .header('etag', `"${document.sha256}"`)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(document.filename)}`);
    if (range === 'unsatisfiable')
      return reply
        .status(416)
        .header('content-range', `bytes */${size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ message: `The range ${rangeHeader} is past the end of ${document.filename} (${size} bytes).` });

    const call = this.raw.downloadDocumentFile(
      { id, ...(range ? { start: String(range.start), end: String(range.end) } : {}) },
      callMetadata({}),
    );
    // The first chunk (with the content type) before any header goes out: a failure is still a JSON error.
    const first = await new Promise<DocumentFileChunk | null>((resolve, reject) => {
      const onData = (chunk: DocumentFileChunk) => {
        cleanup();
        call.pause();
        resolve(chunk);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const cleanup = () => {
        call.off('data', onData);
        call.off('error', onError);
        call.off('end', onEnd);
      };
      call.on('data', onData);
      call.on('error', onError);
      call.on('end', onEnd);
    });
    const length = range ? range.end - range.start + 1 : size;
    const bytes = new Transform({
      writableObjectMode: true,
      transform(chunk: DocumentFileChunk, _encoding, done) {
        done(null, Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength));
      },
    });
    if (first) bytes.write(first);
    // A browser that goes away cancels the call, and S3's read with it.
    pipeline(call, bytes, (error) => {
      if (error) call.cancel();
    });
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    return reply
      .header('content-type', first?.contentType || 'application/octet-stream')
      .header('content-length', String(length))
      .send(bytes);
  }
}
