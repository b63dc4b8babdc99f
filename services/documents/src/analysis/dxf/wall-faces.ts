/**
 * Wall length from wall linework. Plans draw most walls as two parallel faces
 * a wall thickness apart, so a wall layer's linework is about twice the length
 * of its walls. Here the straight pieces of a wall layer are paired with the
 * parallel pieces a wall thickness away (3 to 20 inches: a stud partition to a
 * 50 cm masonry wall) that they run beside;
 * where two faces run together the wall is counted once, along one face, and
 * linework with no partner face (a wall drawn as a single line, an end cap) is
 * counted as it is. Concentric arcs are paired the same way.
 */
import type { Point2 } from './geometry';

/** Layers whose linework is walls: A-WALL, "wall high", MUROS, S-STEM-WALL, WAND, partitions. */
export const WALL_LAYER = /wall|partition|muro|\bmur\b|wand/i;

/** Wall thicknesses a pair of faces may be apart, in feet. */
const MIN_THICKNESS_FT = 3 / 12;
const MAX_THICKNESS_FT = 20 / 12;
/** Faces within this angle (radians, about 1°) are parallel. */
const ANGLE_TOLERANCE = 0.0175;
/**
 * Pairs compared on one layer before the pairing gives up (it is quadratic within
 * a band of directions: a few thousand parallel pieces take a few tens of ms);
 * such a layer then has no wall length rather than a slow analysis.
 */
const MAX_COMPARISONS = 25_000_000;

export interface WallArc {
  center: Point2;
  radius: number;
  /** Radians, counter-clockwise from start to end. */
  start: number;
  end: number;
}

/** The straight pieces and arcs of one wall layer, in drawing units. */
export interface WallLinework {
  segments: Array<[Point2, Point2]>;
  arcs: WallArc[];
  /** Linework that is neither (circles, bulged polyline pieces): counted as it is. */
  otherLength: number;
}

export function emptyWallLinework(): WallLinework {
  return { segments: [], arcs: [], otherLength: 0 };
}

interface Piece {
  length: number;
  /** Direction in [0, π). */
  angle: number;
  ux: number;
  uy: number;
  a: Point2;
}

/** Merges [start, end] intervals and answers their total length. */
function coveredLength(intervals: Array<[number, number]>): number {
  if (!intervals.length) return 0;
  intervals.sort((p, q) => p[0] - q[0]);
  let total = 0;
  let [from, to] = intervals[0]!;
  for (const [start, end] of intervals.slice(1)) {
    if (start > to) {
      total += to - from;
      [from, to] = [start, end];
    } else to = Math.max(to, end);
  }
  return total + (to - from);
}

function straightWallLength(segments: Array<[Point2, Point2]>, minGap: number, maxGap: number): number | undefined {
  const pieces: Piece[] = [];
  for (const [a, b] of segments) {
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length === 0) continue;
    // Each piece runs from its start along a direction in [0, π): a piece drawn the other way starts at its end.
    let angle = Math.atan2(b.y - a.y, b.x - a.x);
    const reversed = angle < 0 || angle >= Math.PI;
    if (angle < 0) angle += Math.PI;
    if (angle >= Math.PI) angle -= Math.PI;
    pieces.push({ length, angle, ux: Math.cos(angle), uy: Math.sin(angle), a: reversed ? b : a });
  }
  pieces.sort((p, q) => p.angle - q.angle);
  const covered: Array<Array<[number, number]>> = pieces.map(() => []);
  const along = (piece: Piece, point: Point2) => (point.x - piece.a.x) * piece.ux + (point.y - piece.a.y) * piece.uy;
  const pair = (i: number, j: number) => {
    const p = pieces[i]!;
    const q = pieces[j]!;
    // The distance between the two lines, measured across p.
    const gap = Math.abs(-(q.a.x - p.a.x) * p.uy + (q.a.y - p.a.y) * p.ux);
    if (gap < minGap || gap > maxGap) return;
    const q0 = along(p, q.a);
    const q1 = q0 + q.length * (q.ux * p.ux + q.uy * p.uy);
    const from = Math.max(0, Math.min(q0, q1));
    const to = Math.min(p.length, Math.max(q0, q1));
    if (to - from <= 0) return;
    covered[i]!.push([from, to]);
    // The same stretch along q.
    const qa = along(q, { x: p.a.x + p.ux * from, y: p.a.y + p.uy * from });
    const qb = along(q, { x: p.a.x + p.ux * to, y: p.a.y + p.uy * to });
    covered[j]!.push([Math.max(0, Math.min(qa, qb)), Math.min(q.length, Math.max(qa, qb))]);
  };
  // Faces pair only when parallel (within ANGLE_TOLERANCE) and close: pieces are binned by direction, and
  // within two neighbouring bins swept by their offset across the bins' direction, so only pieces that can
  // be a wall thickness apart are compared (a plan's thousands of level lines are not compared all with all).
  // Bins at least a tolerance wide, so parallel pieces share a bin or lie in neighbouring ones (π wraps to 0).
  const bins = Math.floor(Math.PI / ANGLE_TOLERANCE);
  const binWidth = Math.PI / bins;
  const byBin: number[][] = Array.from({ length: bins }, () => []);
  pieces.forEach((piece, i) => byBin[Math.min(bins - 1, Math.floor(piece.angle / binWidth))]!.push(i));
  const longest = pieces.reduce((max, piece) => Math.max(max, piece.length), 0);
  // Offsets across a bin's direction differ from the gap across a piece by at most its distance × the angle
  // between them (under two tolerances); pieces that overlap along are within their lengths and the gap.
  const window = maxGap + (2 * longest + maxGap) * 2 * binWidth;
  const parallel = (p: Piece, q: Piece) => {
    const d = Math.abs(p.angle - q.angle);
    return Math.min(d, Math.PI - d) <= ANGLE_TOLERANCE;
  };
  let comparisons = 0;
  for (let b = 0; b < bins; b++) {
    const here = byBin[b]!;
    const next = byBin[(b + 1) % bins]!;
    if (!here.length) continue;
    const theta = (b + 1) * binWidth;
    const nx = -Math.sin(theta);
    const ny = Math.cos(theta);
    const entries = [...here.map((i) => ({ i, own: true })), ...next.map((i) => ({ i, own: false }))].map((e) => ({
      ...e,
      offset: pieces[e.i]!.a.x * nx + pieces[e.i]!.a.y * ny,
    }));
    entries.sort((p, q) => p.offset - q.offset);
    for (let x = 0; x < entries.length; x++) {
      const ex = entries[x]!;
      for (let y = x + 1; y < entries.length && entries[y]!.offset - ex.offset <= window; y++) {
        const ey = entries[y]!;
        // Pairs within `next` are its own bin's to compare.
        if (!ex.own && !ey.own) continue;
        if (!parallel(pieces[ex.i]!, pieces[ey.i]!)) continue;
        pair(Math.min(ex.i, ey.i), Math.max(ex.i, ey.i));
        comparisons++;
      }
      if (comparisons > MAX_COMPARISONS) return undefined;
    }
  }
  // A stretch with a partner face is half of a wall: both faces together count once.
  return pieces.reduce((sum, piece, i) => sum + piece.length - coveredLength(covered[i]!) / 2, 0);
}

function arcWallLength(arcs: WallArc[], minGap: number, maxGap: number): number {
  const spans = arcs.map((arc) => {
    let span = arc.end - arc.start;
    while (span < 0) span += 2 * Math.PI;
    return span;
  });
  const covered: Array<Array<[number, number]>> = arcs.map(() => []);
  const tolerance = maxGap / 10;
  for (let i = 0; i < arcs.length; i++)
    for (let j = i + 1; j < arcs.length; j++) {
      const p = arcs[i]!;
      const q = arcs[j]!;
      const gap = Math.abs(p.radius - q.radius);
      if (Math.hypot(p.center.x - q.center.x, p.center.y - q.center.y) > tolerance || gap < minGap || gap > maxGap)
        continue;
      // q's span in p's angle frame (p starts at 0).
      let qStart = q.start - p.start;
      while (qStart < 0) qStart += 2 * Math.PI;
      for (const offset of [qStart - 2 * Math.PI, qStart]) {
        const from = Math.max(0, offset);
        const to = Math.min(spans[i]!, offset + spans[j]!);
        if (to <= from) continue;
        covered[i]!.push([from, to]);
        covered[j]!.push([from - offset, to - offset]);
      }
    }
  return arcs.reduce((sum, arc, i) => sum + Math.abs(arc.radius) * (spans[i]! - coveredLength(covered[i]!) / 2), 0);
}

/**
 * The length of the walls a layer's linework draws, in drawing units; undefined
 * when the layer has too many pieces to pair.
 */
export function wallLength(linework: WallLinework, feetPerUnit: number): number | undefined {
  if (!(feetPerUnit > 0) || linework.arcs.length ** 2 > MAX_COMPARISONS) return undefined;
  const minGap = MIN_THICKNESS_FT / feetPerUnit;
  const maxGap = MAX_THICKNESS_FT / feetPerUnit;
  const straight = straightWallLength(linework.segments, minGap, maxGap);
  if (straight === undefined) return undefined;
  return straight + arcWallLength(linework.arcs, minGap, maxGap) + linework.otherLength;
}
