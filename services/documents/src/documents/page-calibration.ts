/**
 * The corrections a user can make to a document's analysis, checked as a person
 * would enter them: the drawing units of a DXF or DWG, a PDF page's scale
 * from a line of known length, and room boundaries drawn on a PDF page. Each failure is a sentence saying what to fix.
 */
import type { OverridableUnit } from '@kerf/contracts';
import { feetPerUnit } from '../analysis/dxf/drawing-units';

export const OVERRIDABLE_UNITS: readonly OverridableUnit[] = ['in', 'ft', 'mm', 'cm', 'm'];

export const UNIT_CHOICES = 'in, ft, mm, cm or m';

export function isOverridableUnit(value: unknown): value is OverridableUnit {
  return typeof value === 'string' && (OVERRIDABLE_UNITS as readonly string[]).includes(value);
}

/** Shorter than this many points (about 0.04 mm on paper) the two ends are the same point. */
const MIN_LINE_POINTS = 0.1;

export type CalibrationResult = { feetPerPoint: number } | { error: string };

/**
 * feetPerPoint = the real length in feet / the line's length in page points.
 * A 180 pt line (2½ inches on the sheet) said to be 10 ft gives 1/18: ¼" = 1'-0".
 */
export function calibratePage(
  input: {
    from: { x: number; y: number } | undefined;
    to: { x: number; y: number } | undefined;
    distance: number;
    unit: string;
  },
  page?: { widthPts: number; heightPts: number },
): CalibrationResult {
  const { from, to, distance, unit } = input;
  const finite = (point: { x: number; y: number } | undefined) =>
    !!point && Number.isFinite(point.x) && Number.isFinite(point.y);
  if (!finite(from) || !finite(to)) return { error: 'from and to must each be a point [x, y] on the page, in points.' };
  if (!Number.isFinite(distance) || distance <= 0)
    return { error: 'distance must be a number greater than zero: the real length of the line.' };
  if (!isOverridableUnit(unit)) return { error: `unit must be one of ${UNIT_CHOICES}.` };
  const offPage = page && outsideThePage(from!, to!, page);
  if (offPage) return { error: offPage };
  const points = Math.hypot(to!.x - from!.x, to!.y - from!.y);
  if (!(points >= MIN_LINE_POINTS))
    return { error: 'from and to are the same point: draw the line between two different points of the page.' };
  return { feetPerPoint: (distance * feetPerUnit(unit)) / points };
}

type PagePoint = { x: number; y: number };

/** Which end of a line lies off the page, as a sentence; undefined when both are on it. */
function outsideThePage(from: PagePoint, to: PagePoint, page: { widthPts: number; heightPts: number }, what = '') {
  // A point a hair off the page (rounding of a click at its edge) is on it.
  const off = (point: PagePoint) =>
    point.x < -1 || point.y < -1 || point.x > page.widthPts + 1 || point.y > page.heightPts + 1;
  for (const [end, point] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (off(point))
      return `${what}${end} [${point.x}, ${point.y}] is outside the page, which is ${round(page.widthPts)} × ${round(page.heightPts)} points (origin top left, y down).`;
  }
  return undefined;
}

/**
 * Room boundaries drawn on a page, checked line by line: both ends on the page
 * and apart. Answers the lines as stored ([x, y] pairs), or what to fix.
 */
export function checkBoundaries(
  lines: ReadonlyArray<{ from?: PagePoint; to?: PagePoint }>,
  page?: { widthPts: number; heightPts: number },
): { lines: Array<{ from: [number, number]; to: [number, number] }> } | { error: string } {
  const checked: Array<{ from: [number, number]; to: [number, number] }> = [];
  const finite = (point: PagePoint | undefined): point is PagePoint =>
    !!point && Number.isFinite(point.x) && Number.isFinite(point.y);
  for (const [k, { from, to }] of lines.entries()) {
    const what = lines.length > 1 ? `Boundary ${k + 1}: ` : 'The boundary: ';
    if (!finite(from) || !finite(to))
      return { error: `${what}from and to must each be a point [x, y] on the page, in points.` };
    const offPage = page && outsideThePage(from, to, page, what);
    if (offPage) return { error: offPage };
    if (!(Math.hypot(to.x - from.x, to.y - from.y) >= MIN_LINE_POINTS))
      return { error: `${what}from and to are the same point: draw it from one wall to another.` };
    checked.push({ from: [from.x, from.y], to: [to.x, to.y] });
  }
  return { lines: checked };
}

const round = (n: number) => Math.round(n * 100) / 100;
