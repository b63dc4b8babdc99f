/** XLSX, XLS and ODS workbooks (SheetJS): every sheet's text, and quantity lines from its rows. */
import * as XLSX from 'xlsx';
import type { DocumentAnalysis, DocumentInput, PageAnalysis, Quantity } from '../analysis.types';
import { inputBytes } from '../document-input';
import { DocumentReadError } from '../document-read-error';
import { quantitiesFromRows, type Cell } from './spreadsheet-quantities';

const MAX_SPREADSHEET_BYTES = 100 * 1024 * 1024;
const MAX_PAGE_TEXT_CHARS = 2_000_000;

export async function analyzeSpreadsheet(input: DocumentInput, kind: 'xlsx' | 'xls'): Promise<DocumentAnalysis> {
  const bytes = await inputBytes(input, MAX_SPREADSHEET_BYTES);
  if (bytes.length === 0) throw new DocumentReadError('The spreadsheet file is empty.');
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The spreadsheet is corrupt or truncated: ${detail}.`);
  }
  const pages: PageAnalysis[] = [];
  const quantities: Quantity[] = [];
  workbook.SheetNames.forEach((name, index) => {
    const sheet = workbook.Sheets[name];
    if (!sheet) return;
    const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : undefined;
    const rows = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, blankrows: true, defval: '' });
    const text = rows
      .map((row) =>
        row
          .map((c) => (c === null || c === undefined ? '' : String(c).trim()))
          .filter(Boolean)
          .join('\t'),
      )
      .filter(Boolean)
      .join('\n');
    pages.push({ number: index + 1, title: name, text: text.slice(0, MAX_PAGE_TEXT_CHARS) });
    // One by one: spreading a sheet's 130,000 quantity lines into push() overflows the call stack.
    for (const quantity of quantitiesFromRows(rows, name, (range?.s.r ?? 0) + 1)) quantities.push(quantity);
  });
  return { status: 'analyzed', kind, pages, quantities, warnings: [] };
}
