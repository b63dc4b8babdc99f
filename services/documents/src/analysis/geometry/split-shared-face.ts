/**
 * A space that holds several room names with no line drawn between them (the
 * zones of a corridor, a lobby open to a hall) is divided where the walls say
 * it narrows: a wall end, a jamb or a stub pointing into the space is carried
 * on straight across it to the opposite wall, closing the opening as an
 * estimator would. Of the cuts that put names on both sides, the shortest is
 * taken (of two as short, the one leaving the smaller part smaller), again on
 * each side until every name has a part of its own.
 */
import { ringArea, ringContains, type Point } from './planar-graph';
import { lowerBound } from './lower-bound';

export interface SplitLimits {
  /** Cuts longer than this are not openings but the space itself (the drawing's unit). */
  maxCut: number;
  /** Neither side of a cut may be smaller than a room. */
  minArea: number;
  /** A cut ends at another wall end within this distance of where it meets the far side (an opening between jambs). */
  endReach: number;
}

/**
 * The part of `ring` holding each of `points` (in their order), or undefined
 * when the ring cannot be divided so that each point has a part of its own.
 */
export function splitRingBetween(
  ring: readonly Point[],
  points: readonly Point[],
  limits: SplitLimits,
): Point[][] | undefined {
  const parts = new Array<Point[] | undefined>(points.length);
  const divide = (current: Point[], members: number[], depth: number): boolean => {
    if (members.length === 1) {
      parts[members[0]] = current;
      return true;
    }
    if (depth > points.length) return false;
    const cut = shortestSeparatingCut(current, members, points, limits);
    if (!cut) return false;
    return divide(cut.a, cut.inA, depth + 1) && divide(cut.b, cut.inB, depth + 1);
  };
  const clean = withoutRepeats(ring);
  if (!divide(clean, [...points.keys()], 0)) return undefined;
  return parts as Point[][];
}

function withoutRepeats(ring: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || Math.abs(last.x - p.x) > 1e-9 || Math.abs(last.y - p.y) > 1e-9) out.push(p);
  }
  while (out.length > 1 && out[0].x === out[out.length - 1].x && out[0].y === out[out.length - 1].y) out.pop();
  return out;
}

function signedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j].x * ring[i].y - ring[i].x * ring[j].y;
  return sum / 2;
}

interface Cut {
  length: number;
  a: Point[];
  b: Point[];
  inA: number[];
  inB: number[];
}

function shortestSeparatingCut(
  ring: Point[],
  members: number[],
  points: readonly Point[],
  limits: SplitLimits,
): Cut | undefined {
  return shortestTaken(cutsAcross(ring, limits), ({ t, a, b }) => {
    const inA = members.filter((m) => ringContains(a, points[m].x, points[m].y));
    const inB = members.filter((m) => ringContains(b, points[m].x, points[m].y));
    if (inA.length === 0 || inB.length === 0 || inA.length + inB.length !== members.length) return undefined;
    const smaller = Math.min(ringArea(a), ringArea(b));
    return smaller < limits.minArea ? undefined : { area: smaller, taken: { length: t, a, b, inA, inB } };
  });
}

/**
 * Of `cuts` (shortest first), those `take` accepts, the shortest; of several of one length (the two faces of
 * one opening's wall, as the drawing has them: a writer's rounding makes either the shorter by a hair), the
 * one whose `area` (the smaller part it leaves) is smallest: a room ends at its own wall faces, and the
 * opening's depth goes to the larger space.
 */
function shortestTaken<T>(
  cuts: Iterable<{ t: number; a: Point[]; b: Point[] }>,
  take: (cut: { t: number; a: Point[]; b: Point[] }) => { area: number; taken: T } | undefined,
): T | undefined {
  let shortest: number | undefined;
  let chosen: { area: number; taken: T } | undefined;
  for (const cut of cuts) {
    if (shortest !== undefined && cut.t - shortest > Math.max(0.05, shortest * 0.002)) break;
    const taken = take(cut);
    if (!taken) continue;
    shortest ??= cut.t;
    if (!chosen || taken.area < chosen.area) chosen = taken;
  }
  return chosen?.taken;
}

/**
 * The part of a room's `ring` holding `point` on this side of a doorway with no door drawn (an elevator's
 * sliding doors, a cased opening) through which the room's face runs on into a larger space no name
 * claims: the shortest cut across an opening between wall ends, up to `limits.maxCut`, that leaves the
 * point a room's area and the far side more than the near side (a niche or an alcove is smaller than its
 * room, and stays in it); of cuts of one length, the one leaving the near side smaller. Undefined when
 * there is no such cut.
 */
export function partBeforeOpening(ring: readonly Point[], point: Point, limits: SplitLimits): Point[] | undefined {
  return shortestTaken(cutsAcross(withoutRepeats(ring), limits), ({ a, b }) => {
    const [near, far] = ringContains(a, point.x, point.y) ? [a, b] : [b, a];
    if (!ringContains(near, point.x, point.y)) return undefined;
    const area = ringArea(near);
    return area >= limits.minArea && ringArea(far) > area ? { area, taken: near } : undefined;
  });
}

/**
 * Every cut across the space, shortest first: from a reflex corner, a wall carried on straight across
 * to the far side of the ring where another wall end is (most short cuts close an alcove), with the
 * two parts it leaves.
 */
function* cutsAcross(ring: Point[], limits: SplitLimits): Generator<{ t: number; a: Point[]; b: Point[] }> {
  const n = ring.length;
  if (n < 4) return;
  const orientation = Math.sign(signedArea(ring));
  const corners: Point[] = [];
  for (let i = 0; i < n; i++) if (isReflex(ring, i, orientation)) corners.push(ring[i]);
  // By x, for finding the wall ends near a cut's far end.
  corners.sort((c, d) => c.x - d.x);
  const cornerXs = corners.map((c) => c.x);
  const nearCorner = (h: Point, v: Point) => {
    for (
      let k = lowerBound(cornerXs, h.x - limits.endReach);
      k < corners.length && cornerXs[k] <= h.x + limits.endReach;
      k++
    ) {
      const c = corners[k];
      if (c !== v && Math.hypot(c.x - h.x, c.y - h.y) <= limits.endReach) return true;
    }
    return false;
  };
  const boxes = edgeBoxes(ring);
  // Every cut first (cheap), then the parts of the shortest first.
  const cuts: Array<{ i: number; j: number; t: number; h: Point }> = [];
  for (let i = 0; i < n; i++) {
    // A reflex corner (the end of a wall, or the tip of a stub the ring walks round) only.
    if (!isReflex(ring, i, orientation)) continue;
    const p = ring[(i - 1 + n) % n];
    const v = ring[i];
    const q = ring[(i + 1) % n];
    const inLength = Math.hypot(v.x - p.x, v.y - p.y);
    const outLength = Math.hypot(q.x - v.x, q.y - v.y);
    // The walls on either side carried on across the space.
    const rays: Array<[number, number]> = [
      [(v.x - p.x) / inLength, (v.y - p.y) / inLength],
      [(v.x - q.x) / outLength, (v.y - q.y) / outLength],
    ];
    for (const [dx, dy] of rays) {
      const hit = firstHit(ring, boxes, i, v, dx, dy, limits.maxCut);
      if (!hit) continue;
      const h = { x: v.x + dx * hit.t, y: v.y + dy * hit.t };
      // Across an opening: the far side is a wall end too, not the middle of a wall.
      if (!nearCorner(h, v)) continue;
      cuts.push({ i, j: hit.edge, t: hit.t, h });
    }
  }
  cuts.sort((c, d) => c.t - d.t);
  for (const { i, j, t, h } of cuts) {
    const v = ring[i];
    if (!ringContains(ring, (v.x + h.x) / 2, (v.y + h.y) / 2)) continue;
    // Part A walks from the hit to this corner, part B from this corner to the hit.
    const a: Point[] = [h];
    for (let k = (j + 1) % n; ; k = (k + 1) % n) {
      a.push(ring[k]);
      if (k === i) break;
    }
    const b: Point[] = [];
    for (let k = i; ; k = (k + 1) % n) {
      b.push(ring[k]);
      if (k === j) break;
    }
    b.push(h);
    yield { t, a, b };
  }
}

/**
 * A corner turning away from the space by 30° or more: a wall end, a jamb or a stub's tip. The points
 * along a curve (a door's swing closing the space) turn by a few degrees each and are no wall ends.
 */
function isReflex(ring: readonly Point[], i: number, orientation: number): boolean {
  const n = ring.length;
  const p = ring[(i - 1 + n) % n];
  const v = ring[i];
  const q = ring[(i + 1) % n];
  const inX = v.x - p.x;
  const inY = v.y - p.y;
  const outX = q.x - v.x;
  const outY = q.y - v.y;
  const scale = Math.hypot(inX, inY) * Math.hypot(outX, outY);
  if (scale === 0) return false;
  const cross = inX * outY - inY * outX;
  const dot = inX * outX + inY * outY;
  if (dot > SHARP_TURN_COS * scale) return false;
  const tip = Math.abs(cross) <= 1e-9 * scale && dot < 0;
  return tip || cross * orientation < -1e-9 * scale;
}

const SHARP_TURN_COS = Math.cos((30 * Math.PI) / 180);

/** Each edge's bounding box (min x, min y, max x, max y), for skipping the edges out of a ray's reach. */
function edgeBoxes(ring: readonly Point[]): Float64Array {
  const n = ring.length;
  const boxes = new Float64Array(n * 4);
  for (let j = 0; j < n; j++) {
    const a = ring[j];
    const b = ring[(j + 1) % n];
    boxes[j * 4] = Math.min(a.x, b.x);
    boxes[j * 4 + 1] = Math.min(a.y, b.y);
    boxes[j * 4 + 2] = Math.max(a.x, b.x);
    boxes[j * 4 + 3] = Math.max(a.y, b.y);
  }
  return boxes;
}

/** The nearest edge of the ring the ray from corner `i` meets, within `maxT`. */
function firstHit(
  ring: readonly Point[],
  boxes: Float64Array,
  i: number,
  v: Point,
  dx: number,
  dy: number,
  maxT: number,
): { t: number; edge: number } | undefined {
  const n = ring.length;
  let best: { t: number; edge: number } | undefined;
  const minT = maxT * 1e-4;
  const endX = v.x + dx * maxT;
  const endY = v.y + dy * maxT;
  const rayMinX = Math.min(v.x, endX);
  const rayMinY = Math.min(v.y, endY);
  const rayMaxX = Math.max(v.x, endX);
  const rayMaxY = Math.max(v.y, endY);
  for (let j = 0; j < n; j++) {
    if (
      boxes[j * 4] > rayMaxX ||
      boxes[j * 4 + 2] < rayMinX ||
      boxes[j * 4 + 1] > rayMaxY ||
      boxes[j * 4 + 3] < rayMinY ||
      j === i ||
      (j + 1) % n === i
    )
      continue;
    const a = ring[j];
    const b = ring[(j + 1) % n];
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const denominator = dx * ey - dy * ex;
    if (Math.abs(denominator) < 1e-12) continue;
    const wx = a.x - v.x;
    const wy = a.y - v.y;
    const t = (wx * ey - wy * ex) / denominator;
    if (t <= minT || t > maxT || (best && t >= best.t)) continue;
    const s = (wx * dy - wy * dx) / denominator;
    if (s < 0 || s > 1) continue;
    best = { t, edge: j };
  }
  return best;
}
