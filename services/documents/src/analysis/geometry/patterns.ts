/**
 * Fill patterns drawn as lines (floor tiles, hatching): rows of parallel lines
 * of one pen at an even spacing. Walls are not drawn so: a room is wider than
 * a tile, and its opposite walls are not flanked by more lines at the same
 * spacing.
 */
import type { Point, Segment } from './planar-graph';
import { lowerBound } from './lower-bound';

/**
 * Indices of the segments that belong to a pattern: each has, in its own
 * group and direction (within 1°), overlapping parallel neighbours at an
 * even spacing of at most `maxSpacing`, two on one side or one on each
 * (three lines in a row at least).
 */
/**
 * The segments grouped by pen and direction (1° buckets), each as its offset
 * across the direction and its extent along it; a group is in segment order.
 */
export function linesByPenAndDirection(segments: readonly Segment[]): Map<string, Line[]> {
  const groups = new Map<string, Line[]>();
  segments.forEach((s, index) => {
    if (Math.hypot(s.x2 - s.x1, s.y2 - s.y1) === 0) return;
    const { bucket, offset, from, to } = inDirectionFrame(s.x1, s.y1, s.x2, s.y2);
    const key = `${s.group}:${bucket}`;
    const list = groups.get(key);
    const entry = { index, offset, from, to };
    if (list) list.push(entry);
    else groups.set(key, [entry]);
  });
  return groups;
}

/**
 * A piece in the frame of its direction's 1° bucket (0..179): its offset across that direction (from its
 * first end) and its extent along it.
 */
export function inDirectionFrame(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): { bucket: number; offset: number; from: number; to: number } {
  let angle = Math.atan2(y2 - y1, x2 - x1);
  if (angle < 0) angle += Math.PI;
  if (angle >= Math.PI - 1e-9) angle = 0;
  const bucket = Math.round((angle * 180) / Math.PI) % 180;
  const a = (bucket * Math.PI) / 180;
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  const p1 = ux * x1 + uy * y1;
  const p2 = ux * x2 + uy * y2;
  return { bucket, offset: -uy * x1 + ux * y1, from: Math.min(p1, p2), to: Math.max(p1, p2) };
}

export function patternSegments(segments: readonly Segment[], maxSpacing: number): Set<number> {
  const found = new Set<number>();
  const groups = linesByPenAndDirection(segments);
  for (const list of groups.values()) {
    if (list.length < 3) continue;
    list.sort((p, q) => p.offset - q.offset);
    const columns = new Columns(list, maxSpacing / 100);
    // The band of offsets within reach of line i, on each side: [low, high] indices, moved along with i.
    let low = 0;
    let high = 0;
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      while (s.offset - list[low].offset > maxSpacing * 2) low++;
      while (high + 1 < list.length && list[high + 1].offset - s.offset <= maxSpacing * 2) high++;
      // Offsets of the overlapping lines within reach on each side, nearest first (a few are enough).
      // Only lines sharing a column with this one can overlap it.
      const spacings = (direction: 1 | -1): number[] =>
        columns.gaps(list, i, direction, direction === 1 ? high : low, []);
      const after = spacings(1);
      const before = spacings(-1);
      const even = (a: number, b: number) => Math.abs(a - b) <= Math.max(a, b) * 0.05;
      const regular =
        after.some((d) => d <= maxSpacing && (before.some((e) => even(d, e)) || after.some((e) => even(e, 2 * d)))) ||
        before.some((d) => d <= maxSpacing && before.some((e) => even(e, 2 * d)));
      if (regular) found.add(s.index);
    }
  }
  return found;
}

/**
 * A group's lines (sorted by offset) listed by columns across their direction: lines of one row of a
 * pattern lie side by side along it, and only lines sharing a column can overlap.
 */
class Columns {
  private readonly cells = new Map<number, number[]>();
  private readonly start: number;
  private readonly width: number;

  constructor(list: ReadonlyArray<{ from: number; to: number }>, minWidth: number) {
    let start = Infinity;
    let end = -Infinity;
    let length = 0;
    for (const l of list) {
      start = Math.min(start, l.from);
      end = Math.max(end, l.to);
      length += l.to - l.from;
    }
    this.start = start;
    // Twice as wide as a line is long on average: each line is listed in a column or two. A million
    // columns at most however short the lines (and one if they are points).
    this.width = Math.max(minWidth, (length / list.length) * 2, (end - start) / 1e6) || 1;
    list.forEach((l, j) => {
      for (let c = this.column(l.from); c <= this.column(l.to); c++) {
        const cell = this.cells.get(c);
        if (cell) cell.push(j);
        else this.cells.set(c, [j]);
      }
    });
  }

  private column(at: number): number {
    return Math.floor((at - this.start) / this.width);
  }

  /**
   * The gaps to the lines within `bound` (an index, inclusive) from line `at` in `direction` that overlap
   * it by half its length at least, the nearest first, six at most, into `out`. Only lines sharing a
   * column with it can overlap it.
   */
  gaps(list: readonly Line[], at: number, direction: 1 | -1, bound: number, out: number[]): number[] {
    const line = list[at];
    const firstColumn = this.column(line.from);
    const lastColumn = this.column(line.to);
    if (firstColumn === lastColumn) {
      // Most lines lie in one column: its list is the lines to look at.
      const cell = this.cells.get(firstColumn)!;
      if (direction === 1) {
        for (let k = lowerBound(cell, at + 1); k < cell.length && cell[k] <= bound; k++)
          if (!addGap(line, list[cell[k]], direction, out)) break;
      } else {
        for (let k = lowerBound(cell, at) - 1; k >= 0 && cell[k] >= bound; k--)
          if (!addGap(line, list[cell[k]], direction, out)) break;
      }
      return out;
    }
    // A line across several columns: the lines listed in any of them, each once, in order (their lists merged).
    const cells: number[][] = [];
    const heads: number[] = [];
    for (let c = firstColumn; c <= lastColumn; c++) {
      const cell = this.cells.get(c);
      if (!cell) continue;
      cells.push(cell);
      heads.push(direction === 1 ? lowerBound(cell, at + 1) : lowerBound(cell, at) - 1);
    }
    for (;;) {
      // The next line in the direction: the least index ahead (or the greatest behind).
      let next = -1;
      for (let c = 0; c < cells.length; c++) {
        const k = heads[c];
        if (k < 0 || k >= cells[c].length) continue;
        const j = cells[c][k];
        if (next < 0 || (direction === 1 ? j < next : j > next)) next = j;
      }
      if (next < 0 || (direction === 1 ? next > bound : next < bound)) break;
      for (let c = 0; c < cells.length; c++) if (cells[c][heads[c]] === next) heads[c] += direction;
      if (!addGap(line, list[next], direction, out)) break;
    }
    return out;
  }
}

export interface Line {
  index: number;
  /** Where the line lies across its direction, and where it runs along it. */
  offset: number;
  from: number;
  to: number;
}

/** Adds the gap to `other` if it lies apart from `line` and overlaps it by half its length; false once six are found. */
function addGap(line: Line, other: Line, direction: 1 | -1, out: number[]): boolean {
  const gap = (other.offset - line.offset) * direction;
  if (gap > 1e-6 && Math.min(line.to, other.to) - Math.max(line.from, other.from) >= (line.to - line.from) * 0.5)
    out.push(gap);
  return out.length < 6;
}

/**
 * Revision clouds: scallops (curved pieces bulging through more than 100°,
 * none longer than `maxChord` end to end) chained end to end, at least three
 * in a row, drawn round a change. They are annotation, not walls. `pieces`
 * are the curve-only pieces of the drawing; returns the owners of the
 * scallops that are part of a cloud.
 */
export function cloudOwners(
  pieces: ReadonlyArray<{ owner: number; points: readonly Point[] }>,
  maxChord: number,
): Set<number> {
  // A cloud drawn as one path is split at its cusps, where one scallop turns sharply into the next.
  const runs: Array<{ owner: number; points: readonly Point[] }> = [];
  for (const { owner, points } of pieces) {
    let start = 0;
    for (let k = 1; k < points.length - 1; k++) {
      const a = Math.atan2(points[k].y - points[k - 1].y, points[k].x - points[k - 1].x);
      const b = Math.atan2(points[k + 1].y - points[k].y, points[k + 1].x - points[k].x);
      let turn = Math.abs(b - a);
      if (turn > Math.PI) turn = 2 * Math.PI - turn;
      if (turn > Math.PI / 4) {
        runs.push({ owner, points: points.slice(start, k + 1) });
        start = k;
      }
    }
    runs.push({ owner, points: points.slice(start) });
  }
  const scallops = runs.filter(({ points }) => {
    const a = points[0];
    const b = points[points.length - 1];
    if (points.length < 3 || Math.hypot(b.x - a.x, b.y - a.y) > maxChord) return false;
    let turning = 0;
    let previous: number | undefined;
    for (let k = 1; k < points.length; k++) {
      const dx = points[k].x - points[k - 1].x;
      const dy = points[k].y - points[k - 1].y;
      if (dx === 0 && dy === 0) continue;
      const angle = Math.atan2(dy, dx);
      if (previous !== undefined) {
        let step = angle - previous;
        if (step > Math.PI) step -= 2 * Math.PI;
        if (step < -Math.PI) step += 2 * Math.PI;
        turning += step;
      }
      previous = angle;
    }
    return Math.abs(turning) >= (100 * Math.PI) / 180;
  });
  if (scallops.length < 3) return new Set();
  // Ends on a grid fine enough for the drawing's precision: scallops of one cloud meet exactly.
  const cell = maxChord / 200;
  const keyOf = (p: Point) => Math.round(p.x / cell) * 67_108_864 + Math.round(p.y / cell);
  const atEnd = new Map<number, number[]>();
  scallops.forEach(({ points }, i) => {
    for (const p of [points[0], points[points.length - 1]]) {
      const key = keyOf(p);
      const list = atEnd.get(key);
      if (list) list.push(i);
      else atEnd.set(key, [i]);
    }
  });
  // Connected chains of scallops through shared ends; chains of three or more are clouds.
  const chain = new Int32Array(scallops.length).fill(-1);
  const owners = new Set<number>();
  for (let start = 0; start < scallops.length; start++) {
    if (chain[start] >= 0) continue;
    const members = [start];
    chain[start] = start;
    for (let m = 0; m < members.length; m++) {
      const { points } = scallops[members[m]];
      for (const p of [points[0], points[points.length - 1]]) {
        for (const j of atEnd.get(keyOf(p)) ?? []) {
          if (chain[j] < 0) {
            chain[j] = start;
            members.push(j);
          }
        }
      }
    }
    if (members.length >= 3) for (const m of members) owners.add(scallops[m].owner);
  }
  return owners;
}

/**
 * How much of a ring's outline lies along the given lines (within `tolerance` of one line for the
 * whole of an edge): for a face of noded linework, the length of its sides drawn by those lines.
 */
export function lengthAlongLines(ring: readonly Point[], lines: readonly Segment[], tolerance: number): number {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of ring) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const near = lines.filter(
    (s) =>
      Math.max(s.x1, s.x2) >= minX - tolerance &&
      Math.min(s.x1, s.x2) <= maxX + tolerance &&
      Math.max(s.y1, s.y2) >= minY - tolerance &&
      Math.min(s.y1, s.y2) <= maxY + tolerance,
  );
  // Whether the point lies on the segment: within tolerance of its line, between its ends.
  const on = (s: Segment, p: Point) => {
    const dx = s.x2 - s.x1;
    const dy = s.y2 - s.y1;
    const length = Math.hypot(dx, dy);
    if (length === 0) return false;
    const along = ((p.x - s.x1) * dx + (p.y - s.y1) * dy) / length;
    const across = Math.abs((p.x - s.x1) * dy - (p.y - s.y1) * dx) / length;
    return across <= tolerance && along >= -tolerance && along <= length + tolerance;
  };
  // The near lines by the cells of a grid over the ring's box (a face round furniture or plants has thousands
  // of edges, a sheet thousands of lines): an edge is looked for only among the lines through its first end's cell.
  const side = Math.max(1, Math.ceil(Math.sqrt(near.length) / 2));
  const cellW = Math.max((maxX - minX) / side, tolerance, 1e-9);
  const cellH = Math.max((maxY - minY) / side, tolerance, 1e-9);
  const column = (x: number) => Math.min(side - 1, Math.max(0, Math.floor((x - minX) / cellW)));
  const row = (y: number) => Math.min(side - 1, Math.max(0, Math.floor((y - minY) / cellH)));
  const cells: Segment[][] = Array.from({ length: side * side }, () => []);
  for (const s of near) {
    const c0 = column(Math.min(s.x1, s.x2) - tolerance);
    const c1 = column(Math.max(s.x1, s.x2) + tolerance);
    const r0 = row(Math.min(s.y1, s.y2) - tolerance);
    const r1 = row(Math.max(s.y1, s.y2) + tolerance);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells[r * side + c].push(s);
  }
  let total = 0;
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length];
    if (cells[row(a.y) * side + column(a.x)].some((s) => on(s, a) && on(s, b)))
      total += Math.hypot(b.x - a.x, b.y - a.y);
  });
  return total;
}
