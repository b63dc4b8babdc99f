import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodeSegments } from '../../src/analysis/geometry/noding';
import type { PlanarGraph, Segment } from '../../src/analysis/geometry/planar-graph';
import { SubsetNoding } from '../../src/analysis/geometry/subset-noding';

/** A seeded generator (a linear congruential one): the same sheet every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Walls on a grid (ends a hair apart, so merged), with diagonal lines across them, pieces shorter than
 * the tolerance, and walls drawn twice: the first copy with the thin pattern pen, the second heavier.
 */
function sheet(): { segments: Segment[]; thinCopies: Set<Segment> } {
  const next = random(16);
  const segments: Segment[] = [];
  const thinCopies = new Set<Segment>();
  for (let k = 0; k < 30; k++) {
    const wobble = (next() - 0.5) * 0.008;
    segments.push({ x1: 0, y1: k * 10 + wobble, x2: 290 + wobble, y2: k * 10, group: 0 });
    segments.push({ x1: k * 10, y1: wobble, x2: k * 10 - wobble, y2: 290, group: 0 });
  }
  for (let k = 0; k < 200; k++) {
    const x = next() * 280;
    const y = next() * 280;
    const angle = next() * Math.PI;
    const length = 2 + next() * 40;
    const line = { x1: x, y1: y, x2: x + Math.cos(angle) * length, y2: y + Math.sin(angle) * length, group: 1 };
    if (k % 10 === 0) {
      const thin = { ...line, group: 2 };
      thinCopies.add(thin);
      segments.push(thin);
    }
    segments.push(line);
    if (k % 25 === 0) segments.push({ x1: x, y1: y, x2: x + 0.001, y2: y, group: 1 });
  }
  return { segments, thinCopies };
}

const plain = (graph: PlanarGraph) => ({
  xs: [...graph.xs],
  ys: [...graph.ys],
  from: [...graph.from],
  to: [...graph.to],
  group: [...graph.group],
});

describe('noding a part of linework already noded', () => {
  const tolerance = 0.01;

  it('gives the graph noding the part afresh gives, the first copies of doubled walls left out', () => {
    const { segments, thinCopies } = sheet();
    const noding = new SubsetNoding(tolerance);
    assert.deepEqual(plain(noding.node(segments)), plain(nodeSegments(segments, tolerance)));
    // Without the thin copies (a floor pattern's lines), and only what lies in part of the sheet: the
    // heavier copies are kept now, and their cuts were never looked for in the first noding.
    const part = segments.filter((s) => !thinCopies.has(s) && Math.min(s.x1, s.x2) < 200);
    const afresh = nodeSegments(part, tolerance);
    const reused = noding.node(part);
    assert.deepEqual(plain(reused), plain(afresh));
    // The doubled walls cross other lines: the part's graph holds their crossings.
    assert.ok(afresh.from.length > part.length);
  });

  it('nodes afresh what is not some of the first segments in their order', () => {
    const { segments } = sheet();
    const noding = new SubsetNoding(tolerance);
    noding.node(segments);
    const reversed = segments.slice(0, 120).reverse();
    assert.deepEqual(plain(noding.node(reversed)), plain(nodeSegments(reversed, tolerance)));
    const other = [...segments.slice(0, 50), { x1: -5, y1: 5, x2: 300, y2: 5, group: 3 }];
    assert.deepEqual(plain(noding.node(other)), plain(nodeSegments(other, tolerance)));
  });
});
