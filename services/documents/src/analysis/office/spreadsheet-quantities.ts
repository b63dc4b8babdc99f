/**
 * Quantity lines in a table of rows: a header row names a description, a
 * quantity and a unit column (in English, French, Spanish, German, Italian or
 * Portuguese), and each row below with a positive quantity and a unit is a line.
 */
import type { Quantity } from '../analysis.types';

const DESCRIPTION =
  /^(description|desc\.?|désignation|designation|libellé|libelle|descripción|descripcion|concepto|beschreibung|bezeichnung|descrizione|descrição|descricao)$/i;
/** Weaker description headers, used when no column is called "description": "Item" is often a code. */
const NAME = /^(name|item|items|work|task|element|material|nom|nombre)$/i;
const QUANTITY =
  /^(qty\.?|quantity|quantities|quant\.?|qté|qte|quantité|quantite|cantidad|cant\.?|menge|quantità|quantita|quantidade|count|no\.?\s*of\s*units)$/i;
const UNIT = /^(unit|units|uom|u\.?|unité|unite|unidad|ud\.?|einheit|eh|unità|unita|unidade|measure)$/i;
const CODE = /^(id|identification|code|item|item\s*no\.?|ref\.?|référence|reference|no\.?|n°|pos\.?|position)$/i;

export type Cell = string | number | boolean | Date | null | undefined;

interface Columns {
  headerRow: number;
  description: number;
  quantity: number;
  unit: number;
  code?: number;
}

function findColumns(rows: Cell[][]): Columns | undefined {
  for (let r = 0; r < Math.min(rows.length, 40); r++) {
    const labels = rows[r].map((c) => (typeof c === 'string' ? c.trim() : ''));
    const quantity = labels.findIndex((l) => QUANTITY.test(l));
    const unit = labels.findIndex((l) => UNIT.test(l));
    const strong = labels.findIndex((l) => DESCRIPTION.test(l));
    const description = strong >= 0 ? strong : labels.findIndex((l) => NAME.test(l));
    if (quantity >= 0 && unit >= 0 && description >= 0) {
      const code = labels.findIndex((l, i) => i !== description && CODE.test(l));
      return { headerRow: r, description, quantity, unit, code: code >= 0 ? code : undefined };
    }
  }
  return undefined;
}

function numberOf(cell: Cell): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const cleaned = cell.trim().replace(/\s/g, '');
  if (!/^-?[\d.,]+$/.test(cleaned)) return undefined;
  // 1,234.5 or 1.234,5 or 12,5: the last separator is the decimal one when followed by 1–2 digits.
  const normalized = /,\d{1,2}$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(/,/g, '');
  const n = Number(normalized);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The most of a cell a quantity line keeps. A cell holds up to 32,767 characters and one long shared
 * string can fill a whole column: cleaned in full for every row, 65,536 rows would take gigabytes.
 */
const MAX_CELL_TEXT = 500;

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).slice(0, MAX_CELL_TEXT).replace(/\s+/g, ' ').trim();
}

/** `firstRowNumber` is the sheet row number of rows[0] (1-based), so sources point at the real row. */
export function quantitiesFromRows(rows: Cell[][], sheet: string, firstRowNumber: number): Quantity[] {
  const columns = findColumns(rows);
  if (!columns) return [];
  const quantities: Quantity[] = [];
  for (let r = columns.headerRow + 1; r < rows.length; r++) {
    const row = rows[r];
    const quantity = numberOf(row[columns.quantity]);
    const unit = text(row[columns.unit]);
    const description = text(row[columns.description]);
    if (quantity === undefined || quantity <= 0 || !unit || !description) continue;
    const code = columns.code !== undefined ? text(row[columns.code]) : '';
    quantities.push({
      description: code && code !== description ? `${code} ${description}` : description,
      quantity,
      unit,
      source: { sheet, row: firstRowNumber + r },
    });
  }
  return quantities;
}
