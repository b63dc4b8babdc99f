/**
 * Whole circles drawn as one piece of linework: a round table, a rug, a
 * planter, a column, a tag's bubble. A wall is never a whole circle (a curved
 * wall is an arc, and a round room's wall is wider than any table), so such a
 * shape bounds no room: a dining table drawn round the word "DINING" is not
 * the dining room. CAD plots a circle as four Béziers or as many short lines,
 * often without closing the path: its ends meeting is what closes it.
 */
import type { Point } from './planar-graph';

/** A circle is drawn with at least this many points once flattened (four Béziers give 49, a polygon of lines more). */
const MIN_POINTS = 12;
/** Every point lies within this share of the mean radius from the centre: a regular 16-gon is 2% off, an octagon 8%. */
const ROUND_WITHIN = 0.03;

/**
 * Whether `points` (one subpath, `closed` as drawn) go once round a circle no wider than `maxDiameter`: their ends
 * meet, and every point is the same distance from their centre. An arc is not (its points' centre is not the
 * arc's), nor an ellipse (a toilet bowl) or a rounded rectangle (a tub).
 */
export function isWholeCircle(points: readonly Point[], closed: boolean, maxDiameter: number): boolean {
  if (points.length < MIN_POINTS) return false;
  const first = points[0];
  const last = points[points.length - 1];
  // The centre of the points once round: without the last where it repeats the first.
  const ring = first.x === last.x && first.y === last.y ? points.slice(0, -1) : points;
  let cx = 0;
  let cy = 0;
  for (const p of ring) {
    cx += p.x;
    cy += p.y;
  }
  cx /= ring.length;
  cy /= ring.length;
  let mean = 0;
  for (const p of ring) mean += Math.hypot(p.x - cx, p.y - cy);
  mean /= ring.length;
  if (mean === 0 || mean * 2 > maxDiameter) return false;
  if (!closed && Math.hypot(last.x - first.x, last.y - first.y) > mean * ROUND_WITHIN) return false;
  return ring.every((p) => Math.abs(Math.hypot(p.x - cx, p.y - cy) - mean) <= mean * ROUND_WITHIN);
}
