/** Reading an analysis input (a path, bytes or a stream) in bounded chunks. */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { DocumentInput } from './analysis.types';

const CHUNK_BYTES = 1 << 20;

export function inputStream(input: DocumentInput): NodeJS.ReadableStream {
  if (typeof input === 'string') return createReadStream(input, { highWaterMark: CHUNK_BYTES });
  if (input instanceof Uint8Array) {
    const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    return Readable.from([bytes]);
  }
  return input;
}

export async function* inputChunks(input: DocumentInput): AsyncGenerator<Buffer> {
  for await (const chunk of inputStream(input)) {
    yield typeof chunk === 'string'
      ? Buffer.from(chunk)
      : Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as Uint8Array);
  }
}

/** The whole input as one buffer, for formats whose readers need random access (PDF, ZIP, OLE). */
export async function inputBytes(input: DocumentInput, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  if (input instanceof Uint8Array) return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of inputChunks(input)) {
    total += chunk.length;
    if (total > maxBytes) throw new InputTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

export class InputTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than the ${Math.round(maxBytes / 1048576)} MB this kind of document can be analysed at`);
  }
}
