import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { corpusPath, readTruth } from './corpus';
import { writePdf } from './pdf-fixture-writer';

interface PdfTruth {
  pages: number;
  page_data: Array<{ page: number; text: string }>;
}

/** Every word poppler reads on the page is in the analysis text (order and line breaks may differ). */
function assertHasTruthWords(pageText: string, truthText: string, where: string): void {
  const ours = new Set(pageText.split(/\s+/).filter(Boolean));
  const missing = truthText
    .split(/\s+/)
    .filter(Boolean)
    .filter((word) => !ours.has(word));
  assert.deepEqual(missing, [], `${where}: words poppler reads that the analysis lacks`);
}

describe('PDFs of the real corpus', () => {
  for (const file of ['opentakeoff_va-sample-finish-plan.pdf', 'growroom_dimensions_open_source_growroom.pdf']) {
    it(`reads every page and word of ${file}`, async () => {
      const truth = readTruth<PdfTruth>(file);
      const analysis = await analyzeDocument(corpusPath(file), 'pdf');
      assert.equal(analysis.status, 'analyzed', analysis.error);
      assert.equal(analysis.pages?.length, truth.pages);
      for (const page of truth.page_data) {
        const ours = analysis.pages!.find((p) => p.number === page.page);
        assert.ok(ours, `page ${page.page}`);
        assertHasTruthWords(ours.text, page.text, `page ${page.page}`);
      }
    });
  }

  describe('the VA finish plan', () => {
    let analysis: DocumentAnalysis;
    it('is analysed', async () => {
      analysis = await analyzeDocument(corpusPath('opentakeoff_va-sample-finish-plan.pdf'), 'pdf');
      assert.equal(analysis.status, 'analyzed');
    });

    it('reads the plan’s scale, sheet numbers and titles from the title block', () => {
      const [plan, schedule] = analysis.pages!;
      assert.equal(plan.scale, `1/8" = 1'-0"`);
      assert.equal(plan.sheetNumber, 'AF101');
      assert.equal(plan.title, 'FIRST FLOOR FINISH PLAN');
      assert.equal(schedule.sheetNumber, 'AF600');
      assert.equal(schedule.title, 'MATERIAL AND ROOM FINISH SCHEDULE');
    });

    it('reads the room finish schedule as rows', () => {
      const schedule = analysis.pages![1].schedules?.find((s) => s.title === 'ROOM FINISH SCHEDULE - FIRST FLOOR');
      assert.ok(schedule, 'room finish schedule');
      assert.deepEqual(schedule.columns.slice(0, 4), ['Number', 'NAME', 'FLOOR FINISH', 'BASE FINISH']);
      assert.deepEqual(schedule.rows[0].slice(0, 4), ['133', 'ELECTRICAL ROOM', 'EXIST', 'EXIST']);
      assert.ok(schedule.rows.some((row) => row[0] === '149' && row[1] === 'OFFICE' && row[2] === 'CPT-1'));
    });

    it('takes the corridor areas written on the plan as quantities', () => {
      const corridor = analysis.quantities.find((q) => q.quantity === 557);
      assert.ok(corridor);
      assert.equal(corridor.unit, 'sq ft');
      assert.match(corridor.description, /^557 SF — .*CORRIDOR/);
      assert.deepEqual(corridor.source, { page: 1, sheet: 'AF101' });
    });
  });
});

describe('PDF text, scales and quantities', () => {
  it('reads scale notes and quantities written in specs and notes', async () => {
    const pdf = writePdf([
      [
        { text: 'FLOOR PLAN', x: 72, y: 700, size: 16 },
        { text: `SCALE: 1/4" = 1'-0"`, x: 72, y: 680 },
        { text: 'Provide 120 LF of rubber base at corridor walls.', x: 72, y: 640 },
        { text: 'Carpet tile: 2,400 SF', x: 72, y: 620 },
      ],
      [
        { text: 'SITE PLAN 1:100', x: 72, y: 700 },
        { text: 'Excavate 15 CY for footings', x: 72, y: 660 },
      ],
    ]);
    const analysis = await analyzeDocument(pdf, 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.pages?.length, 2);
    assert.equal(analysis.pages![0].scale, `1/4" = 1'-0"`);
    assert.equal(analysis.pages![1].scale, '1:100');
    assert.deepEqual(
      analysis.quantities.map((q) => [q.quantity, q.unit, q.source.page]),
      [
        [120, 'ft', 1],
        [2400, 'sq ft', 1],
        [15, 'cu yd', 2],
      ],
    );
    assert.match(analysis.quantities[0].description, /rubber base/);
  });

  it('fails a truncated or corrupt PDF with a reason', async () => {
    const whole = writePdf([[{ text: 'Hello', x: 72, y: 700 }]]);
    const cut = await analyzeDocument(whole.subarray(0, 40), 'pdf');
    assert.equal(cut.status, 'failed');
    assert.match(cut.error!, /corrupt or truncated/);
    const notPdf = await analyzeDocument(Buffer.from('GIF89a not a pdf'), 'pdf');
    assert.equal(notPdf.status, 'failed');
    assert.match(notPdf.error!, /not a PDF/);
  });
});
