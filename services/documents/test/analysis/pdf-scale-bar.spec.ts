/**
 * A plan's graphic scale bar, read from its labels and ticks: it measures a
 * sheet printed at another size than its scale note says (a reduced set), and
 * gives a sheet without a note its scale. Figures without ticks are no bar.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { writePdf } from './pdf-fixture-writer';
import { PLAN_AREAS, planSheet } from './pdf-plan-fixture';

async function analysed(options: Parameters<typeof planSheet>[0]): Promise<DocumentAnalysis> {
  const analysis = await analyzeDocument(writePdf([planSheet(options).page], 792, 612), 'pdf');
  assert.equal(analysis.status, 'analyzed');
  return analysis;
}

function assertRoomsTrue(analysis: DocumentAnalysis) {
  assert.equal(analysis.rooms?.length, Object.keys(PLAN_AREAS).length, JSON.stringify(analysis.warnings));
  for (const room of analysis.rooms!)
    assert.ok(Math.abs(room.areaSqFt / PLAN_AREAS[room.name] - 1) < 0.01, `${room.name} ${room.areaSqFt}`);
}

describe('a graphic scale bar on a PDF plan', () => {
  it('measures a plan printed smaller than its note (a 1/4" plan reduced to 65%) at the bar’s scale, and says so', async () => {
    const feetPerPoint = 1 / 18 / 0.65;
    const analysis = await analysed({ feetPerPoint, note: `1/4" = 1'-0"`, scaleBar: { at: [0, 4, 8, 16] } });
    const scale = analysis.pages![0].scale!;
    assert.equal(scale.source, 'dimensions');
    assert.equal(scale.note, `1/4" = 1'-0"`);
    assert.ok(Math.abs(scale.feetPerPoint / feetPerPoint - 1) < 0.005, String(scale.feetPerPoint));
    assertRoomsTrue(analysis);
    assert.ok(
      analysis.warnings?.includes(
        `Page 1 is printed at 65% of its scale note 1/4" = 1'-0": its scale bar (0 to 16') measures true, so the page is measured at the bar’s scale. Check it, or calibrate the page.`,
      ),
      JSON.stringify(analysis.warnings),
    );
  });

  it('keeps the note where the bar agrees with it', async () => {
    const analysis = await analysed({ feetPerPoint: 1 / 18, note: `1/4" = 1'-0"`, scaleBar: { at: [0, 2, 4, 8] } });
    assert.deepEqual(analysis.pages![0].scale, { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, source: 'scale-note' });
    assert.ok(!analysis.warnings?.some((w) => /scale bar/.test(w)));
  });

  it('gives a plan without a note its scale, from a bar of boxes in feet or of ticks in metres', async () => {
    const feet = await analysed({
      feetPerPoint: 1 / 9,
      scaleBar: { at: [0, 5, 10, 20], boxes: true, unitWord: 'FEET' },
    });
    assert.ok(Math.abs(feet.pages![0].scale!.feetPerPoint * 9 - 1) < 0.005, JSON.stringify(feet.pages![0].scale));
    assertRoomsTrue(feet);
    assert.ok(
      feet.warnings?.some((w) => w.startsWith('Page 1 has no scale note: its scale is read from its scale bar')),
    );
    const metres = await analysed({ feetPerPoint: 50 / 864, scaleBar: { at: [0, 1, 2, 5], metres: true } });
    assert.ok(Math.abs((metres.pages![0].scale!.feetPerPoint * 864) / 50 - 1) < 0.005);
    assertRoomsTrue(metres);
  });

  it('takes no row of figures without ticks under them for a bar, nor a bar on a sheet marked not to scale', async () => {
    const figures = await analysed({
      feetPerPoint: 1 / 18 / 0.65,
      note: `1/4" = 1'-0"`,
      scaleBar: { at: [0, 4, 8, 16], ticks: false },
    });
    assert.deepEqual(figures.pages![0].scale, { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, source: 'scale-note' });
    const nts = await analysed({ feetPerPoint: 1 / 18, note: 'NTS', scaleBar: { at: [0, 4, 8, 16] } });
    assert.equal(nts.pages![0].scale, null);
  });
});
