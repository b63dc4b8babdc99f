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
 * The item's quantity in its unit: LF = length × feetPerPoint, SF = area ×
 * feetPerPoint², EA = the number of points. `feetPerPoint` is only read for
 * lengths and areas.
 */
export function measure(kind: TakeoffKind, points: Point[], feetPerPoint: number): number {
  if (kind === 'count') return points.length;
  if (kind === 'length') return polylineLength(points) * feetPerPoint;
  return polygonArea(points) * feetPerPoint * feetPerPoint;
}

/** A quantity as the numeric(18,4) column and the wire keep it: "16", "12.5", "0.0417". */
export function toDecimal(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  return rounded.toFixed(4).replace(/\.?0+$/, '');
}
