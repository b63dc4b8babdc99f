import ExcelJS from 'exceljs';
import type { EstimateData } from '../engine/estimate-data';

export interface RenderableEstimate {
  id: string;
  title: string;
  projectName: string;
  summary: string;
  totalCost: string;
  materialCost: string;
  laborCost: string;
  equipmentCost: string;
  overheadPercentage: string;
  profitMargin: string;
  currency: string;
  createdAt: Date;
  validUntil: Date;
  estimateData: EstimateData;
}

const MONEY = '"$"#,##0.00';

/**
 * The estimate as a workbook with live formulas: each item total is
 * ROUND(quantity × unit cost, 2), section subtotals SUM their items, and the
 * total adds overhead and profit with the service's formula. Cached results
 * are the service's own numbers, so a reader without recalculation sees them too.
 */
export async function renderXlsx(estimate: RenderableEstimate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kerf';
  workbook.created = estimate.createdAt;
  const sheet = workbook.addWorksheet('Estimate');
  sheet.columns = [
    { key: 'code', width: 14 },
    { key: 'description', width: 48 },
    { key: 'quantity', width: 12 },
    { key: 'unit', width: 8 },
    { key: 'unitCost', width: 14 },
    { key: 'total', width: 16 },
    { key: 'componentTotal', width: 16 },
    { key: 'waste', width: 9 },
    { key: 'source', width: 40 },
    { key: 'pricedBy', width: 60 },
  ];
  sheet.addRow([estimate.title]).font = { bold: true, size: 14 };
  sheet.addRow([`Project: ${estimate.projectName}`]);
  sheet.addRow([
    `Date: ${estimate.createdAt.toISOString().slice(0, 10)}`,
    `Valid until: ${estimate.validUntil.toISOString().slice(0, 10)}`,
  ]);
  sheet.addRow([estimate.estimateData.pricing.notice]);
  sheet.addRow([]);
  const header = sheet.addRow([
    'Code',
    'Description',
    'Quantity',
    'Unit',
    'Unit cost',
    'Total',
    'Component total',
    'Waste %',
    'Source quantity',
    'Priced by (reason, confidence)',
  ]);
  header.font = { bold: true };

  const subtotalCells: string[] = [];
  for (const section of estimate.estimateData.sections) {
    sheet.addRow(['', section.name]).font = { bold: true };
    const first = sheet.rowCount + 1;
    for (const item of section.items) {
      const source = item.sourceQuantity
        ? `${item.sourceQuantity.quantity} ${item.sourceQuantity.unit}${item.sourceQuantity.origin ? `, ${item.sourceQuantity.origin}` : ''}${item.sourceQuantity.proposed ? ' (proposed)' : ''}`
        : '';
      const why = item.pricedBy
        ? `${item.pricedBy}${item.mapped ? ' (your earlier choice)' : ''}: ${item.reason} (${Math.round((item.confidence ?? 0) * 100)}%)`
        : '';
      const row = sheet.addRow([item.code, item.description, Number(item.quantity), item.unit, Number(item.unitCost)]);
      row.getCell(5).numFmt = MONEY;
      row.getCell(6).numFmt = MONEY;
      row.getCell(8).value = item.waste ?? '';
      row.getCell(9).value = source;
      row.getCell(10).value = why;
      if (!item.components?.length) {
        row.getCell(6).value = { formula: `ROUND(C${row.number}*E${row.number},2)`, result: Number(item.totalCost) };
        continue;
      }
      // An assembly: its components below it, each ROUND(qty × unit cost); the line sums them.
      const firstComponent = row.number + 1;
      for (const c of item.components) {
        const part = sheet.addRow(['', `    ${c.name}`, Number(c.quantity), c.unit, Number(c.unitCost)]);
        part.getCell(5).numFmt = MONEY;
        part.getCell(7).value = { formula: `ROUND(C${part.number}*E${part.number},2)`, result: Number(c.totalCost) };
        part.getCell(7).numFmt = MONEY;
        part.getCell(8).value = Number(c.wastePercent);
        part.font = { italic: true };
      }
      row.getCell(6).value = {
        formula: `SUM(G${firstComponent}:G${sheet.rowCount})`,
        result: Number(item.totalCost),
      };
    }
    const last = sheet.rowCount;
    const subtotal = sheet.addRow(['', `Subtotal ${section.name}`]);
    subtotal.getCell(6).value = { formula: `SUM(F${first}:F${last})`, result: Number(section.subtotal) };
    subtotal.getCell(6).numFmt = MONEY;
    subtotal.font = { bold: true };
    subtotalCells.push(`F${subtotal.number}`);
  }
  sheet.addRow([]);
  const p = estimate.estimateData.pricing;
  const subtotalRow = sheet.addRow(['', 'Subtotal (material + labour + equipment)']);
  subtotalRow.getCell(6).value = {
    formula: subtotalCells.length ? subtotalCells.join('+') : '0',
    result: Number(p.subtotal),
  };
  const overheadRow = sheet.addRow(['', `Overhead`, Number(estimate.overheadPercentage) / 100]);
  overheadRow.getCell(3).numFmt = '0.00%';
  overheadRow.getCell(6).value = {
    formula: `ROUND(F${subtotalRow.number}*C${overheadRow.number},2)`,
    result: Number(p.overheadAmount),
  };
  const profitRow = sheet.addRow(['', `Profit`, Number(estimate.profitMargin) / 100]);
  profitRow.getCell(3).numFmt = '0.00%';
  profitRow.getCell(6).value = {
    formula: `ROUND((F${subtotalRow.number}+F${overheadRow.number})*C${profitRow.number},2)`,
    result: Number(p.profitAmount),
  };
  const totalRow = sheet.addRow(['', `Total (${estimate.currency})`]);
  totalRow.getCell(6).value = {
    formula: `F${subtotalRow.number}+F${overheadRow.number}+F${profitRow.number}`,
    result: Number(estimate.totalCost),
  };
  totalRow.font = { bold: true };
  for (const row of [subtotalRow, overheadRow, profitRow, totalRow]) row.getCell(6).numFmt = MONEY;
  workbook.calcProperties.fullCalcOnLoad = true;

  const data = estimate.estimateData;
  if (data.unpriced?.length || data.warnings?.length) {
    const checks = workbook.addWorksheet('Checks');
    checks.columns = [{ width: 40 }, { width: 14 }, { width: 10 }, { width: 90 }];
    checks.addRow(['Checks']).font = { bold: true };
    for (const w of data.warnings ?? []) checks.addRow([w.message]);
    checks.addRow([]);
    checks.addRow(['Needs a price', 'Quantity', 'Unit', 'Why, and the candidates to choose from']).font = {
      bold: true,
    };
    for (const u of data.unpriced ?? []) {
      const candidates = (u.candidates ?? []).map((c) => `${c.name} (≈ $${c.lineTotal})`).join('; ');
      checks.addRow([
        u.name,
        Number(u.quantity),
        u.unit,
        `${u.reason}${candidates ? `. Candidates: ${candidates}` : ''}`,
      ]);
    }
  }

  const breakdown = workbook.addWorksheet('Breakdown');
  breakdown.addRow(['Material', Number(estimate.materialCost)]);
  breakdown.addRow(['Labour', Number(estimate.laborCost)]);
  breakdown.addRow(['Equipment', Number(estimate.equipmentCost)]);
  breakdown.getColumn(1).width = 16;
  breakdown.getColumn(2).numFmt = MONEY;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
