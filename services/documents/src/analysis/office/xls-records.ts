/**
 * The record layer of an Excel 97–2003 workbook stream (MS-XLS, BIFF8; and
 * BIFF5 of Excel 5/95): records walked with their lengths checked against the
 * stream and no byte walked twice, strings read across
 * CONTINUE records, RK numbers and code pages.
 */
import { TextDecoder } from 'node:util';

export class XlsFormatError extends Error {}

/** Record types: MS-XLS 2.3. */
export const RT = {
  bof: 0x0809,
  eof: 0x000a,
  filePass: 0x002f,
  codePage: 0x0042,
  boundSheet: 0x0085,
  sst: 0x00fc,
  continue: 0x003c,
  labelSst: 0x00fd,
  label: 0x0204,
  richLabel: 0x00d6,
  number: 0x0203,
  rk: 0x027e,
  mulRk: 0x00bd,
  formula: 0x0006,
  string: 0x0207,
  boolErr: 0x0205,
};

/**
 * A forward-only walk over records from `start`, each record's body checked
 * to lie inside the stream and before `limit` (where the next sheet starts),
 * so no byte of a well-formed stream is walked twice.
 */
export class RecordCursor {
  type = -1;
  body = 0;
  length = 0;
  /** Where the next record starts: once the walk is done, where this substream ended. */
  end: number;

  constructor(
    readonly stream: Buffer,
    start: number,
    private readonly limit = stream.length,
  ) {
    this.end = start;
  }

  /** Moves to the next record; false at the end of the stream. */
  advance(): boolean {
    if (this.end + 4 > this.limit) {
      if (this.limit >= this.stream.length) return false;
      throw new XlsFormatError('a sheet runs into the next one');
    }
    const length = this.stream.readUInt16LE(this.end + 2);
    const body = this.end + 4;
    if (body + length > this.limit)
      throw new XlsFormatError(
        this.limit >= this.stream.length
          ? 'a record runs past the end of its stream'
          : 'a sheet runs into the next one',
      );
    this.type = this.stream.readUInt16LE(this.end);
    this.body = body;
    this.length = length;
    this.end = body + length;
    return true;
  }

  bytes(): Buffer {
    return this.stream.subarray(this.body, this.body + this.length);
  }

  /** This record's body and those of the CONTINUE records right after it (a record longer than 8,224 bytes). */
  withContinues(): Buffer[] {
    const segments = [this.bytes()];
    while (this.end + 4 <= this.limit && this.stream.readUInt16LE(this.end) === RT.continue) {
      this.advance();
      segments.push(this.bytes());
    }
    return segments;
  }

  /** Fails a record too short for the fields its kind has. */
  need(length: number): void {
    if (this.length < length)
      throw new XlsFormatError(`a record of type 0x${this.type.toString(16)} is shorter than its fields`);
  }
}

/**
 * Reads through a record and its CONTINUE records as one run of bytes, except
 * for a string's characters: where they cross into a CONTINUE record, its
 * first byte re-states whether the rest are one byte (compressed) or two.
 */
export class ContinuedReader {
  private index = 0;
  private at: number;

  constructor(
    private readonly segments: Buffer[],
    start = 0,
  ) {
    this.at = start;
  }

  /** True while bytes are left; moves past used-up records (call it between strings, never inside one). */
  more(): boolean {
    while (this.at >= this.segments[this.index].length && this.index + 1 < this.segments.length) {
      this.index++;
      this.at = 0;
    }
    return this.at < this.segments[this.index].length;
  }

  private segment(): Buffer {
    while (this.at >= this.segments[this.index].length) {
      if (++this.index >= this.segments.length) throw new XlsFormatError('a string is cut off');
      this.at = 0;
    }
    return this.segments[this.index];
  }

  u8(): number {
    return this.segment()[this.at++];
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  i32(): number {
    return this.u16() | (this.u16() << 16);
  }

  skip(bytes: number): void {
    for (let left = bytes; left > 0;) {
      const segment = this.segment();
      const step = Math.min(left, segment.length - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** `count` bytes as they are (the 8-bit strings of BIFF5). */
  raw(count: number): Buffer {
    const parts: Buffer[] = [];
    for (let left = count; left > 0;) {
      const segment = this.segment();
      const step = Math.min(left, segment.length - this.at);
      parts.push(segment.subarray(this.at, this.at + step));
      this.at += step;
      left -= step;
    }
    return Buffer.concat(parts);
  }

  /** `count` characters, one byte each (Latin-1, "compressed") or UTF-16LE as the flags say. */
  chars(count: number, twoBytes: boolean): string {
    const parts: string[] = [];
    let left = count;
    let wide = twoBytes;
    let segment = this.segments[this.index];
    while (left > 0) {
      const width = wide ? 2 : 1;
      if (segment.length - this.at < width) {
        // Each step takes a character or moves to the next record, so a hostile length ends.
        if (++this.index >= this.segments.length) throw new XlsFormatError('a string is cut off');
        segment = this.segments[this.index];
        if (segment.length === 0) throw new XlsFormatError('a string continues into an empty record');
        wide = (segment[0] & 1) === 1;
        this.at = 1;
        continue;
      }
      const n = Math.min(left, Math.floor((segment.length - this.at) / width));
      parts.push(segment.toString(wide ? 'utf16le' : 'latin1', this.at, this.at + n * width));
      this.at += n * width;
      left -= n;
    }
    return parts.join('');
  }

  /** BIFF8 XLUnicodeString (2-byte length) or ShortXLUnicodeString (1-byte length). */
  unicodeString(shortLength = false): string {
    const count = shortLength ? this.u8() : this.u16();
    return this.chars(count, (this.u8() & 1) === 1);
  }
}

const rkScratch = new DataView(new ArrayBuffer(8));

/** An RK number: 30 bits of either a signed integer or a double's high bits, divided by 100 when flagged. */
export function rkNumber(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    rkScratch.setUint32(0, 0, true);
    rkScratch.setUint32(4, (rk & ~3) >>> 0, true);
    value = rkScratch.getFloat64(0, true);
  }
  return rk & 1 ? value / 100 : value;
}

/** The text shown for a cell error code (BErr). */
export function errorText(code: number): string {
  const texts: Record<number, string> = {
    0x00: '#NULL!',
    0x07: '#DIV/0!',
    0x0f: '#VALUE!',
    0x17: '#REF!',
    0x1d: '#NAME?',
    0x24: '#NUM!',
    0x2a: '#N/A',
    0x2b: '#GETTING_DATA',
  };
  return texts[code] ?? '#ERROR!';
}

/** Windows code pages as the WHATWG encoding labels TextDecoder knows; others by their windows-N name. */
const CODE_PAGES: Record<number, string> = {
  367: 'us-ascii',
  866: 'ibm866',
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  10000: 'macintosh',
  10007: 'x-mac-cyrillic',
  20866: 'koi8-r',
  21866: 'koi8-u',
  32768: 'macintosh',
  32769: 'windows-1252',
};

/** Decodes the 8-bit strings of a BIFF5 workbook (BIFF8 strings are Unicode and ignore it). */
export function codePageDecoder(codePage: number): (bytes: Buffer) => string {
  const label =
    CODE_PAGES[codePage] ??
    (codePage >= 28591 && codePage <= 28606 ? `iso-8859-${codePage - 28590}` : `windows-${codePage}`);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // A code page without a decoder (DOS 437, 850…): Windows-1252 keeps ASCII and most accented letters.
    decoder = new TextDecoder('windows-1252');
  }
  return (bytes) => decoder.decode(bytes);
}
