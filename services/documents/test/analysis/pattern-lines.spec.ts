import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linesByPenAndDirection, patternSegments } from '../../src/analysis/geometry/patterns';
import type { Segment } from '../../src/analysis/geometry/planar-graph';

/** A seeded generator (a linear congruential one): the same sheet every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The rule read plainly: each line's neighbours are looked for in the order of their offsets across the
 * direction, every line of the group within reach tried, whether or not it lies beside this one.
 */
function patternSegmentsByOffsetOnly(segments: readonly Segment[], maxSpacing: number): Set<number> {
  const found = new Set<number>();
  const groups = linesByPenAndDirection(segments);
  for (const list of groups.values()) {
    if (list.length < 3) continue;
    list.sort((p, q) => p.offset - q.offset);
    list.forEach((s, i) => {
      const spacings = (direction: 1 | -1): number[] => {
        const out: number[] = [];
        for (let j = i + direction; j >= 0 && j < list.length && out.length < 6; j += direction) {
          const o = list[j];
          const gap = (o.offset - s.offset) * direction;
          if (gap > maxSpacing * 2) break;
          if (gap <= 1e-6) continue;
          if (Math.min(s.to, o.to) - Math.max(s.from, o.from) >= (s.to - s.from) * 0.5) out.push(gap);
        }
        return out;
      };
      const after = spacings(1);
      const before = spacings(-1);
      const even = (a: number, b: number) => Math.abs(a - b) <= Math.max(a, b) * 0.05;
      if (
        after.some((d) => d <= maxSpacing && (before.some((e) => even(d, e)) || after.some((e) => even(e, 2 * d)))) ||
        before.some((d) => d <= maxSpacing && before.some((e) => even(e, 2 * d)))
      )
        found.add(s.index);
    });
  }
  return found;
}

/**
 * Tile floors in several rooms (rows of short pieces at a few spacings, some uneven), long lines running
 * across many tiles, diagonal hatching, and walls: groups where neighbours by offset lie far apart along.
 */
function sheet(): Segment[] {
  const next = random(7);
  const segments: Segment[] = [];
  for (let room = 0; room < 12; room++) {
    const x0 = next() * 2000;
    const y0 = next() * 1500;
    const spacing = [9, 18, 36, 45][room % 4] * (room % 5 === 0 ? 1 + next() * 0.2 : 1);
    const pieces = 3 + Math.floor(next() * 6);
    for (let row = 0; row < 15; row++) {
      for (let k = 0; k < pieces; k++) {
        const x = x0 + k * spacing;
        const y = y0 + row * spacing + (next() - 0.5) * 1e-7;
        segments.push({ x1: x, y1: y, x2: x + spacing * (0.3 + next() * 0.7), y2: y, group: room % 3 });
        segments.push({
          x1: y - y0 + x0,
          y1: x - x0 + y0,
          x2: y - y0 + x0,
          y2: x - x0 + y0 + spacing,
          group: room % 3,
        });
      }
    }
    segments.push({ x1: x0 - 50, y1: y0 + spacing * 3.5, x2: x0 + 900, y2: y0 + spacing * 3.5, group: room % 3 });
    for (let k = 0; k < 10; k++)
      segments.push({ x1: x0 + k * 12, y1: y0, x2: x0 + k * 12 + 60, y2: y0 + 60, group: 1 });
  }
  for (let k = 0; k < 200; k++) {
    const x = next() * 2000;
    const y = next() * 1500;
    segments.push({ x1: x, y1: y, x2: x + next() * 300, y2: y, group: next() < 0.5 ? 0 : 4 });
  }
  return segments;
}

describe('lines of floor patterns', () => {
  it('finds the lines the plain scan over offsets finds, looking only beside each line', () => {
    const segments = sheet();
    for (const maxSpacing of [20, 45, 100]) {
      const found = patternSegments(segments, maxSpacing);
      assert.deepEqual(
        [...found].sort((a, b) => a - b),
        [...patternSegmentsByOffsetOnly(segments, maxSpacing)].sort((a, b) => a - b),
      );
      assert.ok(found.size > 100 && found.size < segments.length - 200);
    }
  });
});
