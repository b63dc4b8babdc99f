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

  /** Every cell a segment's bounding box (grown by `pad`) touches. */
  forEachCell(s: Segment, pad: number, visit: (key: number) => void): void {
    const x0 = this.cellX(Math.min(s.x1, s.x2) - pad);
    const x1 = this.cellX(Math.max(s.x1, s.x2) + pad);
    const y0 = this.cellY(Math.min(s.y1, s.y2) - pad);
    const y1 = this.cellY(Math.max(s.y1, s.y2) + pad);
    for (let cy = y0; cy <= y1; cy++) for (let cx = x0; cx <= x1; cx++) visit(this.key(cx, cy));
  }

  insert(index: number, s: Segment, pad: number): void {
    this.forEachCell(s, pad, (key) => {
      const list = this.cells.get(key);
      if (list) list.push(index);
      else this.cells.set(key, [index]);
    });
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
  const segments = withoutDuplicates(
    input.filter((s) => Math.hypot(s.x2 - s.x1, s.y2 - s.y1) > tolerance),
    tolerance,
  );
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
    grid.insert(i, s, tolerance);
  });
  // Parameters (0..1) along each segment where something else cuts it; most segments have none.
  const cuts: Array<number[] | undefined> = new Array<number[] | undefined>(count);
  const cutsOf = (i: number): number[] => (cuts[i] ??= []);
  for (const [key, list] of grid.cells) {
    for (let a = 0; a < list.length; a++) {
      const i = list[a];
      for (let b = a + 1; b < list.length; b++) {
        const j = list[b];
        if (minX[i] > maxX[j] || minX[j] > maxX[i] || minY[i] > maxY[j] || minY[j] > maxY[i]) continue;
        // A pair sharing several cells is tested only in the cell holding the corner of their overlap.
        const cornerX = Math.max(minX[i], minX[j]);
        const cornerY = Math.max(minY[i], minY[j]);
        if (grid.key(grid.cellX(cornerX), grid.cellY(cornerY)) !== key) continue;
        intersect(segments[i], segments[j], tolerance, i, j, cutsOf);
      }
    }
  }

  const vertices = new VertexIndex(tolerance);
  const from: number[] = [];
  const to: number[] = [];
  const groups: number[] = [];
  const edgeKeys = new Set<number>();
  segments.forEach((s, i) => {
    const inner = cuts[i];
    const ts = inner ? [0, ...inner, 1].sort((p, q) => p - q) : ENDS;
    let previous = -1;
    for (const t of ts) {
      const v = vertices.at(s.x1 + (s.x2 - s.x1) * t, s.y1 + (s.y2 - s.y1) * t);
      if (previous >= 0 && v !== previous) {
        // Vertex indices stay far below 2^26, so the pair fits a safe integer.
        const key = previous < v ? previous * 67_108_864 + v : v * 67_108_864 + previous;
        if (!edgeKeys.has(key)) {
          edgeKeys.add(key);
          from.push(previous);
          to.push(v);
          groups.push(s.group);
        }
      }
      previous = v;
    }
  });
  return {
    xs: Float64Array.from(vertices.xs),
    ys: Float64Array.from(vertices.ys),
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    group: Int32Array.from(groups),
  };
}

/**
 * One copy of each segment (either direction, ends equal on a grid of the
 * tolerance): exports draw walls twice, once as a fill's outline and once stroked.
 */
function withoutDuplicates(segments: readonly Segment[], tolerance: number): Segment[] {
  const cell = Math.max(tolerance, 1e-9);
  const key = (x: number, y: number) => Math.round(x / cell) * 134_217_728 + Math.round(y / cell);
  const byFirstEnd = new Map<number, number[]>();
  const kept: Segment[] = [];
  for (const s of segments) {
    const a = key(s.x1, s.y1);
    const b = key(s.x2, s.y2);
    const [low, high] = a < b ? [a, b] : [b, a];
    const others = byFirstEnd.get(low);
    if (others?.includes(high)) continue;
    if (others) others.push(high);
    else byFirstEnd.set(low, [high]);
    kept.push(s);
  }
  return kept;
}

/** Adds to each segment's cut list where the other crosses it or ends on it. */
function intersect(
  s: Segment,
  o: Segment,
  tolerance: number,
  si: number,
  oi: number,
  cutsOf: (index: number) => number[],
): void {
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
      if (t > 0 && t < 1) cutsOf(si).push(t);
      if (u > 0 && u < 1) cutsOf(oi).push(u);
      return;
    }
  }
  // Parallel, or meeting only near an end: each endpoint lying on the other segment cuts it.
  onSegment(o.x1, o.y1, s, sLength, tolerance, si, cutsOf);
  onSegment(o.x2, o.y2, s, sLength, tolerance, si, cutsOf);
  onSegment(s.x1, s.y1, o, oLength, tolerance, oi, cutsOf);
  onSegment(s.x2, s.y2, o, oLength, tolerance, oi, cutsOf);
}

function onSegment(
  px: number,
  py: number,
  s: Segment,
  length: number,
  tolerance: number,
  index: number,
  cutsOf: (index: number) => number[],
): void {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const t = ((px - s.x1) * dx + (py - s.y1) * dy) / (length * length);
  if (t <= 0 || t >= 1) return;
  const distance = Math.abs((px - s.x1) * dy - (py - s.y1) * dx) / length;
  if (distance <= tolerance) cutsOf(index).push(t);
}

/** The parameters of a segment no other cuts: its two ends. */
const ENDS: readonly number[] = [0, 1];

/** Vertices merged within a tolerance, found through a hash of grid cells. */
class VertexIndex {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  /** Each vertex's cell, so that cells sharing a hash key are told apart. */
  private readonly cxs: number[] = [];
  private readonly cys: number[] = [];
  private readonly cells = new Map<number, number[]>();
  private readonly cell: number;
  constructor(private readonly tolerance: number) {
    this.cell = Math.max(tolerance * 2, 1e-9);
  }

  private key(cx: number, cy: number): number {
    // A small-integer hash (a Map with such keys is much faster than with large ones); cells that
    // collide share a list and are told apart by their vertices' cells.
    return (Math.imul(cx, 0x9e3779b1) ^ Math.imul(cy, 0x85ebca6b)) & 0x3fffffff;
  }

  at(x: number, y: number): number {
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    // Only the cells within the tolerance of the point can hold a vertex it merges with (2 by 2 at most).
    const lastX = Math.floor((x + this.tolerance) / this.cell);
    const lastY = Math.floor((y + this.tolerance) / this.cell);
    const firstY = Math.floor((y - this.tolerance) / this.cell);
    for (let ix = Math.floor((x - this.tolerance) / this.cell); ix <= lastX; ix++) {
      for (let iy = firstY; iy <= lastY; iy++) {
        const list = this.cells.get(this.key(ix, iy));
        if (!list) continue;
        for (const v of list) {
          if (this.cxs[v] !== ix || this.cys[v] !== iy) continue;
          if (Math.abs(this.xs[v] - x) <= this.tolerance && Math.abs(this.ys[v] - y) <= this.tolerance) return v;
        }
      }
    }
    const index = this.xs.length;
    this.xs.push(x);
    this.ys.push(y);
    this.cxs.push(cx);
    this.cys.push(cy);
    const key = this.key(cx, cy);
    const list = this.cells.get(key);
    if (list) list.push(index);
    else this.cells.set(key, [index]);
    return index;
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
    const origin = (h: number) => ((h & 1) === 0 ? from[h >> 1] : to[h >> 1]);
    const target = (h: number) => ((h & 1) === 0 ? to[h >> 1] : from[h >> 1]);
    const angle = new Float64Array(halfCount);
    for (let h = 0; h < halfCount; h++) {
      const o = origin(h);
      const t = target(h);
      angle[h] = Math.atan2(ys[t] - ys[o], xs[t] - xs[o]);
    }
    // Half-edges grouped by origin vertex (a counting sort, in half-edge order), then counter-clockwise
    // around it: each vertex's few are sorted alone, stably, as one sort of them all would order them.
    const firstAt = new Int32Array(xs.length + 1);
    for (let h = 0; h < halfCount; h++) firstAt[origin(h) + 1]++;
    for (let v = 0; v < xs.length; v++) firstAt[v + 1] += firstAt[v];
    const order = new Int32Array(halfCount);
    const filled = firstAt.slice(0, xs.length);
    for (let h = 0; h < halfCount; h++) order[filled[origin(h)]++] = h;
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
    for (let k = 0; k < order.length;) {
      let end = k;
      while (end < order.length && origin(order[end]) === origin(order[k])) end++;
      for (let i = k; i < end; i++) {
        // Arriving along h's twin, leave by the edge just before h in counter-clockwise order.
        const previous = order[i === k ? end - 1 : i - 1];
        next[order[i] ^ 1] = previous;
      }
      k = end;
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
        const o = origin(h);
        const t = target(h);
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
    this.minX = Float64Array.from({ length: this.count }, (_, i) => boxes[i * 4]);
    this.minY = Float64Array.from({ length: this.count }, (_, i) => boxes[i * 4 + 1]);
    this.maxX = Float64Array.from({ length: this.count }, (_, i) => boxes[i * 4 + 2]);
    this.maxY = Float64Array.from({ length: this.count }, (_, i) => boxes[i * 4 + 3]);
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
