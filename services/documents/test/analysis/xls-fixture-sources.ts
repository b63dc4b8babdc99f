/**
 * The XLSX workbooks the committed .xls fixtures were converted from
 * (test/fixtures/README.md): the tests build each again with exceljs and
 * expect the .xls to give the same quantities. Run this file with a folder
 * to write them there:
 *   node services/documents/dist/test/analysis/xls-fixture-sources.js /tmp/xls
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

type Row = ExcelJS.CellValue[];

/** A takeoff sheet whose header is not on row 1, and a French sheet of numbers each stored a different way. */
const takeoff: Record<string, Row[]> = {
  Takeoff: [
    ['Project: Clinic renovation'],
    [],
    ['Item', 'Description', 'Qty', 'Unit', 'Rate'],
    ['03 30 00', 'Slab on grade concrete', 15, 'CY', 180],
    ['09 65 13', 'Rubber base', '1,200', 'LF', 3.5],
    ['', 'Subtotal', '', '', 4900],
  ],
  Métré: [
    ['Désignation', 'Qté', 'Unité', 'Prix', 'Total', 'Écart'],
    ['Béton de propreté', 12.5, 'm3', 95, 1187.5, -3],
    ['Enduit façade', 1.23, 'm2', 0.1, 0.123, -0.5],
    ['Acier Ø12', 70_000, 'kg', 1.15, 80_500, 536_870_912],
    ['Isolant 100 mm', 348.75, 'm2', 12.34, 4303.575, 2 ** 40],
    ['Pieux', 1e15, 'u', 123_456_789.123, 0, 1e-7],
  ],
};

/** 1,200 distinct descriptions, some in scripts two bytes wide, and a note longer than any record. */
function longStrings(): Record<string, Row[]> {
  const rows: Row[] = [['Description', 'Qty', 'Unit']];
  for (let i = 1; i <= 1_200; i++) {
    const description =
      i % 3 === 0
        ? `Dalle béton niveau ${i}, 混凝土楼板 ${i}`
        : i % 3 === 1
          ? `Rubber base, room ${i}`
          : `Ω-strap ${i} α=${i % 90}°`;
    rows.push([description, (i % 40) + 0.5, i % 2 ? 'LF' : 'm²']);
  }
  return { Takeoff: rows, Notes: [['Note'], [longNote()]] };
}

export function longNote(): string {
  const parts: string[] = [];
  for (let i = 0; parts.join(' ').length < 20_000; i++) parts.push(i % 7 === 0 ? `Ωμέγα-${i}` : `scope-${i}`);
  return parts.join(' ').slice(0, 20_000);
}

/** Formulas whose cached results are a number, a text, a boolean, an error and an empty text. */
const formulas: Record<string, Row[]> = {
  Takeoff: [
    ['Description', 'Qty', 'Unit', 'Length', 'Width', 'Large', 'Check', 'Note'],
    [
      { formula: '"Room "&ROW()', result: 'Room 2' },
      { formula: 'D2*E2', result: 30 },
      { formula: 'IF(D2>0,"SF","")', result: 'SF' },
      6,
      5,
      { formula: 'B2>10', result: true },
      { formula: '1/0', result: { error: '#DIV/0!' } },
      { formula: '""', result: '' },
    ],
    [
      'Corridor',
      { formula: 'D3*E3', result: 37.5 },
      'SF',
      12.5,
      3,
      { formula: 'B3>100', result: false },
      { formula: 'NA()', result: { error: '#N/A' } },
      'plain',
    ],
    [{ formula: 'A3&" closet"', result: 'Corridor closet' }, { formula: 'SUM(B2:B3)', result: 67.5 }, 'SF'],
  ],
};

export const XLS_SOURCES: Record<string, Record<string, Row[]>> = {
  takeoff,
  'long-strings': longStrings(),
  formulas,
};

export async function sourceWorkbook(name: keyof typeof XLS_SOURCES): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(XLS_SOURCES[name])) {
    const sheet = workbook.addWorksheet(sheetName);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

if (require.main === module) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: xls-fixture-sources.js <folder>');
  mkdirSync(folder, { recursive: true });
  void (async () => {
    for (const name of Object.keys(XLS_SOURCES))
      writeFileSync(join(folder, `${name}.xlsx`), await sourceWorkbook(name));
  })();
}
