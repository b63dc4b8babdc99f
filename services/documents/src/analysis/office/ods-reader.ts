/**
 * OpenDocument spreadsheets (.ods): a ZIP holding content.xml, whose
 * table:table elements are the sheets. Read with a streaming XML parser
 * (saxes: no DTD processing, an unknown entity is an error, so nothing
 * expands), cells and rows repeated by `number-*-repeated` kept bounded: a
 * trailing run of a million empty rows costs nothing.
 */
import { unzipSync } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DocumentReadError } from '../document-read-error';
import type { Cell } from './spreadsheet-quantities';

/** content.xml unpacked: beyond this the sheet is too large to read in one pass. */
const MAX_CONTENT_BYTES = 400 * 1024 * 1024;
/** Excel's and LibreOffice's own limits. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;
const MAX_SPACES = 1_000;
/**
 * Cells kept in all (a full XLS sheet's worth, as the XLS reader): each distinct row holds its own cells,
 * so many rows with a cell repeated across all columns would otherwise fill memory.
 */
const MAX_CELLS = 65_536 * 256;
const TOO_MANY_CELLS = 'The OpenDocument spreadsheet holds too many cells to read: split it into smaller files.';
const CHUNK_CHARS = 1 << 20;
const NUMERIC = new Set(['float', 'percentage', 'currency']);
const EMPTY_ROW: Cell[] = Object.freeze([]) as unknown as Cell[];

export interface Sheet {
  name: string;
  rows: Cell[][];
}

const count = (value: string | undefined, max: number) => {
  const n = value === undefined ? 1 : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : 1;
};

export function readOdsSheets(bytes: Buffer): Sheet[] {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
    throw new DocumentReadError('The file is not an OpenDocument spreadsheet (it is not a ZIP package).');
  let content: Uint8Array | undefined;
  try {
    const files = unzipSync(new Uint8Array(bytes), {
      filter: (file) => {
        if (file.name !== 'content.xml') return false;
        if (file.originalSize > MAX_CONTENT_BYTES)
          throw new DocumentReadError(
            'The OpenDocument spreadsheet is too large to read: split it into smaller files.',
          );
        return true;
      },
    });
    content = files['content.xml'];
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The OpenDocument spreadsheet is corrupt or truncated: ${detail}.`);
  }
  if (!content) throw new DocumentReadError('The file is not an OpenDocument spreadsheet: it has no content.xml.');
  return parseContent(content);
}

function parseContent(content: Uint8Array): Sheet[] {
  const sheets: Sheet[] = [];
  let sheet: Sheet | undefined;
  let blankRows = 0;
  let row: Cell[] | undefined;
  let rowRepeat = 1;
  let emptyCells = 0;
  let cellsKept = 0;
  let cell: { repeat: number; type: string; value?: string; paragraphs: string[] } | undefined;
  let paragraph: string | undefined;
  let annotationDepth = 0;

  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const attribute = (name: string) => {
      const value = tag.attributes[name];
      return typeof value === 'string' ? value : undefined;
    };
    switch (tag.name) {
      case 'table:table':
        sheet = { name: attribute('table:name') ?? `Sheet ${sheets.length + 1}`, rows: [] };
        blankRows = 0;
        return;
      case 'table:table-row':
        if (!sheet) return;
        row = [];
        emptyCells = 0;
        rowRepeat = count(attribute('table:number-rows-repeated'), MAX_ROWS);
        return;
      case 'table:table-cell':
      case 'table:covered-table-cell':
        if (!row) return;
        cell = {
          repeat: count(attribute('table:number-columns-repeated'), MAX_COLUMNS),
          type: attribute('office:value-type') ?? 'string',
          value: attribute('office:value') ?? attribute('office:boolean-value'),
          paragraphs: [],
        };
        return;
      case 'office:annotation':
        annotationDepth++;
        return;
    }
    if (!cell || annotationDepth > 0) return;
    if (tag.name === 'text:p' || tag.name === 'text:h') paragraph = '';
    else if (paragraph === undefined) return;
    else if (tag.name === 'text:s') paragraph += ' '.repeat(count(attribute('text:c'), MAX_SPACES));
    else if (tag.name === 'text:tab') paragraph += '\t';
    else if (tag.name === 'text:line-break') paragraph += '\n';
  });
  parser.on('text', (text) => {
    if (cell && paragraph !== undefined && annotationDepth === 0) paragraph += text;
  });
  parser.on('closetag', (tag) => {
    switch (tag.name) {
      case 'office:annotation':
        annotationDepth = Math.max(0, annotationDepth - 1);
        return;
      case 'text:p':
      case 'text:h':
        if (cell && paragraph !== undefined && annotationDepth === 0) cell.paragraphs.push(paragraph);
        paragraph = undefined;
        return;
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (!row || !cell) return;
        const value = cellValue(cell.type, cell.value, cell.paragraphs);
        if (value === '') emptyCells += cell.repeat;
        else {
          const before = row.length;
          for (; emptyCells > 0 && row.length < MAX_COLUMNS; emptyCells--) row.push('');
          emptyCells = 0;
          for (let i = 0; i < cell.repeat && row.length < MAX_COLUMNS; i++) row.push(value);
          cellsKept += row.length - before;
          if (cellsKept > MAX_CELLS) throw new DocumentReadError(TOO_MANY_CELLS);
        }
        cell = undefined;
        return;
      }
      case 'table:table-row':
        if (!sheet || !row) return;
        if (row.length === 0) blankRows += rowRepeat;
        else {
          for (; blankRows > 0 && sheet.rows.length < MAX_ROWS; blankRows--) sheet.rows.push(EMPTY_ROW);
          blankRows = 0;
          for (let i = 0; i < rowRepeat && sheet.rows.length < MAX_ROWS; i++) sheet.rows.push(row);
        }
        row = undefined;
        return;
      case 'table:table':
        if (sheet) sheets.push(sheet);
        sheet = undefined;
        return;
    }
  });

  try {
    const decoder = new TextDecoder('utf-8');
    for (let at = 0; at < content.length; at += CHUNK_CHARS)
      parser.write(decoder.decode(content.subarray(at, at + CHUNK_CHARS), { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The OpenDocument spreadsheet is corrupt or truncated: ${detail}.`);
  }
  return sheets;
}

function cellValue(type: string, value: string | undefined, paragraphs: string[]): Cell {
  if (NUMERIC.has(type) && value !== undefined) {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  if (type === 'boolean' && value !== undefined) return value === 'true';
  return paragraphs.join('\n');
}
