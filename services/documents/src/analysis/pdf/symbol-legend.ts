/**
 * Symbols named from the sheet's legend: a legend draws one of each symbol
 * with what it is written beside it ("RECESSED DOWNLIGHT"), in a table under a
 * LEGEND (or SYMBOLS) heading. That sample names the symbol and is no fixture
 * of the plan: it is left out of the count. (Rows without a heading are not
 * enough: a plan's own symbols stand beside room names in columns too.)
 */
import type { Point } from '../geometry/planar-graph';
import type { TextLine } from './pdf-layout';

/** A legend's heading: a short line naming it ("LEGEND", "ELECTRICAL SYMBOLS"), not a sentence about symbols. */
const HEADING = /\b(?:LEGEND|SYMBOLS?)\b/i;
const HEADING_WORDS = 5;
/** A description has a word of four letters or more: not a code ("CPT-1", "L1"), a dimension or a number. */
const DESCRIPTION = /(?:^|[^A-Za-z0-9-])[A-Za-z]{4,}(?![A-Za-z0-9]|-\d)/;
/** How far right of a sample its description may start: this many sample sizes, or an inch. */
const REACH_SIZES = 6;
/** A heading is above its rows by at most this many points (a legend table of a dozen rows). */
const HEADING_REACH = 360;

export interface LegendEntry {
  /** What the legend says the symbol is. */
  name: string;
  /** The legend's sample among the symbol's instances (index into `at`). */
  sample: number;
}

/**
 * The legend entry of each repeated shape (by index), where the sheet has one: an instance with a
 * description just right of it, on its line, under a legend heading.
 */
export function legendEntries(
  shapes: ReadonlyArray<{ size: number; at: readonly Point[] }>,
  phrases: readonly TextLine[],
): Map<number, LegendEntry> {
  const descriptions = phrases.filter((p) => DESCRIPTION.test(p.text) && !HEADING.test(p.text));
  const headings = phrases.filter((p) => HEADING.test(p.text) && p.text.trim().split(/\s+/).length <= HEADING_WORDS);
  const rows: Array<{ shape: number; sample: number; at: Point; text: TextLine }> = [];
  shapes.forEach((shape, index) => {
    // Cheap bound: a sheet's many instances against its many phrases.
    if (shape.at.length * descriptions.length > 20_000_000) return;
    const reach = Math.max(shape.size * REACH_SIZES, 72);
    let best: { sample: number; text: TextLine; gap: number } | undefined;
    shape.at.forEach((at, sample) => {
      const right = at.x + shape.size / 2;
      for (const text of descriptions) {
        const gap = text.x - right;
        const middle = text.y - text.height / 2;
        if (gap < -shape.size * 0.25 || gap > reach) continue;
        if (Math.abs(middle - at.y) > Math.max(shape.size / 2, text.height)) continue;
        if (!best || gap < best.gap) best = { sample, text, gap };
      }
    });
    if (best) rows.push({ shape: index, sample: best.sample, at: shape.at[best.sample], text: best.text });
  });
  const entries = new Map<number, LegendEntry>();
  for (const row of rows) {
    const size = shapes[row.shape].size;
    const headed = headings.some(
      (h) =>
        h.y < row.at.y && row.at.y - h.y <= HEADING_REACH && h.x <= row.text.right && h.right >= row.at.x - size * 2,
    );
    if (headed) entries.set(row.shape, { name: row.text.text.trim(), sample: row.sample });
  }
  return entries;
}
