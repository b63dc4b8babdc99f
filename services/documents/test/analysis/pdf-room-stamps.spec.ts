/**
 * Room stamps as ArchiCAD writes them on a metric plan: the zone's name, its floor finish, and its area as
 * "A: 11.32 m²", the ² a smaller "2" set raised after the "m" (a string of its own in the PDF). The area is
 * the tag's printed area: read, it is compared with the measured one, as any tag's.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { writePdf, type PdfLine } from './pdf-fixture-writer';

const SQ_FT_PER_SQ_M = 10.7639104;
/** Points per metre at 1:50 (20 mm on the sheet). */
const PT_PER_M = (20 / 25.4) * 72;
/** Helvetica's widths (thousandths of an em) of the characters the stamps use. */
const HELVETICA: Record<string, number> = { A: 667, ':': 278, ' ': 278, '.': 278, m: 833 };
const widthOf = (text: string, size: number) =>
  ([...text].reduce((sum, c) => sum + (HELVETICA[c] ?? 556), 0) * size) / 1000;

/** A stamp centred on `x`, its name's baseline at `y`: name, finish, then "A: <area> m" and a raised "2". */
function stamp(x: number, y: number, name: string, finish: string, area: string, raised = true): PdfLine[] {
  const areaText = `A: ${area} m`;
  const areaX = x - widthOf(areaText, 10) / 2;
  return [
    { text: name, x: x - widthOf(name, 10) / 2, y, size: 10 },
    { text: finish, x: x - widthOf(finish, 10) / 2, y: y - 12, size: 10 },
    { text: areaText, x: areaX, y: y - 24, size: 10 },
    { text: '2', x: areaX + widthOf(areaText, 10), y: y - 24 + (raised ? 3.5 : 0), size: 6.5 },
  ];
}

/** Two rooms side by side, 4.00 × 2.83 m and 3.00 × 2.83 m inside, in walls 0.20 m thick (PDF space, y up). */
function stampsSheet(areas: [string, string]) {
  const m = (v: number) => +(v * PT_PER_M).toFixed(3);
  const [x0, y0] = [100, 150];
  const rect = (x: number, y: number, w: number, h: number) => `${m(x) + x0} ${m(y) + y0} ${m(w)} ${m(h)} re S`;
  const graphics = ['0 0 0 RG 0.5 w', rect(0, 0, 7.6, 3.23), rect(0.2, 0.2, 4, 2.83), rect(4.4, 0.2, 3, 2.83)].join(
    '\n',
  );
  const middle = (x: number) => m(x) + x0;
  return {
    graphics,
    lines: [
      ...stamp(middle(2.2), m(1.9) + y0, 'SOBA 1', 'Parket', areas[0]),
      ...stamp(middle(5.9), m(1.9) + y0, 'KOPALNICA', 'Keramika', areas[1]),
      { text: 'TLORIS PRITLIČJA 1:50', x: 100, y: 60, size: 10 },
    ],
  };
}

describe('ArchiCAD room stamps with their area as "A: 11.32 m²"', () => {
  let analysis: DocumentAnalysis;
  let misprinted: DocumentAnalysis;
  before(async () => {
    analysis = await analyzeDocument(writePdf([stampsSheet(['11.32', '8.49'])], 792, 612), 'pdf');
    // The same sheet with SOBA 1's stamp off by a third.
    misprinted = await analyzeDocument(writePdf([stampsSheet(['15.10', '8.49'])], 792, 612), 'pdf');
  });

  it('reads the area after "A:" with its raised ² as the printed area, and keeps the ² out of the name', () => {
    assert.equal(analysis.pages![0].scale?.note, '1:50');
    const rooms = analysis.rooms!.map((r) => [r.name, r.printedAreaSqFt]);
    assert.deepEqual(rooms, [
      ['SOBA 1 Parket', +(11.32 * SQ_FT_PER_SQ_M).toFixed(2)],
      ['KOPALNICA Keramika', +(8.49 * SQ_FT_PER_SQ_M).toFixed(2)],
    ]);
    for (const room of analysis.rooms!)
      assert.ok(Math.abs(room.areaSqFt / room.printedAreaSqFt! - 1) < 0.01, `${room.name}: ${room.areaSqFt}`);
    assert.ok(!analysis.warnings?.some((w) => /printed in its tag/.test(w)), analysis.warnings?.join('\n'));
  });

  it('warns when a stamp’s area disagrees with the room measured from the walls', () => {
    assert.ok(
      misprinted.warnings?.some((w) =>
        /SOBA 1 Parket measures 121\.\d+ sq ft from the drawing, but 162\.54 sq ft/.test(w),
      ),
      misprinted.warnings?.join('\n'),
    );
  });
});
