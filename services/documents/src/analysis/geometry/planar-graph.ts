/**
 * The takeoff geometry shared by every drawing reader: plain segments in any
 * unit (page points for PDF, drawing units for DXF) are noded (split where they
 * cross or touch, endpoints within a tolerance merged) and polygonised into the
 * faces of the planar graph they form. A spatial grid keeps both linear in the
 * size of the drawing rather than quadratic.
 */

export interface Point {
  x: number;
  y: number;
}

/** A straight piece of linework; `group` is the caller's tag (a layer or stroke style) carried to the faces. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  group: number;
}

export interface PlanarGraph {
  /** Vertex coordinates, x then y. */
  xs: Float64Array;
  ys: Float64Array;
  /** Edge i joins vertex `from[i]` to vertex `to[i]`; `group[i]` is its segment's group. */
  from: Int32Array;
  to: Int32Array;
  group: Int32Array;
}

export interface Face {
  /** The ring's vertices in order (not repeated at the end). */
  ring: Point[];
  /** Enclosed area (always positive) and perimeter, in the segments' unit. */
  area: number;
  perimeter: number;
  /** Groups of the edges on the ring, with the length of each. */
  groupLengths: Map<number, number>;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

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
 * The segments noding keeps: longer than the tolerance, one copy of each. `place`, when given, is told
 * each input segment's place: its index among the kept, -1 if too short, -2 - k if a copy of kept segment k.
 */
export function keptSegments(input: readonly Segment[], tolerance: number, place?: Map<Segment, number>): Segment[] {
  const long = input.filter((s) => {
    const kept = Math.hypot(s.x2 - s.x1, s.y2 - s.y1) > tolerance;
    if (!kept) place?.set(s, -1);
    return kept;
  });
  return withoutDuplicates(long, tolerance, place);
}

/**
 * Parameters (0..1) along each segment where another cuts it (undefined where none does), and, when
 * `recordCutters`, the index of the segment making each cut. Where two segments cut each other depends
 * on those two alone.
 */
export function cutsBetween(
  segments: readonly Segment[],
  tolerance: number,
  recordCutters: boolean,
): { cuts: Array<number[] | undefined>; cutters: Array<number[] | undefined> } {
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
  const cutters: Array<number[] | undefined> = new Array<number[] | undefined>(recordCutters ? count : 0);
  const cut: CutAt = recordCutters
    ? (index, t, by) => {
        (cuts[index] ??= []).push(t);
        (cutters[index] ??= []).push(by);
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
  return { cuts, cutters };
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
function withoutDuplicates(segments: readonly Segment[], tolerance: number, place?: Map<Segment, number>): Segment[] {
  const cell = Math.max(tolerance, 1e-9);
  const key = (x: number, y: number) => Math.round(x / cell) * 134_217_728 + Math.round(y / cell);
  const seen = new PairSet(segments.length);
  // With `place`: the kept copy of each pair of ends.
  const keeper = place && new Map<string, number>();
  const kept: Segment[] = [];
  for (const s of segments) {
    const a = key(s.x1, s.y1);
    const b = key(s.x2, s.y2);
    const added = a < b ? seen.add(a, b) : seen.add(b, a);
    if (keeper) {
      const ends = a < b ? `${a},${b}` : `${b},${a}`;
      if (added) keeper.set(ends, kept.length);
      if (!place!.has(s)) place!.set(s, added ? kept.length : -2 - keeper.get(ends)!);
    }
    if (added) kept.push(s);
  }
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
  private size = 0;
  /** `expected`: about how many pairs there will be (the table grows beyond it). */
  constructor(expected: number) {
    const slots = slotsFor(Math.max(expected, 1024));
    this.firsts = new Float64Array(slots);
    this.seconds = new Float64Array(slots);
    this.used = new Uint8Array(slots);
  }
  /** A number's bits, for hashing it. */
  private static readonly bits = new Float64Array(2);
  private static readonly words = new Int32Array(PairSet.bits.buffer);

  /** Adds the pair; false if it was there. */
  add(first: number, second: number): boolean {
    const slot = this.slotOf(first, second);
    if (this.used[slot]) return false;
    this.used[slot] = 1;
    this.firsts[slot] = first;
    this.seconds[slot] = second;
    if (++this.size * 2 > this.used.length) this.grow();
    return true;
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
    const { firsts, seconds, used } = this;
    this.firsts = new Float64Array(used.length * 2);
    this.seconds = new Float64Array(used.length * 2);
    this.used = new Uint8Array(used.length * 2);
    for (let old = 0; old < used.length; old++) {
      if (!used[old]) continue;
      const slot = this.slotOf(firsts[old], seconds[old]);
      this.used[slot] = 1;
      this.firsts[slot] = firsts[old];
      this.seconds[slot] = seconds[old];
    }
  }
}

/**
 * The bounded faces of a planar graph, kept compact (a big sheet has tens of
 * thousands): each ring is traced by always taking the next edge clockwise at a
 * vertex. Rings enclosing area in the traversal's positive sense are faces;
 * the others are the outer boundaries of connected parts. Dangling edges are
 * walked round and add no area. A face's ring and edge groups are read on demand.
 */
export class PlanarFaces {
  readonly count: number;
  readonly area: Float64Array;
  readonly minX: Float64Array;
  readonly minY: Float64Array;
  readonly maxX: Float64Array;
  readonly maxY: Float64Array;
  private readonly start: Int32Array;
  private readonly next: Int32Array;

  constructor(private readonly graph: PlanarGraph) {
    const { xs, ys, from, to } = graph;
    const halfCount = from.length * 2;
    // Half-edge h runs along edge h >> 1, forwards when h is even; its twin is h ^ 1.
    const origin = new Int32Array(halfCount);
    for (let e = 0; e < from.length; e++) {
      origin[e * 2] = from[e];
      origin[e * 2 + 1] = to[e];
    }
    const angle = new Float64Array(halfCount);
    for (let h = 0; h < halfCount; h++) {
      const o = origin[h];
      const t = origin[h ^ 1];
      angle[h] = Math.atan2(ys[t] - ys[o], xs[t] - xs[o]);
    }
    // Half-edges grouped by origin vertex (a counting sort, in half-edge order), then counter-clockwise
    // around it: each vertex's few are sorted alone, stably, as one sort of them all would order them.
    const firstAt = new Int32Array(xs.length + 1);
    for (let h = 0; h < halfCount; h++) firstAt[origin[h] + 1]++;
    for (let v = 0; v < xs.length; v++) firstAt[v + 1] += firstAt[v];
    const order = new Int32Array(halfCount);
    const filled = firstAt.slice(0, xs.length);
    for (let h = 0; h < halfCount; h++) order[filled[origin[h]]++] = h;
    for (let v = 0; v < xs.length; v++) {
      const begin = firstAt[v];
      const end = firstAt[v + 1];
      // Insertion sort: stable, and a vertex has a handful of edges.
      for (let i = begin + 1; i < end; i++) {
        const h = order[i];
        let j = i - 1;
        while (j >= begin && angle[order[j]] > angle[h]) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = h;
      }
    }
    const next = new Int32Array(halfCount);
    for (let v = 0; v < xs.length; v++) {
      const begin = firstAt[v];
      const end = firstAt[v + 1];
      for (let i = begin; i < end; i++) {
        // Arriving along h's twin, leave by the edge just before h in counter-clockwise order.
        const previous = order[i === begin ? end - 1 : i - 1];
        next[order[i] ^ 1] = previous;
      }
    }
    const visited = new Uint8Array(halfCount);
    const starts: number[] = [];
    const areas: number[] = [];
    const boxes: number[] = [];
    for (let begin = 0; begin < halfCount; begin++) {
      if (visited[begin]) continue;
      let twiceArea = 0;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      let h = begin;
      do {
        visited[h] = 1;
        const o = origin[h];
        const t = origin[h ^ 1];
        twiceArea += xs[o] * ys[t] - xs[t] * ys[o];
        if (xs[o] < minX) minX = xs[o];
        if (xs[o] > maxX) maxX = xs[o];
        if (ys[o] < minY) minY = ys[o];
        if (ys[o] > maxY) maxY = ys[o];
        h = next[h];
      } while (h !== begin && !visited[h]);
      // With "previous in counter-clockwise order" the bounded faces come out with positive area.
      if (twiceArea <= 0) continue;
      starts.push(begin);
      areas.push(twiceArea / 2);
      boxes.push(minX, minY, maxX, maxY);
    }
    this.next = next;
    this.count = starts.length;
    this.start = Int32Array.from(starts);
    this.area = Float64Array.from(areas);
    this.minX = new Float64Array(this.count);
    this.minY = new Float64Array(this.count);
    this.maxX = new Float64Array(this.count);
    this.maxY = new Float64Array(this.count);
    for (let i = 0; i < this.count; i++) {
      this.minX[i] = boxes[i * 4];
      this.minY[i] = boxes[i * 4 + 1];
      this.maxX[i] = boxes[i * 4 + 2];
      this.maxY[i] = boxes[i * 4 + 3];
    }
  }

  private halfEdges(face: number): number[] {
    const edges: number[] = [];
    const begin = this.start[face];
    let h = begin;
    do {
      edges.push(h);
      h = this.next[h];
    } while (h !== begin && edges.length <= this.next.length);
    return edges;
  }

  ring(face: number): Point[] {
    const { xs, ys, from, to } = this.graph;
    return this.halfEdges(face).map((h) => {
      const v = (h & 1) === 0 ? from[h >> 1] : to[h >> 1];
      return { x: xs[v], y: ys[v] };
    });
  }

  /** The whole face: ring, perimeter and the length of each group along it. */
  face(index: number): Face {
    const ring = this.ring(index);
    const groupLengths = new Map<number, number>();
    let perimeter = 0;
    this.halfEdges(index).forEach((h, k) => {
      const a = ring[k];
      const b = ring[(k + 1) % ring.length];
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      perimeter += length;
      const g = this.graph.group[h >> 1];
      groupLengths.set(g, (groupLengths.get(g) ?? 0) + length);
    });
    return {
      ring,
      area: this.area[index],
      perimeter,
      groupLengths,
      minX: this.minX[index],
      minY: this.minY[index],
      maxX: this.maxX[index],
      maxY: this.maxY[index],
    };
  }
}

/** Every bounded face, with its ring (for small graphs and tests; large ones use PlanarFaces). */
export function facesOf(graph: PlanarGraph): Face[] {
  const faces = new PlanarFaces(graph);
  return Array.from({ length: faces.count }, (_, i) => faces.face(i));
}

/** Even-odd point-in-polygon test. */
export function ringContains(ring: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Area of a polygon ring by the shoelace formula (always positive). */
export function ringArea(ring: readonly Point[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += ring[j].x * ring[i].y - ring[i].x * ring[j].y;
  return Math.abs(twice / 2);
}

export function ringPerimeter(ring: readonly Point[]): number {
  let total = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    total += Math.hypot(ring[i].x - ring[j].x, ring[i].y - ring[j].y);
  return total;
}
