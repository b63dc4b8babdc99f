import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { RpcErrors } from '@kerf/platform';
import type { PriceItem } from '../engine/catalogue';
import { normalizeUnit } from '@kerf/takeoff';

const COLUMNS: Record<string, keyof PriceItem> = {
  code: 'code',
  division: 'division',
  name: 'name',
  description: 'name',
  item: 'name',
  unit: 'unit',
  'material cost': 'materialCost',
  materialcost: 'materialCost',
  material: 'materialCost',
  'labor hours': 'laborHours',
  'labour hours': 'laborHours',
  laborhours: 'laborHours',
  'equipment cost': 'equipmentCost',
  equipmentcost: 'equipmentCost',
  equipment: 'equipmentCost',
};

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const HOURS = /^\d{1,5}(\.\d{1,4})?$/;
export const MAX_ITEMS = 5_000;

/** A CSV file (RFC 4180: quoted fields, doubled quotes, CRLF or LF, a BOM) as rows of cells, blank rows left out. */
export function parseCsv(content: string | Uint8Array): string[][] {
  try {
    return parse(content, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    });
  } catch (error) {
    if (error instanceof CsvError) throw RpcErrors.invalid(`The file could not be read as CSV: ${error.message}.`);
    throw error;
  }
}

/**
 * Rows (header first) to price items. Every problem is reported with its row
 * number, and nothing is imported while any row is wrong.
 */
export function rowsToItems(rows: string[][]): PriceItem[] {
  if (rows.length < 2) throw RpcErrors.invalid('The file needs a header row and at least one item.');
  const header = rows[0]!.map(
    (h) =>
      COLUMNS[
        h
          .trim()
          .toLowerCase()
          .replace(/[_()$]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      ],
  );
  for (const needed of ['name', 'unit', 'materialCost'] as const) {
    if (!header.includes(needed)) {
      throw RpcErrors.invalid(
        'The header row must name the columns: name, unit, material cost, labor hours, equipment cost (code and division optional).',
      );
    }
  }
  if (rows.length - 1 > MAX_ITEMS) throw RpcErrors.invalid(`A price list holds at most ${MAX_ITEMS} items.`);
  return rows.slice(1).map((cells, index) => {
    const raw: Partial<Record<keyof PriceItem, string>> = {};
    header.forEach((key, i) => {
      if (key) raw[key] = (cells[i] ?? '').trim().replace(/^\$/, '');
    });
    return validateItem(raw, index + 2);
  });
}

/** A cell as text, trimmed; an absent or blank cell is `blank`. */
const cell = (blank = '') =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || blank);

/** An amount or hours cell: blank is 0, otherwise it must read like `example`. */
const figure = (pattern: RegExp, label: string, example: string) =>
  cell('0').pipe(
    z.string().regex(pattern, { error: (issue) => `${label} "${String(issue.input)}" must be ${example}.` }),
  );

/** One price item as a person writes it; each message is the one the user reads after "Row N: ". */
const itemSchema = z.object({
  code: cell(),
  division: cell(),
  name: cell().pipe(z.string().min(1, { error: 'the item needs a name.' })),
  unit: cell().pipe(
    z.string().refine((unit) => normalizeUnit(unit) !== undefined, {
      error: (issue) => `"${String(issue.input)}" is not a unit the cost engine knows (ft, sq ft, cu yd, each, lb…).`,
    }),
  ),
  materialCost: figure(MONEY, 'material cost', 'an amount like 12.50'),
  laborHours: figure(HOURS, 'labour hours', 'a number like 0.25'),
  equipmentCost: figure(MONEY, 'equipment cost', 'an amount like 3.00'),
});

export function validateItem(raw: Partial<Record<keyof PriceItem, string>>, row: number): PriceItem {
  const parsed = itemSchema.safeParse(raw);
  if (!parsed.success) throw RpcErrors.invalid(`Row ${row}: ${parsed.error.issues[0]!.message}`);
  const item = parsed.data;
  return {
    code: item.code || `ROW-${row}`,
    division: item.division || 'Custom items',
    name: item.name.slice(0, 300),
    unit: item.unit,
    materialCost: item.materialCost,
    laborHours: item.laborHours,
    equipmentCost: item.equipmentCost,
  };
}

export async function xlsxToRows(content: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(content) as unknown as ArrayBuffer);
  } catch {
    throw RpcErrors.invalid('The file could not be read as an Excel workbook (.xlsx).');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw RpcErrors.invalid('The workbook has no sheets.');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = cell.value as unknown;
      const result = typeof v === 'object' && v !== null && 'result' in v ? (v as { result: unknown }).result : v;
      values[col - 1] = result === null || result === undefined ? '' : String(result);
    });
    rows.push(Array.from(values, (v) => v ?? ''));
  });
  return rows;
}
