import { Controller, Get, Headers, Inject, Param, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DOCUMENTS, type Documents } from '../services/service-clients.module';
import { streamedFile } from '../services/streamed-file';
import { SignedInGuard } from '../http/signed-in.guard';

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
  constructor(@Inject(DOCUMENTS) private readonly documents: Documents) {}

  /**
   * A DXF's or DWG's model-space linework for the viewer: `{ units: { feetPerUnit },
   * bounds, layers: [{ name, paths: [[x0, y0, x1, y1, …]] }], truncated? }` in
   * drawing coordinates (y up), `drawingGeometry` of libs/contracts/src/http/documents.ts.
   * Passed through as documents wrote it (up to several MB of JSON, not parsed again here).
   */
  @Get('documents/:id/geometry')
  async geometry(@Param('id') id: string, @Res() reply: FastifyReply) {
    // The first open of a drawing reads the file in a child process (seconds for a large one); later ones are stored.
    const { geometryJson } = await this.documents.getDrawingGeometry({ id }, { deadlineMs: 120_000 });
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

    const { first, bytes } = await streamedFile(
      this.documents.downloadDocumentFile({
        id,
        ...(range ? { start: String(range.start), end: String(range.end) } : {}),
      }),
    );
    const length = range ? range.end - range.start + 1 : size;
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    return reply
      .header('content-type', first?.contentType || 'application/octet-stream')
      .header('content-length', String(length))
      .send(bytes);
  }
}
