/**
 * Spreadsheets: XLSX (exceljs), OpenDocument ODS (ods-reader) and Excel
 * 97–2003 XLS (xls-reader): every sheet's text, and quantity lines from its
 * rows (docs/decisions/0018-spreadsheet-readers.md), and its tables as schedules.
 */
import ExcelJS from 'exceljs';
import type { DocumentAnalysis, DocumentInput, PageAnalysis, Quantity } from '../analysis.types';
import { inputBytes } from '../document-input';
import { DocumentReadError } from '../document-read-error';
import { readOdsSheets, type Sheet } from './ods-reader';
import { quantitiesFromRows, type Cell } from './spreadsheet-quantities';
import { readXlsSheets } from './xls-reader';
import { tableSchedules } from './table-schedules';

const MAX_SPREADSHEET_BYTES = 100 * 1024 * 1024;
const MAX_PAGE_TEXT_CHARS = 2_000_000;

export async function analyzeSpreadsheet(
  input: DocumentInput,
  kind: 'xlsx' | 'xls' | 'ods',
): Promise<DocumentAnalysis> {
  const bytes = await inputBytes(input, MAX_SPREADSHEET_BYTES);
  if (bytes.length === 0) throw new DocumentReadError('The spreadsheet file is empty.');
  const sheets =
    kind === 'ods' ? readOdsSheets(bytes) : kind === 'xls' ? readXlsSheets(bytes) : await readXlsxSheets(bytes);
  const pages: PageAnalysis[] = [];
  const quantities: Quantity[] = [];
  sheets.forEach(({ name, rows }, index) => {
    const schedules = tableSchedules(rows, name);
    pages.push({ number: index + 1, title: name, text: sheetText(rows), ...(schedules.length ? { schedules } : {}) });
    // One by one: spreading a sheet's 130,000 quantity lines into push() overflows the call stack.
    for (const quantity of quantitiesFromRows(rows, name, 1)) quantities.push(quantity);
  });
  return { status: 'analyzed', kind, pages, quantities, warnings: [] };
}

/** Rows from row 1 (blank rows kept as empty arrays), so row numbers are the sheet's own. */
async function readXlsxSheets(bytes: Buffer): Promise<Sheet[]> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
    throw new DocumentReadError('The file is not an Excel (XLSX) workbook (it is not a ZIP package).');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The spreadsheet is corrupt or truncated: ${detail}.`);
  }
  return workbook.worksheets.map((worksheet) => {
    const rows: Cell[][] = [];
    worksheet.eachRow((row, rowNumber) => {
      while (rows.length < rowNumber - 1) rows.push([]);
      const cells: Cell[] = [];
      row.eachCell((cell, column) => {
        while (cells.length < column - 1) cells.push('');
        cells.push(cellValue(cell.value));
      });
      rows.push(cells);
    });
    return { name: worksheet.name, rows };
  });
}

/** A cell as its shown value: a formula's result, rich text's characters, a link's text. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || typeof result === 'object' ? '' : result;
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : '';
  return '';
}

/** Tab-separated non-empty cells, one line per non-empty row, cut at the page limit. */
function sheetText(rows: Cell[][]): string {
  const lines: string[] = [];
  let length = 0;
  for (const row of rows) {
    if (length >= MAX_PAGE_TEXT_CHARS) break;
    const line = row
      .map((c) => (c === null || c === undefined ? '' : String(c).trim()))
      .filter(Boolean)
      .join('\t');
    if (!line) continue;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, MAX_PAGE_TEXT_CHARS);
}
