/**
 * Arcs plotted as their dashes. AutoCAD writes a dashed linetype (often a door's swing) as one path per
 * dash, with gaps between: no piece meets the next, so neither a curve nor the chains of `arcsOfLinePieces`
 * (pieces end to end) finds the swing. Dashes of one pen whose ends face each other across a gap no longer
 * than the dashes, each running on in the other's direction, are joined into a chain; a chain that follows a
 * circle is that arc. Each dash of an arc is written as a piece of it, in two chords or more.
 */
import { arcOfPolyline, type Arc } from './doors';
import type { Point } from './planar-graph';

export interface Dash {
  points: Point[];
  owner: number;
  /** The pen or layer: a chain is of one. */
  group: number;
}

/** A gap is at most this many times the shorter of the two dashes it lies between. */
const GAP_PER_DASH = 1.5;
/** How far (radians) the gap may turn from either dash's direction at its end: an arc's dashes turn a little. */
const FACING = (25 * Math.PI) / 180;
/** A chain of fewer dashes is no arc (two dashes are any two short lines in line). */
const MIN_DASHES = 3;

interface End {
  dash: number;
  /** 0: the dash's first point; 1: its last. */
  side: 0 | 1;
  at: Point;
  /** Outward direction along the dash at this end, unit length. */
  out: Point;
}

/** The arcs that chains of dashes follow, each with every dash as an owner; dashes longer than `maxDash` are left out. */
export function arcsOfDashes(dashes: readonly Dash[], maxDash: number): Arc[] {
  const kept: Array<{ dash: Dash; length: number }> = [];
  for (const dash of dashes) {
    const length = polylineLength(dash.points);
    // A dash of an arc is a piece of the arc, flattened into chords: two or more (a straight dash is a line's).
    if (dash.points.length >= 3 && length > 0 && length <= maxDash) kept.push({ dash, length });
  }
  const ends: End[] = [];
  kept.forEach(({ dash }, i) => {
    const p = dash.points;
    const first = outward(p[1], p[0]);
    const last = outward(p[p.length - 2], p[p.length - 1]);
    if (first) ends.push({ dash: i, side: 0, at: p[0], out: first });
    if (last) ends.push({ dash: i, side: 1, at: p[p.length - 1], out: last });
  });
  // Ends in a grid of cells about as large as a usual gap: a gap is at most GAP_PER_DASH of the shorter dash,
  // so each end looks only at the few cells its own dash's reach covers (a sheet has tens of thousands of
  // short lines, most of them hatching packed close).
  const lengths = kept.map((k) => k.length).sort((a, b) => a - b);
  // (No smaller than a sixth of the longest reach: a long dash scans at most 13 × 13 cells.)
  const cell = Math.max((lengths[lengths.length >> 1] ?? 1) * GAP_PER_DASH, (maxDash * GAP_PER_DASH) / 6, 1e-6);
  const grid = new Map<number, number[]>();
  const cellOf = (v: number) => Math.floor(v / cell);
  const keyOf = (cx: number, cy: number) => cx * 67_108_864 + cy;
  ends.forEach((end, e) => {
    const key = keyOf(cellOf(end.at.x), cellOf(end.at.y));
    const list = grid.get(key);
    if (list) list.push(e);
    else grid.set(key, [e]);
  });
  const cos = Math.cos(FACING);
  // Each end's nearest facing end of another dash of the same pen.
  const best = ends.map((end) => {
    const own = kept[end.dash];
    const reach = own.length * GAP_PER_DASH;
    const [x0, x1] = [cellOf(end.at.x - reach), cellOf(end.at.x + reach)];
    const [y0, y1] = [cellOf(end.at.y - reach), cellOf(end.at.y + reach)];
    let found = -1;
    let nearest = Infinity;
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++)
        for (const f of grid.get(keyOf(cx, cy)) ?? []) {
          const other = ends[f];
          if (other.dash === end.dash || kept[other.dash].dash.group !== own.dash.group) continue;
          const gx = other.at.x - end.at.x;
          const gy = other.at.y - end.at.y;
          const gap = Math.hypot(gx, gy);
          if (gap === 0 || gap >= nearest || gap > Math.min(own.length, kept[other.dash].length) * GAP_PER_DASH)
            continue;
          // The gap runs on from this dash, and the other dash runs on from the gap.
          if ((gx * end.out.x + gy * end.out.y) / gap < cos) continue;
          if (-(gx * other.out.x + gy * other.out.y) / gap < cos) continue;
          found = f;
          nearest = gap;
        }
    return found;
  });
  // Joined where two ends choose each other.
  const partner = best.map((f, e) => (f >= 0 && best[f] === e ? f : -1));
  const endOf = new Map<string, number>();
  ends.forEach((end, e) => endOf.set(`${end.dash}:${end.side}`, e));

  const used = new Uint8Array(kept.length);
  const arcs: Arc[] = [];
  for (let start = 0; start < kept.length; start++) {
    if (used[start]) continue;
    // Walk back to the chain's first dash, then forward along it.
    let first = start;
    let entry: 0 | 1 = 0;
    for (let steps = 0; steps < kept.length; steps++) {
      const e = endOf.get(`${first}:${entry}`);
      const f = e === undefined ? -1 : partner[e];
      if (f < 0 || ends[f].dash === start) break;
      first = ends[f].dash;
      entry = ends[f].side === 0 ? 1 : 0;
    }
    const points: Point[] = [];
    const owners: number[] = [];
    let current = first;
    let side = entry;
    while (current >= 0 && !used[current]) {
      used[current] = 1;
      const dash = kept[current].dash;
      points.push(...(side === 0 ? dash.points : [...dash.points].reverse()));
      owners.push(dash.owner);
      const e = endOf.get(`${current}:${side === 0 ? 1 : 0}`);
      const f = e === undefined ? -1 : partner[e];
      if (f < 0) break;
      current = ends[f].dash;
      side = ends[f].side;
    }
    if (owners.length < MIN_DASHES) continue;
    const arc = arcOfPolyline(points, owners[0]);
    if (arc) arcs.push({ ...arc, owners });
  }
  return arcs;
}

function polylineLength(points: readonly Point[]): number {
  let length = 0;
  for (let k = 1; k < points.length; k++)
    length += Math.hypot(points[k].x - points[k - 1].x, points[k].y - points[k - 1].y);
  return length;
}

/** The unit direction from `from` to `to`, or undefined where they are one point. */
function outward(from: Point, to: Point): Point | undefined {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  return length > 0 ? { x: (to.x - from.x) / length, y: (to.y - from.y) / length } : undefined;
}
