/**
 * Repeated symbols: polylines that touch are joined into drawings; drawings of
 * a symbol's size with the same shape up to translation, rotation and
 * mirroring (same pieces, same lengths, same distances from their centre) are
 * instances of one symbol.
 */
import type { Point } from './planar-graph';

export interface Polyline {
  points: Point[];
  /** The caller's id of the drawing it came from (a PDF path). */
  owner: number;
}

export interface RepeatedShape {
  count: number;
  /** The diagonal of one instance's bounding box. */
  size: number;
  /** Centre of each instance. */
  at: Point[];
  /** Owners of every instance's polylines. */
  owners: number[];
}

export interface SymbolSearch {
  /** Endpoints closer than this touch. */
  tolerance: number;
  /** Drawings whose bounding box diagonal lies outside these are not symbols (dashes, dots, walls). */
  minSize: number;
  maxSize: number;
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[ra] = rb;
  }
}

export function findRepeatedShapes(polylines: readonly Polyline[], search: SymbolSearch): RepeatedShape[] {
  const sets = new UnionFind(polylines.length);
  const cell = Math.max(search.tolerance, 1e-9);
  const atPoint = new Map<number, number>();
  polylines.forEach((polyline, i) => {
    for (const p of polyline.points) {
      // Cells of a drawing's coordinates pair into one safe integer.
      const key = Math.round(p.x / cell) * 134_217_728 + Math.round(p.y / cell);
      const other = atPoint.get(key);
      if (other === undefined) atPoint.set(key, i);
      else sets.union(i, other);
    }
  });
  atPoint.clear();
  // Each part's bounding box first (typed arrays, no allocation per drawing): most drawings of a sheet
  // are walls, hatching or single lines, out of a symbol's size, and are dropped before their shape is read.
  const n = polylines.length;
  const minX = new Float64Array(n).fill(Infinity);
  const minY = new Float64Array(n).fill(Infinity);
  const maxX = new Float64Array(n).fill(-Infinity);
  const maxY = new Float64Array(n).fill(-Infinity);
  const pieces = new Int32Array(n);
  polylines.forEach((polyline, i) => {
    const root = sets.find(i);
    for (const p of polyline.points) {
      if (p.x < minX[root]) minX[root] = p.x;
      if (p.x > maxX[root]) maxX[root] = p.x;
      if (p.y < minY[root]) minY[root] = p.y;
      if (p.y > maxY[root]) maxY[root] = p.y;
    }
    pieces[root] += polyline.points.length - 1;
  });
  const isSymbolSized = (root: number) => {
    const size = Math.hypot(maxX[root] - minX[root], maxY[root] - minY[root]);
    return size >= search.minSize && size <= search.maxSize && pieces[root] >= 2;
  };
  const components = new Map<number, number[]>();
  polylines.forEach((_, i) => {
    const root = sets.find(i);
    if (!isSymbolSized(root)) return;
    const list = components.get(root);
    if (list) list.push(i);
    else components.set(root, [i]);
  });

  // Shapes with the same number of pieces are compared feature by feature, within tolerance.
  const clusters = new Map<number, Array<{ shape: Shape; found: RepeatedShape }>>();
  const all: RepeatedShape[] = [];
  for (const members of components.values()) {
    const shape = shapeOf(
      members.map((i) => polylines[i].points),
      search,
    );
    if (!shape) continue;
    const owners = [...new Set(members.map((i) => polylines[i].owner))];
    const bucket = clusters.get(shape.pieces) ?? [];
    clusters.set(shape.pieces, bucket);
    const match = bucket.find((c) => congruent(c.shape, shape));
    if (match) {
      match.found.count++;
      match.found.at.push(shape.center);
      match.found.owners.push(...owners);
    } else if (bucket.length < 500) {
      const found = { count: 1, size: shape.size, at: [shape.center], owners };
      bucket.push({ shape, found });
      all.push(found);
    }
  }
  return partsJoined(all.filter((s) => s.count >= 2)).sort((a, b) => b.count - a.count);
}

/**
 * A fixture drawn in parts that do not touch (a bathtub's rim and its drain, a
 * tree's crown and its leaves) repeats each part as often as the fixture: a part
 * whose every copy lies inside a copy of a larger repeated drawing, always at the
 * same distance from its centre, is that drawing's, not a symbol of its own.
 */
function partsJoined(shapes: RepeatedShape[]): RepeatedShape[] {
  const bySize = [...shapes].sort((a, b) => b.size - a.size);
  const kept: Array<{ shape: RepeatedShape; copies: CopyGrid }> = [];
  for (const part of bySize) {
    const whole =
      part.count <= MAX_JOINED_COPIES
        ? kept.find((w) => w.shape.count === part.count && holdsEveryCopy(w.shape, w.copies, part))
        : undefined;
    if (whole) whole.shape.owners.push(...part.owners);
    else kept.push({ shape: part, copies: gridOf(part) });
  }
  return kept.map((k) => k.shape);
}

/** Copies compared one by one when parts are joined: the count of fixtures on one sheet, at most. */
const MAX_JOINED_COPIES = 2_000;

/** A shape's copies by grid cell of its own size: the copies near a point are in the 3 × 3 cells round it. */
type CopyGrid = Map<string, number[]>;

function gridOf(shape: RepeatedShape): CopyGrid {
  const grid: CopyGrid = new Map();
  const cell = Math.max(shape.size, 1e-6);
  shape.at.forEach((p, i) => {
    const key = `${Math.floor(p.x / cell)},${Math.floor(p.y / cell)}`;
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });
  return grid;
}

function holdsEveryCopy(whole: RepeatedShape, copies: CopyGrid, part: RepeatedShape): boolean {
  const used = new Set<number>();
  let offset: number | undefined;
  const tolerance = Math.max(whole.size * 0.02, 1e-6);
  const cell = Math.max(whole.size, 1e-6);
  for (const at of part.at) {
    let best = -1;
    let bestDistance = Infinity;
    const cx = Math.floor(at.x / cell);
    const cy = Math.floor(at.y / cell);
    for (let ix = cx - 1; ix <= cx + 1; ix++)
      for (let iy = cy - 1; iy <= cy + 1; iy++)
        for (const i of copies.get(`${ix},${iy}`) ?? []) {
          const w = whole.at[i];
          const distance = Math.hypot(w.x - at.x, w.y - at.y);
          if (!used.has(i) && distance < bestDistance) {
            best = i;
            bestDistance = distance;
          }
        }
    if (best < 0 || bestDistance > whole.size / 2) return false;
    offset ??= bestDistance;
    if (Math.abs(bestDistance - offset) > tolerance) return false;
    used.add(best);
  }
  return true;
}

interface Shape {
  pieces: number;
  size: number;
  total: number;
  gyration: number;
  /** Sorted piece lengths and distances of piece middles from the centroid. */
  lengths: number[];
  radii: number[];
  center: Point;
  tolerance: number;
}

/** Same shape up to rotation and mirroring: every invariant agrees within 2% of the drawing's size. */
function congruent(a: Shape, b: Shape): boolean {
  const q = Math.max(a.tolerance, b.tolerance);
  if (Math.abs(a.total - b.total) > q || Math.abs(a.gyration - b.gyration) > q) return false;
  for (let i = 0; i < a.lengths.length; i++) {
    if (Math.abs(a.lengths[i] - b.lengths[i]) > q || Math.abs(a.radii[i] - b.radii[i]) > q) return false;
  }
  return true;
}

/** The rotation- and mirror-invariant measures of a drawing, or undefined for one that is no symbol. */
function shapeOf(parts: Point[][], search: SymbolSearch): Shape | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const lengths: number[] = [];
  let cx = 0;
  let cy = 0;
  let total = 0;
  for (const points of parts) {
    for (let k = 0; k < points.length; k++) {
      const p = points[k];
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
      if (k === 0) continue;
      const q = points[k - 1];
      const length = Math.hypot(p.x - q.x, p.y - q.y);
      if (length === 0) continue;
      lengths.push(length);
      cx += ((p.x + q.x) / 2) * length;
      cy += ((p.y + q.y) / 2) * length;
      total += length;
    }
  }
  const size = Math.hypot(maxX - minX, maxY - minY);
  if (size < search.minSize || size > search.maxSize || total === 0) return undefined;
  if (lengths.length < 2) return undefined; // a lone line is linework, not a symbol
  cx /= total;
  cy /= total;
  const radii: number[] = [];
  let spread = 0;
  for (const points of parts) {
    for (let k = 1; k < points.length; k++) {
      const p = points[k];
      const o = points[k - 1];
      const length = Math.hypot(p.x - o.x, p.y - o.y);
      if (length === 0) continue;
      const mx = (p.x + o.x) / 2 - cx;
      const my = (p.y + o.y) / 2 - cy;
      spread += (mx * mx + my * my) * length;
      radii.push(Math.hypot(mx, my));
    }
  }
  return {
    pieces: lengths.length,
    size,
    total,
    gyration: Math.sqrt(spread / total),
    lengths: lengths.sort((x, y) => x - y),
    radii: radii.sort((x, y) => x - y),
    center: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 },
    tolerance: Math.max(size * 0.02, search.tolerance),
  };
}
