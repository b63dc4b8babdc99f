/**
 * The takeoff geometry shared by every drawing reader: plain segments in any
 * unit (page points for PDF, drawing units for DXF) are noded (noding.ts: split
 * where they cross or touch, endpoints within a tolerance merged) and
 * polygonised here into the faces of the planar graph they form.
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

/** The point of the segment from (x1, y1) to (x2, y2) nearest `p`. */
export function nearestOnSegment(s: Pick<Segment, 'x1' | 'y1' | 'x2' | 'y2'>, p: Point): Point {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - s.x1) * dx + (p.y - s.y1) * dy) / lengthSq));
  return { x: s.x1 + t * dx, y: s.y1 + t * dy };
}

/** How far `p` lies from the segment. */
export function distanceToSegment(s: Pick<Segment, 'x1' | 'y1' | 'x2' | 'y2'>, p: Point): number {
  const q = nearestOnSegment(s, p);
  return Math.hypot(q.x - p.x, q.y - p.y);
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
