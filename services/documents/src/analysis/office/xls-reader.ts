/**
 * Excel 97–2003 workbooks (.xls): the `Workbook` stream (BIFF8; `Book` for the
 * BIFF5 of Excel 5/95) of an OLE container, read into the same sheets of rows
 * as XLSX and ODS. Only what a cell shows is read: shared strings, labels,
 * numbers (NUMBER, RK, MULRK), formulas' cached results and booleans or
 * errors; styles, formats, drawings and the formulas themselves are skipped.
 * Bounded against hostile files: see xls-records.ts and MAX_CELLS.
 */
import { DocumentReadError } from '../document-read-error';
import type { Sheet } from './ods-reader';
import { openOleContainer } from './ole-container';
import type { Cell } from './spreadsheet-quantities';
import { ContinuedReader, RT, RecordCursor, XlsFormatError, codePageDecoder, errorText, rkNumber } from './xls-records';

/** Columns past this are dropped, like the ODS reader's; BIFF8 itself stops at 256. A row index is 16-bit (65,536 rows). */
const MAX_COLUMNS = 16_384;
/**
 * Cells kept over the whole workbook, counting the blanks before a cell in
 * its row: a full BIFF8 sheet (65,536 × 256). A cell at column 16,000 of
 * every row would otherwise cost a billion blanks.
 */
export const MAX_CELLS = 65_536 * 256;
const STREAM_NAMES = ['Workbook', 'WORKBOOK', 'workbook', 'Book', 'BOOK', 'book'];
const SAVE_AS_XLSX = 'Open it in Excel or LibreOffice, save it as .xlsx and upload that instead.';
export const XLS_PASSWORD_MESSAGE =
  'The Excel (XLS) workbook is password-protected, so its cells cannot be read. Save a copy without the password and upload that.';
const BOF_GLOBALS = 0x0005;
const BOF_WORKSHEET = 0x0010;
const BIFF8 = 0x0600;
/** The BOF record types of BIFF2, 3 and 4 (Excel 2.x to 4.0). */
const OLDER_BOFS = new Set([0x0009, 0x0209, 0x0409]);

const corrupt = (detail: string) =>
  new DocumentReadError(`The Excel (XLS) workbook is corrupt or truncated (${detail}). ${SAVE_AS_XLSX}`);

export function readXlsSheets(bytes: Buffer): Sheet[] {
  let stream: Buffer | undefined;
  let encryptedPackage: boolean;
  try {
    const container = openOleContainer(bytes);
    for (const name of STREAM_NAMES) if ((stream = container.read(name))) break;
    // A password-protected .xlsx is an OLE container holding the encrypted ZIP.
    encryptedPackage = container.has('EncryptedPackage');
  } catch (error) {
    throw corrupt(error instanceof Error ? error.message : String(error));
  }
  if (!stream && encryptedPackage) throw new DocumentReadError(XLS_PASSWORD_MESSAGE);
  if (!stream)
    throw new DocumentReadError(
      'The file named .xls is not an Excel workbook: it holds no workbook (it may be another Office file renamed). Upload the Excel file itself.',
    );
  try {
    return readWorkbookStream(stream);
  } catch (error) {
    if (error instanceof XlsFormatError) throw corrupt(error.message);
    throw error;
  }
}

interface BoundSheet {
  name: string;
  position: number;
  type: number;
}

interface Globals {
  biff8: boolean;
  sheets: BoundSheet[];
  sharedStrings: string[];
  decode: (bytes: Buffer) => string;
}

function readWorkbookStream(stream: Buffer): Sheet[] {
  const globalsCursor = new RecordCursor(stream, 0);
  const globals = readGlobals(globalsCursor);
  const cells = { left: MAX_CELLS };
  // Walked in the order they lie in the stream, each up to where the next starts: sheets that
  // overlap fail instead of being read twice, so the work stays linear in the file's size.
  const worksheets = globals.sheets.filter((s) => s.type === 0); // not macro sheets, charts, VBA modules
  const inStreamOrder = [...worksheets].sort((a, b) => a.position - b.position);
  const rows = new Map<BoundSheet, Cell[][]>();
  let walkedTo = globalsCursor.end;
  inStreamOrder.forEach((sheet, index) => {
    const next = inStreamOrder[index + 1]?.position ?? stream.length;
    if (next === sheet.position) throw new XlsFormatError('two sheets say they start at one place');
    if (sheet.position < walkedTo && sheet.position < stream.length)
      throw new XlsFormatError('its sheets overlap one another');
    const cursor = new RecordCursor(stream, sheet.position, Math.min(next, stream.length));
    const read = readSheet(cursor, sheet.name, globals, cells);
    if (read) rows.set(sheet, read);
    walkedTo = cursor.end;
  });
  return worksheets.filter((s) => rows.has(s)).map((s) => ({ name: s.name, rows: rows.get(s)! }));
}

function readGlobals(cursor: RecordCursor): Globals {
  if (!cursor.advance()) throw new XlsFormatError('its workbook stream is empty');
  if (OLDER_BOFS.has(cursor.type))
    throw new DocumentReadError(
      `The workbook is in the format of Excel 4.0 or older, which Kerf does not read. ${SAVE_AS_XLSX}`,
    );
  if (cursor.type !== RT.bof) throw new XlsFormatError('its workbook stream does not begin with a BOF record');
  cursor.need(4);
  const { stream } = cursor;
  const version = stream.readUInt16LE(cursor.body);
  if (stream.readUInt16LE(cursor.body + 2) !== BOF_GLOBALS)
    throw new XlsFormatError('its workbook stream does not begin with the workbook globals');
  // BIFF5 writes version 0x0500 in an 8-byte BOF; BIFF8's is 16 bytes (some writers leave the version 0).
  const globals: Globals = {
    biff8: version === BIFF8 || (version !== 0x0500 && cursor.length >= 16),
    sheets: [],
    sharedStrings: [],
    decode: codePageDecoder(1252),
  };
  while (cursor.advance()) {
    switch (cursor.type) {
      case RT.eof:
        return globals;
      case RT.filePass:
        throw new DocumentReadError(XLS_PASSWORD_MESSAGE);
      case RT.codePage:
        cursor.need(2);
        globals.decode = codePageDecoder(stream.readUInt16LE(cursor.body));
        break;
      case RT.boundSheet: {
        cursor.need(7);
        const reader = new ContinuedReader([cursor.bytes()], 6);
        globals.sheets.push({
          position: stream.readUInt32LE(cursor.body),
          type: stream[cursor.body + 5],
          name: text(reader, globals, true),
        });
        break;
      }
      case RT.sst:
        if (globals.biff8) globals.sharedStrings = readSharedStrings(cursor.withContinues());
        break;
    }
  }
  throw new XlsFormatError('its workbook globals end without an EOF record');
}

/** A string as the version writes it: BIFF8 Unicode with its flags, BIFF5 bytes in the workbook's code page. */
function text(reader: ContinuedReader, globals: Globals, shortLength = false): string {
  if (globals.biff8) return reader.unicodeString(shortLength);
  return globals.decode(reader.raw(shortLength ? reader.u8() : reader.u16()));
}

/**
 * The shared strings table (SST and its CONTINUE records). Each string is
 * its length, flags, then the rich-text run count and phonetic block size
 * when flagged, its characters, then the runs and phonetic data (skipped).
 * A string is at most 65,535 characters (its 16-bit length), and every one
 * must be in the file, so the table is never larger than the stream.
 */
function readSharedStrings(segments: Buffer[]): string[] {
  if (segments[0].length < 8) throw new XlsFormatError('its shared strings table is cut off');
  const unique = segments[0].readUInt32LE(4);
  if (unique > MAX_CELLS) throw new XlsFormatError(`it declares ${unique} shared strings`);
  const reader = new ContinuedReader(segments, 8);
  const strings: string[] = [];
  // A table that says more strings than it holds is read to its end; a cell referring past it fails.
  while (strings.length < unique && reader.more()) {
    const length = reader.u16();
    const flags = reader.u8();
    const runs = flags & 0x08 ? reader.u16() : 0;
    const phonetic = flags & 0x04 ? reader.i32() : 0;
    if (phonetic < 0) throw new XlsFormatError('a shared string has a negative phonetic block');
    strings.push(reader.chars(length, (flags & 0x01) === 1));
    reader.skip(runs * 4 + phonetic);
  }
  return strings;
}

/** A worksheet's rows from row 1 (blank rows as empty arrays); undefined for a sheet that is not a worksheet. */
function readSheet(
  cursor: RecordCursor,
  name: string,
  globals: Globals,
  cells: { left: number },
): Cell[][] | undefined {
  const { stream } = cursor;
  if (!cursor.advance() || cursor.type !== RT.bof)
    throw new XlsFormatError(`sheet “${name}” does not start where the workbook says`);
  cursor.need(4);
  if (stream.readUInt16LE(cursor.body + 2) !== BOF_WORKSHEET) return undefined;

  const rows: Cell[][] = [];
  const set = (row: number, column: number, value: Cell) => {
    if (column >= MAX_COLUMNS || value === '') return;
    let line = rows[row];
    if (!line) rows[row] = line = [];
    if (column < line.length) {
      line[column] = value;
      return;
    }
    cells.left -= column + 1 - line.length;
    if (cells.left < 0)
      throw new DocumentReadError(
        `The workbook holds more than ${MAX_CELLS.toLocaleString('en-US')} cells, too many to read: split it into smaller files.`,
      );
    while (line.length < column) line.push('');
    line.push(value);
  };
  const row = () => stream.readUInt16LE(cursor.body);
  const column = () => stream.readUInt16LE(cursor.body + 2);

  let depth = 1; // an embedded chart is a BOF…EOF substream inside the sheet's
  let pendingString: { row: number; column: number } | undefined;
  while (depth > 0) {
    if (!cursor.advance()) throw new XlsFormatError(`sheet “${name}” ends without its EOF record`);
    const { type, body } = cursor;
    if (type === RT.bof) depth++;
    else if (type === RT.eof) depth--;
    if (depth !== 1 || type === RT.eof) continue;
    switch (type) {
      case RT.number:
        cursor.need(14);
        set(row(), column(), stream.readDoubleLE(body + 6));
        break;
      case RT.rk:
        cursor.need(10);
        set(row(), column(), rkNumber(stream.readInt32LE(body + 6)));
        break;
      case RT.mulRk: {
        cursor.need(6);
        const first = column();
        const count = Math.floor((cursor.length - 6) / 6);
        for (let i = 0; i < count; i++) set(row(), first + i, rkNumber(stream.readInt32LE(body + 6 + i * 6)));
        break;
      }
      case RT.labelSst: {
        cursor.need(10);
        const index = stream.readUInt32LE(body + 6);
        const shared = globals.sharedStrings[index];
        if (shared === undefined)
          throw new XlsFormatError(`a cell refers to shared string ${index + 1} of ${globals.sharedStrings.length}`);
        set(row(), column(), shared);
        break;
      }
      case RT.label:
      case RT.richLabel: {
        cursor.need(8);
        const [r, c] = [row(), column()]; // before withContinues() moves the cursor on
        set(r, c, text(new ContinuedReader(cursor.withContinues(), 6), globals));
        break;
      }
      case RT.boolErr:
        cursor.need(8);
        set(row(), column(), stream[body + 7] ? errorText(stream[body + 6]) : stream[body + 6] !== 0);
        break;
      case RT.formula: {
        cursor.need(16);
        pendingString = undefined;
        // FormulaValue: a double, unless its top two bytes are 0xFFFF; then byte 0 says what it holds.
        if (stream.readUInt16LE(body + 12) !== 0xffff) set(row(), column(), stream.readDoubleLE(body + 6));
        else if (stream[body + 6] === 0) pendingString = { row: row(), column: column() };
        else if (stream[body + 6] === 1) set(row(), column(), stream[body + 8] !== 0);
        else if (stream[body + 6] === 2) set(row(), column(), errorText(stream[body + 8]));
        break;
      }
      case RT.string:
        // A formula's text result, in the STRING record after it (past any SHRFMLA or ARRAY record).
        if (pendingString) {
          const { row: r, column: c } = pendingString;
          pendingString = undefined;
          set(r, c, text(new ContinuedReader(cursor.withContinues()), globals));
        }
        break;
    }
  }
  for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  return rows;
}
