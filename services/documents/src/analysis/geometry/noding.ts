/**
 * Noding: plain segments in any unit (page points for PDF, drawing units for
 * DXF) are split where they cross or touch, and endpoints within a tolerance
 * merged, giving the planar graph whose faces planar-graph.ts finds. A spatial
 * grid keeps it linear in the size of the drawing rather than quadratic.
 */
import type { PlanarGraph, Segment } from './planar-graph';

/** Bucketed segment indices over a square grid. */
class SegmentGrid {
  readonly cells = new Map<number, number[]>();
  constructor(
    readonly cellSize: number,
    private readonly originX: number,
    private readonly originY: number,
    private readonly columns: number,
  ) {}

  key(cx: number, cy: number): number {
    return cy * this.columns + cx;
  }

  cellX(x: number): number {
    return Math.floor((x - this.originX) / this.cellSize);
  }

  cellY(y: number): number {
    return Math.floor((y - this.originY) / this.cellSize);
  }

  /** Lists segment `index` in every cell its box (already grown by the tolerance) touches. */
  insert(index: number, minX: number, minY: number, maxX: number, maxY: number): void {
    const x0 = this.cellX(minX);
    const x1 = this.cellX(maxX);
    const y1 = this.cellY(maxY);
    for (let cy = this.cellY(minY); cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const key = this.key(cx, cy);
        const list = this.cells.get(key);
        if (list) list.push(index);
        else this.cells.set(key, [index]);
      }
    }
  }
}

function bounds(segments: readonly Segment[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of segments) {
    minX = Math.min(minX, s.x1, s.x2);
    minY = Math.min(minY, s.y1, s.y2);
    maxX = Math.max(maxX, s.x1, s.x2);
    maxY = Math.max(maxY, s.y1, s.y2);
  }
  return { minX, minY, maxX, maxY };
}

/** A grid whose cells hold a few segments each on average (at least the tolerance wide). */
function gridFor(segments: readonly Segment[], tolerance: number): SegmentGrid {
  const { minX, minY, maxX, maxY } = bounds(segments);
  const width = Math.max(maxX - minX, tolerance);
  const height = Math.max(maxY - minY, tolerance);
  const cellSize = Math.max(Math.sqrt((width * height) / Math.max(segments.length, 1)) * 0.5, tolerance * 4);
  const columns = Math.ceil(width / cellSize) + 3;
  return new SegmentGrid(cellSize, minX - cellSize, minY - cellSize, columns);
}

/**
 * Splits segments where they cross, touch or end on one another (within
 * `tolerance`) and merges endpoints closer than `tolerance`, giving a planar
 * graph. Zero-length pieces and duplicate edges are dropped.
 */
export function nodeSegments(input: readonly Segment[], tolerance: number): PlanarGraph {
  const segments = keptSegments(input, tolerance);
  return graphOfCuts(segments, cutsBetween(segments, tolerance, false).cuts, tolerance);
}

/**
 * The segments noding keeps: longer than the tolerance, one copy of each. `place`, when given (as long
 * as the input), is told each input segment's place: its index among the kept, -1 if too short, -2 - k
 * if a copy of kept segment k.
 */
export function keptSegments(input: readonly Segment[], tolerance: number, place?: Int32Array): Segment[] {
  const long: Segment[] = [];
  // Where each of `long` is in the input.
  const at: number[] = [];
  input.forEach((s, i) => {
    if (Math.hypot(s.x2 - s.x1, s.y2 - s.y1) > tolerance) {
      long.push(s);
      if (place) at.push(i);
    } else if (place) place[i] = -1;
  });
  return withoutDuplicates(long, tolerance, place && { place, at });
}

/**
 * Parameters (0..1) along each segment where another cuts it (undefined where none does), and, when
 * `recordCutters`, every cut with the segment making it. Where two segments cut each other depends on
 * those two alone.
 */
export function cutsBetween(
  segments: readonly Segment[],
  tolerance: number,
  recordCutters: boolean,
): { cuts: Array<number[] | undefined>; log: CutLog } {
  const grid = gridFor(segments, tolerance);
  const count = segments.length;
  // Each segment's box grown by the tolerance, flat: most pairs sharing a cell are told apart by it alone.
  const minX = new Float64Array(count);
  const minY = new Float64Array(count);
  const maxX = new Float64Array(count);
  const maxY = new Float64Array(count);
  segments.forEach((s, i) => {
    minX[i] = Math.min(s.x1, s.x2) - tolerance;
    minY[i] = Math.min(s.y1, s.y2) - tolerance;
    maxX[i] = Math.max(s.x1, s.x2) + tolerance;
    maxY[i] = Math.max(s.y1, s.y2) + tolerance;
    grid.insert(i, minX[i], minY[i], maxX[i], maxY[i]);
  });
  // Most segments have no cut.
  const cuts: Array<number[] | undefined> = new Array<number[] | undefined>(count);
  const log = new CutLog();
  const cut: CutAt = recordCutters
    ? (index, t, by) => {
        (cuts[index] ??= []).push(t);
        log.add(index, t, by);
      }
    : (index, t) => {
        (cuts[index] ??= []).push(t);
      };
  grid.cells.forEach((list, key) => {
    for (let a = 0; a < list.length; a++) {
      const i = list[a];
      for (let b = a + 1; b < list.length; b++) {
        const j = list[b];
        if (minX[i] > maxX[j] || minX[j] > maxX[i] || minY[i] > maxY[j] || minY[j] > maxY[i]) continue;
        // A pair sharing several cells is tested only in the cell holding the corner of their overlap.
        const cornerX = Math.max(minX[i], minX[j]);
        const cornerY = Math.max(minY[i], minY[j]);
        if (grid.key(grid.cellX(cornerX), grid.cellY(cornerY)) !== key) continue;
        intersect(segments[i], segments[j], tolerance, i, j, cut);
      }
    }
  });
  return { cuts, log };
}

/** Cuts in the order found: segment `index[c]` cut at `t[c]` by segment `by[c]`, for c below `count`. */
export class CutLog {
  index = new Int32Array(1024);
  t = new Float64Array(1024);
  by = new Int32Array(1024);
  count = 0;

  add(index: number, t: number, by: number): void {
    if (this.count === this.index.length) {
      const grow = <T extends Float64Array | Int32Array>(old: T, next: T): T => (next.set(old), next);
      this.index = grow(this.index, new Int32Array(this.count * 2));
      this.t = grow(this.t, new Float64Array(this.count * 2));
      this.by = grow(this.by, new Int32Array(this.count * 2));
    }
    this.index[this.count] = index;
    this.t[this.count] = t;
    this.by[this.count++] = by;
  }
}

/** The planar graph of the segments cut at `cuts` (parameters along each), ends within the tolerance merged. */
export function graphOfCuts(
  segments: readonly Segment[],
  cuts: ReadonlyArray<readonly number[] | undefined>,
  tolerance: number,
): PlanarGraph {
  const count = segments.length;
  // A segment's ends and cuts are its vertices; on a drawing most are shared by two or more.
  const vertices = new VertexIndex(tolerance, count);
  const from: number[] = [];
  const to: number[] = [];
  const groups: number[] = [];
  const edges = new PairSet(count * 2);
  for (let i = 0; i < count; i++) {
    const { x1, y1, group } = segments[i];
    const dx = segments[i].x2 - x1;
    const dy = segments[i].y2 - y1;
    // Every point along the segment, its ends too, is (x1, y1) + t (dx, dy): computed alike, rounded alike.
    let previous = vertices.at(x1 + dx * 0, y1 + dy * 0);
    const inner = cuts[i];
    // Cuts lie strictly between the segment's ends (parameters 0 and 1): in order along it.
    if (inner)
      for (const t of Float64Array.from(inner).sort())
        previous = addEdge(previous, vertices.at(x1 + dx * t, y1 + dy * t), group);
    addEdge(previous, vertices.at(x1 + dx * 1, y1 + dy * 1), group);
  }
  /** Adds the edge from `a` to `b` unless it is a point or already there; answers `b`. */
  function addEdge(a: number, b: number, group: number): number {
    if (a !== b && edges.add(Math.min(a, b), Math.max(a, b))) {
      from.push(a);
      to.push(b);
      groups.push(group);
    }
    return b;
  }
  return {
    xs: vertices.xs.slice(0, vertices.count),
    ys: vertices.ys.slice(0, vertices.count),
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    group: Int32Array.from(groups),
  };
}

/**
 * One copy of each segment (either direction, ends equal on a grid of the
 * tolerance): exports draw walls twice, once as a fill's outline and once stroked.
 */
function withoutDuplicates(
  segments: readonly Segment[],
  tolerance: number,
  places?: { place: Int32Array; at: readonly number[] },
): Segment[] {
  const cell = Math.max(tolerance, 1e-9);
  const key = (x: number, y: number) => Math.round(x / cell) * 134_217_728 + Math.round(y / cell);
  // Each pair of ends with the index of its kept copy.
  const seen = new PairSet(segments.length);
  const kept: Segment[] = [];
  segments.forEach((s, i) => {
    const a = key(s.x1, s.y1);
    const b = key(s.x2, s.y2);
    const added = a < b ? seen.add(a, b, kept.length) : seen.add(b, a, kept.length);
    if (places)
      places.place[places.at[i]] = added ? kept.length : -2 - (a < b ? seen.valueOf(a, b) : seen.valueOf(b, a));
    if (added) kept.push(s);
  });
  return kept;
}

/** Segment `index` is cut at parameter `t` by segment `by`. */
export type CutAt = (index: number, t: number, by: number) => void;

/** Adds to each segment's cut list where the other crosses it or ends on it (`si` < `oi` in noding's order). */
export function intersect(s: Segment, o: Segment, tolerance: number, si: number, oi: number, cut: CutAt): void {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const ex = o.x2 - o.x1;
  const ey = o.y2 - o.y1;
  const sLength = Math.hypot(dx, dy);
  const oLength = Math.hypot(ex, ey);
  const denominator = dx * ey - dy * ex;
  if (Math.abs(denominator) > 1e-9 * sLength * oLength) {
    const t = ((o.x1 - s.x1) * ey - (o.y1 - s.y1) * ex) / denominator;
    const u = ((o.x1 - s.x1) * dy - (o.y1 - s.y1) * dx) / denominator;
    const tTol = tolerance / sLength;
    const uTol = tolerance / oLength;
    if (t >= -tTol && t <= 1 + tTol && u >= -uTol && u <= 1 + uTol) {
      // Cuts at a segment's own ends add nothing: its ends are vertices anyway.
      if (t > 0 && t < 1) cut(si, t, oi);
      if (u > 0 && u < 1) cut(oi, u, si);
      return;
    }
  }
  // Parallel, or meeting only near an end: each endpoint lying on the other segment cuts it.
  onSegment(o.x1, o.y1, s, sLength, tolerance, si, oi, cut);
  onSegment(o.x2, o.y2, s, sLength, tolerance, si, oi, cut);
  onSegment(s.x1, s.y1, o, oLength, tolerance, oi, si, cut);
  onSegment(s.x2, s.y2, o, oLength, tolerance, oi, si, cut);
}

function onSegment(
  px: number,
  py: number,
  s: Segment,
  length: number,
  tolerance: number,
  index: number,
  by: number,
  cut: CutAt,
): void {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const t = ((px - s.x1) * dx + (py - s.y1) * dy) / (length * length);
  if (t <= 0 || t >= 1) return;
  const distance = Math.abs((px - s.x1) * dy - (py - s.y1) * dx) / length;
  if (distance <= tolerance) cut(index, t, by);
}

/** Slots in an open-addressing table of `entries` at most half full (a power of two). */
function slotsFor(entries: number): number {
  let size = 16;
  while (size < entries * 2) size *= 2;
  return size;
}

/**
 * Vertices merged within a tolerance, found through a hash table of grid cells
 * (open addressing, in typed arrays: a big sheet has a few hundred thousand).
 * A point is merged with the first vertex made that lies within the tolerance,
 * looking in the cells round it left to right, then top to bottom.
 */
class VertexIndex {
  xs: Float64Array;
  ys: Float64Array;
  count = 0;
  /** Each vertex's successor in its cell's list (-1 at the end); a cell's list is in the order made. */
  private nextInCell: Int32Array;
  /** The table: each used slot is one cell, with its coordinates and its first and last vertex. */
  private slotX: Float64Array;
  private slotY: Float64Array;
  private first: Int32Array;
  private last: Int32Array;
  private cellsUsed = 0;
  private readonly cell: number;
  /** `expected`: about how many vertices there will be (the tables grow beyond it). */
  constructor(
    private readonly tolerance: number,
    expected: number,
  ) {
    this.cell = Math.max(tolerance * 2, 1e-9);
    const size = Math.max(expected, 1024);
    this.xs = new Float64Array(size);
    this.ys = new Float64Array(size);
    this.nextInCell = new Int32Array(size);
    const slots = slotsFor(size);
    this.slotX = new Float64Array(slots);
    this.slotY = new Float64Array(slots);
    this.first = new Int32Array(slots).fill(-1);
    this.last = new Int32Array(slots);
  }

  /** The slot of cell (cx, cy): where it is, or the empty slot where it would go. */
  private slotOf(cx: number, cy: number): number {
    const mask = this.first.length - 1;
    let slot = (Math.imul(cx, 0x9e3779b1) ^ Math.imul(cy, 0x85ebca6b)) & mask;
    while (this.first[slot] >= 0 && (this.slotX[slot] !== cx || this.slotY[slot] !== cy)) slot = (slot + 1) & mask;
    return slot;
  }

  at(x: number, y: number): number {
    const { tolerance, cell } = this;
    // Only the cells within the tolerance of the point can hold a vertex it merges with (2 by 2 at most).
    const lastX = Math.floor((x + tolerance) / cell);
    const lastY = Math.floor((y + tolerance) / cell);
    const firstY = Math.floor((y - tolerance) / cell);
    for (let ix = Math.floor((x - tolerance) / cell); ix <= lastX; ix++) {
      for (let iy = firstY; iy <= lastY; iy++) {
        for (let v = this.first[this.slotOf(ix, iy)]; v >= 0; v = this.nextInCell[v]) {
          if (Math.abs(this.xs[v] - x) <= tolerance && Math.abs(this.ys[v] - y) <= tolerance) return v;
        }
      }
    }
    const index = this.count++;
    if (index === this.xs.length) this.growVertices();
    this.xs[index] = x;
    this.ys[index] = y;
    this.nextInCell[index] = -1;
    if ((this.cellsUsed + 1) * 2 > this.first.length) this.growTable();
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    const slot = this.slotOf(cx, cy);
    if (this.first[slot] < 0) {
      this.first[slot] = index;
      this.slotX[slot] = cx;
      this.slotY[slot] = cy;
      this.cellsUsed++;
    } else this.nextInCell[this.last[slot]] = index;
    this.last[slot] = index;
    return index;
  }

  private growVertices(): void {
    const size = this.xs.length * 2;
    const grow = <T extends Float64Array | Int32Array>(old: T, next: T): T => (next.set(old), next);
    this.xs = grow(this.xs, new Float64Array(size));
    this.ys = grow(this.ys, new Float64Array(size));
    this.nextInCell = grow(this.nextInCell, new Int32Array(size));
  }

  private growTable(): void {
    const { slotX, slotY, first, last } = this;
    const size = first.length * 2;
    this.slotX = new Float64Array(size);
    this.slotY = new Float64Array(size);
    this.first = new Int32Array(size).fill(-1);
    this.last = new Int32Array(size);
    for (let old = 0; old < first.length; old++) {
      if (first[old] < 0) continue;
      const slot = this.slotOf(slotX[old], slotY[old]);
      this.slotX[slot] = slotX[old];
      this.slotY[slot] = slotY[old];
      this.first[slot] = first[old];
      this.last[slot] = last[old];
    }
  }
}

/** Ordered pairs of numbers (vertex indices, endpoint keys), in an open-addressing table. */
class PairSet {
  private firsts: Float64Array;
  private seconds: Float64Array;
  private used: Uint8Array;
  /** A number kept with each pair. */
  private values: Int32Array;
  private size = 0;
  /** `expected`: about how many pairs there will be (the table grows beyond it). */
  constructor(expected: number) {
    const slots = slotsFor(Math.max(expected, 1024));
    this.firsts = new Float64Array(slots);
    this.seconds = new Float64Array(slots);
    this.used = new Uint8Array(slots);
    this.values = new Int32Array(slots);
  }
  /** A number's bits, for hashing it. */
  private static readonly bits = new Float64Array(2);
  private static readonly words = new Int32Array(PairSet.bits.buffer);

  /** Adds the pair, with `value`; false if it was there. */
  add(first: number, second: number, value = 0): boolean {
    const slot = this.slotOf(first, second);
    if (this.used[slot]) return false;
    this.used[slot] = 1;
    this.firsts[slot] = first;
    this.seconds[slot] = second;
    this.values[slot] = value;
    if (++this.size * 2 > this.used.length) this.grow();
    return true;
  }

  /** The value added with the pair (which is there). */
  valueOf(first: number, second: number): number {
    return this.values[this.slotOf(first, second)];
  }

  private slotOf(first: number, second: number): number {
    const { bits, words } = PairSet;
    // + 0: -0 is 0, and hashes alike.
    bits[0] = first + 0;
    bits[1] = second + 0;
    const mask = this.used.length - 1;
    let slot =
      (Math.imul(words[0] ^ Math.imul(words[1], 0x27d4eb2d), 0x9e3779b1) ^
        Math.imul(words[2] ^ Math.imul(words[3], 0x27d4eb2d), 0x85ebca6b)) &
      mask;
    while (this.used[slot] && (this.firsts[slot] !== first || this.seconds[slot] !== second)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { firsts, seconds, used, values } = this;
    this.firsts = new Float64Array(used.length * 2);
    this.seconds = new Float64Array(used.length * 2);
    this.used = new Uint8Array(used.length * 2);
    this.values = new Int32Array(used.length * 2);
    for (let old = 0; old < used.length; old++) {
      if (!used[old]) continue;
      const slot = this.slotOf(firsts[old], seconds[old]);
      this.used[slot] = 1;
      this.firsts[slot] = firsts[old];
      this.seconds[slot] = seconds[old];
      this.values[slot] = values[old];
    }
  }
}
