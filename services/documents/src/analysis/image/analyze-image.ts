/** Images: format and pixel size from the file header (text recognition comes later). */
import type { DocumentAnalysis, DocumentInput } from '../analysis.types';
import { inputChunks } from '../document-input';
import { DocumentReadError } from '../document-read-error';

/** Enough of the file to reach a JPEG's frame header in practice (EXIF thumbnails come first). */
const HEADER_BYTES = 512 * 1024;

export async function analyzeImage(input: DocumentInput): Promise<DocumentAnalysis> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of inputChunks(input)) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= HEADER_BYTES) break;
  }
  const head = Buffer.concat(chunks);
  const size = pngSize(head) ?? jpegSize(head);
  if (!size) throw new DocumentReadError('The image is not a readable PNG or JPEG (it may be corrupt or truncated).');
  return {
    status: 'analyzed',
    kind: 'image',
    image: size,
    warnings: ['Text in images is not read yet; only the image size is known.'],
    quantities: [],
  };
}

function pngSize(b: Buffer): { width: number; height: number; format: string } | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), format: 'png' };
}

function jpegSize(b: Buffer): { width: number; height: number; format: string } | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1];
    const segmentLength = b.readUInt16BE(offset + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7), format: 'jpeg' };
    }
    offset += 2 + segmentLength;
  }
  return undefined;
}
