import ExcelJS from 'exceljs';
import { RpcErrors } from '@kerf/platform';
import type { PriceItem } from '../engine/catalogue';
import { normalizeUnit } from '../engine/units';

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

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
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

export function validateItem(raw: Partial<Record<keyof PriceItem, string>>, row: number): PriceItem {
  const where = `Row ${row}`;
  const name = raw.name?.trim() ?? '';
  if (!name) throw RpcErrors.invalid(`${where}: the item needs a name.`);
  const unit = raw.unit?.trim() ?? '';
  if (!normalizeUnit(unit))
    throw RpcErrors.invalid(`${where}: "${unit}" is not a unit the cost engine knows (ft, sq ft, cu yd, each, lb…).`);
  const materialCost = raw.materialCost?.trim() || '0';
  const laborHours = raw.laborHours?.trim() || '0';
  const equipmentCost = raw.equipmentCost?.trim() || '0';
  if (!MONEY.test(materialCost))
    throw RpcErrors.invalid(`${where}: material cost "${materialCost}" must be an amount like 12.50.`);
  if (!HOURS.test(laborHours))
    throw RpcErrors.invalid(`${where}: labour hours "${laborHours}" must be a number like 0.25.`);
  if (!MONEY.test(equipmentCost))
    throw RpcErrors.invalid(`${where}: equipment cost "${equipmentCost}" must be an amount like 3.00.`);
  return {
    code: raw.code?.trim() || `ROW-${row}`,
    division: raw.division?.trim() || 'Custom items',
    name: name.slice(0, 300),
    unit,
    materialCost,
    laborHours,
    equipmentCost,
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
