/**
 * Splits a DXF file into its group-code / value pairs, chunk by chunk, so a
 * large drawing never has to be held whole. Text DXF alternates a line with an
 * integer group code and a line with its value; binary DXF (rare) is read from
 * the whole buffer.
 */

export type PairHandler = (code: number, value: string) => void;

/** A DXF that cannot be read; the message is shown to the person who uploaded it. */
export class DxfFormatError extends Error {
  override readonly name = 'DxfFormatError';
}

const BINARY_SENTINEL = 'AutoCAD Binary DXF\r\n\x1a\x00';

export function isBinaryDxf(head: Buffer): boolean {
  return (
    head.length >= BINARY_SENTINEL.length && head.toString('latin1', 0, BINARY_SENTINEL.length) === BINARY_SENTINEL
  );
}

/**
 * Text DXF. Bytes are decoded as latin1 (one char per byte) so a chunk boundary
 * can never split a character; string values that matter are re-decoded with
 * the drawing's real code page later (see `decodeDxfString`).
 */
export class DxfTextTokenizer {
  private carry = '';
  private pendingCode: number | undefined;
  private lineNumber = 0;
  private separator: '\n' | '\r' | undefined;

  constructor(private readonly onPair: PairHandler) {}

  write(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    // Old Mac files end lines with a lone CR; everything else with LF or CRLF.
    this.separator ??= text.includes('\n') ? '\n' : text.includes('\r') ? '\r' : undefined;
    if (!this.separator) {
      this.carry = text;
      return;
    }
    const separator = this.separator;
    let start = 0;
    for (;;) {
      const end = text.indexOf(separator, start);
      if (end < 0) break;
      const lineEnd = separator === '\n' && end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      this.line(text.slice(start, lineEnd));
      start = end + 1;
    }
    this.carry = text.slice(start);
    if (this.carry.length > 1_000_000) {
      throw new DxfFormatError('it has a line longer than a million characters, which is not DXF');
    }
  }

  end(): void {
    if (this.carry.length > 0) {
      this.line(this.carry.endsWith('\r') ? this.carry.slice(0, -1) : this.carry);
      this.carry = '';
    }
    if (this.pendingCode !== undefined) {
      throw new DxfFormatError(
        `it ends after group code ${this.pendingCode} on line ${this.lineNumber}, without its value`,
      );
    }
  }

  private line(text: string): void {
    this.lineNumber++;
    if (this.pendingCode === undefined) {
      const code = Number(text);
      if (text.trim() === '' || !Number.isInteger(code)) {
        // A trailing blank line after EOF is harmless; anything else is not DXF.
        if (text.trim() === '') return;
        throw new DxfFormatError(`line ${this.lineNumber} should hold a group code but reads "${text.slice(0, 40)}"`);
      }
      this.pendingCode = code;
    } else {
      const code = this.pendingCode;
      this.pendingCode = undefined;
      this.onPair(code, text);
    }
  }
}

type BinaryValueKind = 'string' | 'double' | 'int16' | 'int32' | 'int64' | 'bool' | 'bytes';

/** Value type by group code (DXF reference, "Group Code Value Types"). */
function binaryValueKind(code: number): BinaryValueKind {
  if (code <= 9 || code === 100 || code === 102 || code === 105 || code === 999) return 'string';
  if (code <= 59) return 'double';
  if (code <= 79) return 'int16';
  if (code <= 99) return 'int32';
  if (code <= 109) return 'string';
  if (code <= 149) return 'double';
  if (code >= 160 && code <= 169) return 'int64';
  if (code >= 170 && code <= 179) return 'int16';
  if (code >= 210 && code <= 239) return 'double';
  if (code >= 270 && code <= 289) return 'int16';
  if (code >= 290 && code <= 299) return 'bool';
  if (code >= 300 && code <= 309) return 'string';
  if (code >= 310 && code <= 319) return 'bytes';
  if (code >= 320 && code <= 369) return 'string';
  if (code >= 370 && code <= 389) return 'int16';
  if (code >= 390 && code <= 399) return 'string';
  if (code >= 400 && code <= 409) return 'int16';
  if (code >= 410 && code <= 419) return 'string';
  if (code >= 420 && code <= 429) return 'int32';
  if (code >= 430 && code <= 439) return 'string';
  if (code >= 440 && code <= 459) return 'int32';
  if (code >= 460 && code <= 469) return 'double';
  if (code >= 470 && code <= 481) return 'string';
  if (code === 1004) return 'bytes';
  if (code >= 1000 && code <= 1009) return 'string';
  if (code >= 1010 && code <= 1059) return 'double';
  if (code >= 1060 && code <= 1070) return 'int16';
  if (code === 1071) return 'int32';
  return 'string';
}

/** Binary DXF: little-endian values after the sentinel; R12 files use one-byte group codes. */
export function tokenizeBinaryDxf(data: Buffer, onPair: PairHandler): void {
  let offset = BINARY_SENTINEL.length;
  // The first pair is always 0/SECTION: a two-byte code 0 is followed by another zero byte.
  const twoByteCodes = data[offset] === 0 && data[offset + 1] === 0;
  const need = (bytes: number) => {
    if (offset + bytes > data.length) throw new DxfFormatError('the binary data stops in the middle of a value');
  };
  while (offset < data.length) {
    let code: number;
    if (twoByteCodes) {
      need(2);
      code = data.readUInt16LE(offset);
      offset += 2;
    } else {
      need(1);
      code = data[offset++];
      if (code === 255) {
        need(2);
        code = data.readUInt16LE(offset);
        offset += 2;
      }
    }
    let value: string;
    switch (binaryValueKind(code)) {
      case 'string': {
        const end = data.indexOf(0, offset);
        if (end < 0) throw new DxfFormatError('the binary data stops in the middle of a text value');
        value = data.toString('latin1', offset, end);
        offset = end + 1;
        break;
      }
      case 'double':
        need(8);
        value = String(data.readDoubleLE(offset));
        offset += 8;
        break;
      case 'int16':
        need(2);
        value = String(data.readInt16LE(offset));
        offset += 2;
        break;
      case 'int32':
        need(4);
        value = String(data.readInt32LE(offset));
        offset += 4;
        break;
      case 'int64':
        need(8);
        value = String(data.readBigInt64LE(offset));
        offset += 8;
        break;
      case 'bool':
        need(1);
        value = String(data[offset]);
        offset += 1;
        break;
      case 'bytes': {
        need(1);
        const length = data[offset];
        need(1 + length);
        value = data.toString('hex', offset + 1, offset + 1 + length);
        offset += 1 + length;
        break;
      }
    }
    onPair(code, value);
    if (code === 0 && value === 'EOF') return;
  }
}
