/**
 * What a hand takeoff item measures: a polyline's length, a polygon's area (the
 * shoelace formula) or a number of clicks, in feet from the page's scale. Each
 * refusal says what to do instead.
 */
import type { TakeoffKind, TakeoffUnit } from './takeoff-item.entity';

export const TAKEOFF_KINDS: readonly TakeoffKind[] = ['length', 'area', 'count'];
export const UNIT_OF: Record<TakeoffKind, TakeoffUnit> = { length: 'LF', area: 'SF', count: 'EA' };
/** More than enough for any outline drawn by hand; a bound on what one request stores. */
export const MAX_POINTS = 10_000;

export type Point = [number, number];

export const isTakeoffKind = (value: unknown): value is TakeoffKind =>
  typeof value === 'string' && (TAKEOFF_KINDS as readonly string[]).includes(value);

/** The points as [x, y] pairs of finite numbers, or why they are not. */
export function checkPoints(points: unknown): { points: Point[] } | { error: string } {
  const shape = 'points must be a list of [x, y] pairs of numbers, in page points (origin top left, y down).';
  if (!Array.isArray(points)) return { error: shape };
  if (points.length > MAX_POINTS) return { error: `A takeoff item can have at most ${MAX_POINTS} points.` };
  const checked: Point[] = [];
  for (const point of points) {
    if (!Array.isArray(point) || point.length !== 2) return { error: shape };
    const [x, y] = point as unknown[];
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
      return { error: shape };
    checked.push([x, y]);
  }
  return { points: checked };
}

/** The holes as rings of [x, y] pairs, or why they are not; their geometry is checked by `holeProblem`. */
export function checkHoles(holes: unknown): { holes: Point[][] } | { error: string } {
  const shape = 'holes must be a list of rings, each a list of [x, y] pairs of numbers in page points.';
  if (!Array.isArray(holes)) return { error: shape };
  const checked: Point[][] = [];
  let total = 0;
  for (const ring of holes) {
    if (!Array.isArray(ring)) return { error: shape };
    const points = checkPoints(ring);
    if ('error' in points) return { error: shape };
    total += points.points.length;
    if (total > MAX_POINTS) return { error: `A takeoff item's holes can have at most ${MAX_POINTS} points in all.` };
    checked.push(points.points);
  }
  return { holes: checked };
}

/**
 * Why these holes cannot be cut out of this item, said as what to do, or null.
 * Each hole needs 3 points, every vertex inside the outline (on its edge counts
 * as inside), and together they must leave some area.
 */
export function holeProblem(kind: TakeoffKind, outline: Point[], holes: Point[][]): string | null {
  if (holes.length === 0) return null;
  if (kind !== 'area')
    return `Only an area can have holes: a ${kind} has no inside to cut out. Send holes only for an area item, or none.`;
  for (const [index, hole] of holes.entries()) {
    if (hole.length < 3)
      return `Hole ${index + 1} has ${hole.length} point${hole.length === 1 ? '' : 's'}: a hole needs at least 3, so click each of its corners, then finish with Enter.`;
    if (!hole.every((point) => insideOrOnRing(point, outline)))
      return `Hole ${index + 1} is not inside the area's outline: draw every corner of a hole within the area it is cut from.`;
  }
  const remaining = polygonArea(outline) - holes.reduce((sum, hole) => sum + polygonArea(hole), 0);
  if (remaining <= 1e-9 * Math.max(1, polygonArea(outline)))
    return 'The holes cover the whole area, leaving nothing to measure: make the holes smaller or delete the item instead.';
  return null;
}

/** Ray casting, with a point on an edge (within a hair of it) counted as inside. */
export function insideOrOnRing([x, y]: Point, ring: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (distanceToSegment(x, y, xi, yi, xj, yj) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y))) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Too few points for the kind, said as what to click. */
export function tooFewPoints(kind: TakeoffKind, points: Point[]): string | null {
  if (kind === 'length' && points.length < 2)
    return 'A length needs at least 2 points: click where it starts and where it ends (and each bend between).';
  if (kind === 'area' && points.length < 3)
    return 'An area needs at least 3 points: click each corner of the area, then finish with Enter.';
  if (kind === 'count' && points.length < 1) return 'A count needs at least one point: click each thing to count.';
  return null;
}

/** The sum of the polyline's segments, in page points. */
export function polylineLength(points: Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++)
    total += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return total;
}

/** The polygon's area in square page points (shoelace; closed implicitly, either winding). */
export function polygonArea(points: Point[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/**
 * The item's quantity in its unit: LF = length × feetPerPoint, SF = (outline's
 * area − the holes' areas) × feetPerPoint², EA = the number of points.
 * `feetPerPoint` is only read for lengths and areas.
 */
export function measure(kind: TakeoffKind, points: Point[], feetPerPoint: number, holes: Point[][] = []): number {
  if (kind === 'count') return points.length;
  if (kind === 'length') return polylineLength(points) * feetPerPoint;
  const holeArea = holes.reduce((sum, hole) => sum + polygonArea(hole), 0);
  return (polygonArea(points) - holeArea) * feetPerPoint * feetPerPoint;
}

/** A quantity as the numeric(18,4) column and the wire keep it: "16", "12.5", "0.0417". */
export function toDecimal(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  return rounded.toFixed(4).replace(/\.?0+$/, '');
}
