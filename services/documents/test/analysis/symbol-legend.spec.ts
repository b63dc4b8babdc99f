/**
 * Symbols named from a legend (pdf/symbol-legend.ts): the sample under a
 * legend heading with its description beside it names the symbol; a plan's
 * symbol beside a room name, a code or a sentence about symbols does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { legendEntries } from '../../src/analysis/pdf/symbol-legend';
import type { TextLine } from '../../src/analysis/pdf/pdf-layout';

/** A line of text with its baseline at y (page points, y down), 8 pt high, about 4.4 pt a letter. */
const text = (value: string, x: number, y: number): TextLine => ({
  runs: [],
  text: value,
  x,
  y,
  right: x + value.length * 4.4,
  height: 8,
});
// A receptacle symbol 12 pt across: two in the plan, one in the legend at (620, 150).
const receptacle = {
  size: 12,
  at: [
    { x: 100, y: 100 },
    { x: 300, y: 220 },
    { x: 620, y: 150 },
  ],
};

describe('symbols named from a legend', () => {
  it('names a symbol from the description beside its sample under a LEGEND heading', () => {
    const entries = legendEntries(
      [receptacle],
      [text('ELECTRICAL LEGEND', 600, 110), text('DUPLEX RECEPTACLE', 634, 154)],
    );
    assert.deepEqual([...entries], [[0, { name: 'DUPLEX RECEPTACLE', sample: 2 }]]);
  });

  it('names nothing from a room name beside a plan’s symbol, a code, or a sentence about symbols', () => {
    const phrases = [
      text('NOTE: NOT ALL SYMBOLS MAY BE USED ON EACH PLAN', 560, 100),
      text('OFFICE', 112, 104),
      text('CPT-1', 634, 154),
    ];
    assert.equal(legendEntries([receptacle], phrases).size, 0);
    // The heading is there, but the only text beside the sample is a finish code.
    assert.equal(legendEntries([receptacle], [text('LEGEND', 600, 110), text('CPT-1', 634, 154)]).size, 0);
    // A description far below the heading's table, or left of the sample, names nothing.
    assert.equal(legendEntries([receptacle], [text('LEGEND', 600, 110), text('DUPLEX RECEPTACLE', 500, 154)]).size, 0);
  });
});
