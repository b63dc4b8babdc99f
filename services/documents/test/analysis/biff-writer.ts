/**
 * Hand-built Excel 97–2003 workbook streams (BIFF8, or BIFF5 with `version`
 * 0x0500), for the cases no office program writes on request: a string split
 * across CONTINUE records with chosen bytes, phonetic blocks, encryption, and
 * hostile lengths and positions. Real files written by LibreOffice are in
 * test/fixtures; wrap a stream with oleContainer({ Workbook: stream }).
 */
import { RT } from '../../src/analysis/office/xls-records';

/** The record types the reader knows (MS-XLS 2.3); the real LibreOffice files check them independently. */
export const RECORD = RT;

export function record(type: number, body: Buffer | number[]): Buffer {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const cellHead = (row: number, column: number) => Buffer.concat([u16(row), u16(column), u16(15)]);

export function bof(type: number, version = 0x0600): Buffer {
  const body = Buffer.alloc(version === 0x0600 ? 16 : 8);
  body.writeUInt16LE(version, 0);
  body.writeUInt16LE(type, 2);
  return record(RECORD.bof, body);
}

/** A BIFF8 XLUnicodeString: 16-bit length, flags, characters one byte each unless `wide`. */
export function unicodeString(text: string, wide = [...text].some((c) => c.charCodeAt(0) > 0xff)): Buffer {
  return Buffer.concat([u16(text.length), Buffer.from([wide ? 1 : 0]), Buffer.from(text, wide ? 'utf16le' : 'latin1')]);
}

export const numberCell = (row: number, column: number, value: number) => {
  const v = Buffer.alloc(8);
  v.writeDoubleLE(value);
  return record(RECORD.number, Buffer.concat([cellHead(row, column), v]));
};
export const rkCell = (row: number, column: number, rk: number) =>
  record(RECORD.rk, Buffer.concat([cellHead(row, column), u32(rk)]));
export const mulRkCell = (row: number, first: number, rks: number[]) =>
  record(
    RECORD.mulRk,
    Buffer.concat([
      u16(row),
      u16(first),
      ...rks.map((rk) => Buffer.concat([u16(15), u32(rk)])),
      u16(first + rks.length - 1),
    ]),
  );
export const labelSstCell = (row: number, column: number, index: number) =>
  record(RECORD.labelSst, Buffer.concat([cellHead(row, column), u32(index)]));
export const labelCell = (row: number, column: number, text: string) =>
  record(RECORD.label, Buffer.concat([cellHead(row, column), unicodeString(text)]));
export const boolErrCell = (row: number, column: number, value: number, isError: boolean) =>
  record(RECORD.boolErr, Buffer.concat([cellHead(row, column), Buffer.from([value, isError ? 1 : 0])]));

/** A FORMULA record with a cached result: a number, or [kind, byte] for string (0), boolean (1), error (2), empty (3). */
export function formulaCell(row: number, column: number, result: number | [number, number]): Buffer {
  const value = Buffer.alloc(8);
  if (typeof result === 'number') value.writeDoubleLE(result);
  else {
    value[0] = result[0];
    value[2] = result[1];
    value.writeUInt16LE(0xffff, 6);
  }
  // grbit, chn, then a formula of one token: ptgInt 1 (never evaluated by the reader).
  return record(
    RECORD.formula,
    Buffer.concat([cellHead(row, column), value, u16(0), u32(0), u16(3), Buffer.from([0x1e, 1, 0])]),
  );
}

export interface BiffSheet {
  name: string;
  records: Buffer[];
  /** Where the BOUNDSHEET says the sheet starts, when a test wants it to lie. */
  position?: (actual: number) => number;
}

/**
 * A workbook stream: globals (BOF, `globals` records, a BOUNDSHEET per sheet,
 * EOF), then each sheet (BOF, its records, EOF) at the position its
 * BOUNDSHEET gives.
 */
export function biffStream(globals: Buffer[], sheets: BiffSheet[], version = 0x0600): Buffer {
  const nameBytes = (name: string) =>
    version === 0x0600
      ? Buffer.concat([Buffer.from([name.length, 1]), Buffer.from(name, 'utf16le')])
      : Buffer.concat([Buffer.from([Buffer.byteLength(name, 'latin1')]), Buffer.from(name, 'latin1')]);
  const boundSheet = (name: string, position: number) =>
    record(RECORD.boundSheet, Buffer.concat([u32(position), Buffer.from([0, 0]), nameBytes(name)]));
  const head = [bof(0x0005, version), ...globals];
  const globalsLength =
    head.reduce((n, r) => n + r.length, 0) + sheets.reduce((n, s) => n + boundSheet(s.name, 0).length, 0) + 4;
  const bodies = sheets.map((s) => Buffer.concat([bof(0x0010, version), ...s.records, record(RECORD.eof, [])]));
  let at = globalsLength;
  const bound = sheets.map((sheet, i) => {
    const position = at;
    at += bodies[i].length;
    return boundSheet(sheet.name, sheet.position ? sheet.position(position) : position);
  });
  return Buffer.concat([...head, ...bound, record(RECORD.eof, []), ...bodies]);
}

/** An RK number holding a signed 30-bit integer, divided by 100 when `times100`. */
export const rkInteger = (n: number, times100 = false) => ((n << 2) | 2 | (times100 ? 1 : 0)) >>> 0;
/** An RK number holding a double's high 30 bits (its low 34 bits must be zero). */
export function rkDouble(value: number, times100 = false): number {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(value);
  if (b.readUInt32LE(0) !== 0 || b.readUInt32LE(4) & 3) throw new Error(`${value} is not an RK double`);
  return (b.readUInt32LE(4) | (times100 ? 1 : 0)) >>> 0;
}
