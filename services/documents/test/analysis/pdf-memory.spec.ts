import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeInChildProcess } from '../../src/analysis/analysis-runner';
import { writePdf } from './pdf-fixture-writer';
import { planSheet } from './pdf-plan-fixture';

const SHEETS = 30;
const HATCH_LINES = 3_000;
/**
 * The analysis process's heap for the whole set. Thirty of these sheets are
 * read in 32 MB; keeping every sheet's geometry (or pdf.js's operator lists)
 * until the end needs more than 64 MB, so memory that grows with the sheet
 * count runs out here rather than in production.
 */
const HEAP_MB = 48;

/** A plan sheet with a band of 3,000 short hatch strokes below the plan: a few MB of linework per sheet. */
function hatchedSheet(index: number) {
  const { page } = planSheet({ feetPerPoint: 1 / 18, note: `1/4" = 1'-0"`, printedAreas: index % 2 === 0 });
  const hatch: string[] = [];
  for (let k = 0; k < HATCH_LINES; k++) {
    const x = 20 + (k % 150) * 5;
    const y = 8 + Math.floor(k / 150) * 2;
    hatch.push(`${x} ${y} m ${x + 3} ${y} l S`);
  }
  return { ...page, graphics: `${page.graphics ?? ''}\nq 0.1 w\n${hatch.join('\n')}\nQ` };
}

describe('PDF plan takeoff: memory over a long set', () => {
  let dir: string;
  let path: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kerf-pdf-memory-'));
    path = join(dir, 'plans.pdf');
    writeFileSync(
      path,
      writePdf(
        Array.from({ length: SHEETS }, (_, i) => hatchedSheet(i)),
        792,
        612,
      ),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`measures all ${SHEETS} sheets in the analysis process with a ${HEAP_MB} MB heap: memory does not grow with the sheet count`, async () => {
    const analysis = await analyzeInChildProcess(path, 'pdf', { timeoutMs: 600_000, maxOldSpaceMb: HEAP_MB });
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.pages?.length, SHEETS);
    // Every sheet was measured, the last as fully as the first.
    for (const page of [1, SHEETS]) {
      assert.equal(analysis.rooms!.filter((r) => r.page === page).length, 4, `rooms on page ${page}`);
      assert.ok(analysis.layers!.some((l) => l.page === page && l.entityCount >= HATCH_LINES));
    }
  });
});
