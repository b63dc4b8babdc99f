import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { computeEstimate } from '../src/engine/cost-engine';
import { PdfRenderer } from '../src/render/pdf';
import { renderXlsx, type RenderableEstimate } from '../src/render/xlsx';
import { deterministicSummary } from '../src/estimates/summary';
import { CATALOGUE } from '../src/engine/catalogue';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An estimate over many catalogue items, enough for several pages. */
function sampleEstimate(): RenderableEstimate {
  const materials = CATALOGUE.filter((_, i) => i % 3 === 0).map((item, i) => ({
    name: item.name,
    quantity: String(((i * 37) % 400) + 1.25),
    unit: item.unit,
    category: item.division,
  }));
  materials.push({ name: 'Unobtainium widget', quantity: '3', unit: 'each', category: 'Specialties' });
  // Assemblies: a line made of components with waste.
  materials.push({ name: 'Interior partition walls', quantity: '212.5', unit: 'ft', category: 'Walls' });
  materials.push({ name: 'Slab on grade 4 in', quantity: '1480', unit: 'sq ft', category: 'Concrete' });
  const result = computeEstimate(materials, {
    overheadPercentage: '12.5',
    profitMargin: '8',
    includeTimeline: true,
    includeMilestones: true,
  });
  const createdAt = new Date('2026-11-22T12:00:00Z');
  return {
    id: '0b7f9a52-3f0c-4a8e-9b8e-2f3c4d5e6f70',
    title: 'Estimate for Riverside Duplex',
    projectName: 'Riverside Duplex',
    summary: deterministicSummary('Riverside Duplex', result),
    totalCost: result.totalCost,
    materialCost: result.materialCost,
    laborCost: result.laborCost,
    equipmentCost: result.equipmentCost,
    overheadPercentage: result.overheadPercentage,
    profitMargin: result.profitMargin,
    currency: 'USD',
    createdAt,
    validUntil: new Date(createdAt.getTime() + 30 * 86_400_000),
    estimateData: result.estimateData,
  };
}

describe('estimate documents', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-estimate-'));
  const renderer = new PdfRenderer();
  after(async () => {
    await renderer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders a PDF with the total, every section, the breakdown and page numbers', async () => {
    const estimate = sampleEstimate();
    const pdf = await renderer.render(estimate);
    const file = join(dir, 'estimate.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const flat = text.replace(/\s+/g, ' ');
    assert.ok(flat.includes(`Total (USD) ${usd.format(Number(estimate.totalCost))}`), 'total');
    for (const [label, value] of [
      ['Material', estimate.materialCost],
      ['Labour', estimate.laborCost],
      ['Equipment', estimate.equipmentCost],
    ] as const) {
      assert.ok(flat.includes(`${label} ${usd.format(Number(value))}`), label);
    }
    assert.ok(flat.includes(`Overhead (12.50%) ${usd.format(Number(estimate.estimateData.pricing.overheadAmount))}`));
    assert.ok(flat.includes(`Profit (8.00%) ${usd.format(Number(estimate.estimateData.pricing.profitAmount))}`));
    for (const section of estimate.estimateData.sections) {
      assert.ok(flat.includes(`Subtotal ${section.name} ${usd.format(Number(section.subtotal))}`), section.name);
    }
    assert.match(flat, /Needs a price: Unobtainium widget/);
    assert.match(flat, /illustrative defaults/);
    assert.match(flat, /Valid until: 2026-12-22/);
    assert.match(flat, /Payment schedule/);
    assert.match(flat, /Timeline About \d+ working days/);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    assert.ok(pages >= 2, `pages ${pages}`);
    assert.ok(flat.includes(`Page 1 of ${pages}`) && flat.includes(`Page ${pages} of ${pages}`), 'page numbers');
  });

  it('keeps one browser warm and relaunches it when it dies', async () => {
    const estimate = sampleEstimate();
    await renderer.render(estimate);
    const browser = await (renderer as unknown as { browser: Promise<import('playwright-core').Browser> }).browser;
    await renderer.render(estimate);
    assert.equal(await (renderer as unknown as { browser: Promise<unknown> }).browser, browser, 'same browser reused');
    await browser.close(); // as if Chromium crashed
    const pdf = await renderer.render(estimate);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.notEqual(await (renderer as unknown as { browser: Promise<unknown> }).browser, browser);
  });

  it('writes an XLSX whose formulas, evaluated from the cells, equal the service totals', async () => {
    const estimate = sampleEstimate();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderXlsx(estimate)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Estimate')!;
    const cents = new Map<string, bigint>();
    // A small evaluator for the three formula forms the sheet uses, in integer cents.
    const valueOf = (ref: string): number => {
      const cell = sheet.getCell(ref);
      if (cell.formula) return Number(evaluate(ref)) / 100;
      return Number(cell.value ?? 0);
    };
    const evaluate = (ref: string): bigint => {
      if (cents.has(ref)) return cents.get(ref)!;
      const formula = sheet.getCell(ref).formula;
      if (!formula) return BigInt(Math.round(Number(sheet.getCell(ref).value ?? 0) * 100));
      let result: bigint;
      let m: RegExpExecArray | null;
      if ((m = /^ROUND\(([A-Z]+\d+)\*([A-Z]+\d+),2\)$/.exec(formula))) {
        result = BigInt(Math.round(valueOf(m[1]!) * valueOf(m[2]!) * 100 + 1e-7));
      } else if ((m = /^ROUND\(\(([A-Z]+\d+)\+([A-Z]+\d+)\)\*([A-Z]+\d+),2\)$/.exec(formula))) {
        result = BigInt(Math.round((valueOf(m[1]!) + valueOf(m[2]!)) * valueOf(m[3]!) * 100 + 1e-7));
      } else if ((m = /^SUM\(([FG])(\d+):[FG](\d+)\)$/.exec(formula))) {
        result = 0n;
        for (let r = Number(m[2]); r <= Number(m[3]); r++) result += evaluate(`${m[1]}${r}`);
      } else if (/^[A-Z]+\d+(\+[A-Z]+\d+)*$/.test(formula)) {
        result = formula.split('+').reduce((acc, r) => acc + evaluate(r), 0n);
      } else throw new Error(`unexpected formula ${formula} in ${ref}`);
      cents.set(ref, result);
      return result;
    };
    const rowWith = (label: string) => {
      let found = 0;
      sheet.eachRow((row, n) => {
        if (row.getCell(2).value === label) found = n;
      });
      assert.ok(found, label);
      return found;
    };
    const toCents = (s: string) => BigInt(s.replace('.', ''));
    let items = 0;
    sheet.eachRow((row, n) => {
      const f = row.getCell(6).formula;
      if (f?.startsWith('ROUND(C') || f?.startsWith('SUM(G')) {
        items++;
        assert.equal(evaluate(`F${n}`), BigInt(Math.round(Number(row.getCell(6).result) * 100)), `row ${n}`);
      }
    });
    assert.equal(
      items,
      estimate.estimateData.sections.reduce((a, s) => a + s.items.length, 0),
    );
    for (const section of estimate.estimateData.sections) {
      assert.equal(evaluate(`F${rowWith(`Subtotal ${section.name}`)}`), toCents(section.subtotal), section.name);
    }
    const p = estimate.estimateData.pricing;
    assert.equal(evaluate(`F${rowWith('Subtotal (material + labour + equipment)')}`), toCents(p.subtotal));
    assert.equal(evaluate(`F${rowWith('Overhead')}`), toCents(p.overheadAmount));
    assert.equal(evaluate(`F${rowWith('Profit')}`), toCents(p.profitAmount));
    assert.equal(evaluate(`F${rowWith('Total (USD)')}`), toCents(estimate.totalCost));
  });
});
