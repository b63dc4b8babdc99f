/**
 * Annotation drawn round and over a sheet's room tags that is not wall
 * linework: frames round tag lines (closed paths, or four loose lines), and
 * the measures used to tell clouds and shading from walls.
 */
import { ringArea, ringPerimeter, type Point, type Segment } from '../geometry/planar-graph';
import type { LabelBox } from '../geometry/rooms-around-labels';
import type { PageGeometry } from './page-geometry';
import { boundsOf } from './path-clipping';

/** The line width most linework is drawn with (by segment count), the page's thin pen. */
export function medianWidth(segments: ReadonlyArray<{ width: number }>): number {
  // A typed array sorts numbers natively: a sheet has some 80,000 segments.
  const widths = Float64Array.from(segments, (s) => s.width).filter((w) => Number.isFinite(w));
  if (widths.length === 0) return 0;
  return widths.sort()[widths.length >> 1];
}

/**
 * Paths that frame a line of a room tag (the box round a room number): closed,
 * holding the line's middle, and no more than a few times its size.
 */
export function textFrames(paths: PageGeometry['paths'], lines: LabelBox[]): Set<number> {
  const frames = new Set<number>();
  if (lines.length === 0) return frames;
  const largest = Math.max(...lines.map((l) => (l.maxX - l.minX) * (l.maxY - l.minY)));
  paths.forEach((path, owner) => {
    for (const points of path.subpaths) {
      if (points.length < 4 || points.length > 6) continue;
      const { minX, minY, maxX, maxY } = boundsOf([points])!;
      const area = (maxX - minX) * (maxY - minY);
      if (area > largest * 4) continue;
      const framed = lines.some(
        (l) =>
          l.x > minX && l.x < maxX && l.y > minY && l.y < maxY && area <= (l.maxX - l.minX) * (l.maxY - l.minY) * 4,
      );
      if (framed) {
        frames.add(owner);
        return;
      }
    }
  });
  return frames;
}

/** The length of a path's pieces as drawn (closing sides of closed subpaths included). */
export function drawnLength(path: PageGeometry['paths'][number]): number {
  let total = 0;
  path.subpaths.forEach((points, k) => {
    total += ringPerimeter(points);
    // ringPerimeter closes the ring; an open polyline has no closing side.
    if (!path.closed[k]) {
      const a = points[0];
      const b = points[points.length - 1];
      total -= Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  return total;
}

/** The length of Bézier pieces (each the mean of its chord and control polygon: within 1% for arcs to a quarter turn). */
export function curvesLength(curves: ReadonlyArray<readonly [Point, Point, Point, Point]>): number {
  let total = 0;
  for (const [p0, c1, c2, p3] of curves) {
    const polygon =
      Math.hypot(c1.x - p0.x, c1.y - p0.y) +
      Math.hypot(c2.x - c1.x, c2.y - c1.y) +
      Math.hypot(p3.x - c2.x, p3.y - c2.y);
    const chord = Math.hypot(p3.x - p0.x, p3.y - p0.y);
    total += (chord + polygon) / 2;
  }
  return total;
}

/** A ring's mean width: twice its area over its perimeter (a wall's thickness for a wall's outline). */
export function meanWidth(ring: readonly Point[]): number {
  const perimeter = ringPerimeter(ring);
  return perimeter > 0 ? (2 * ringArea(ring)) / perimeter : 0;
}

/**
 * Frames round lines of a room tag drawn as four separate straight lines: a
 * rectangle of level and plumb lines, each no longer than the frame, round the
 * line's middle and within a few text heights of it. Indices into `segments`.
 */
export function framesOfLooseLines(segments: readonly Segment[], lines: readonly LabelBox[]): Set<number> {
  const found = new Set<number>();
  if (lines.length === 0) return found;
  const tallest = Math.max(...lines.map((l) => l.maxY - l.minY));
  const widest = Math.max(...lines.map((l) => l.maxX - l.minX));
  const reach = widest + tallest * 4;
  // Short level and plumb lines, bucketed by their top-left corner on a grid of a few text heights, for
  // looking up the ones round each tag line without scanning the sheet.
  const cell = Math.max(tallest * 4, 1e-9);
  const cellOf = (v: number) => Math.floor(v / cell);
  const buckets = new Map<number, number[]>();
  // Cells stay far below 2^21 either way on any page.
  const keyOf = (cx: number, cy: number) => cx * 4_194_304 + cy;
  segments.forEach((s, index) => {
    const dx = Math.abs(s.x2 - s.x1);
    const dy = Math.abs(s.y2 - s.y1);
    if (!((dx <= 1e-3 * Math.max(dy, 1) || dy <= 1e-3 * Math.max(dx, 1)) && Math.max(dx, dy) <= reach)) return;
    const key = keyOf(cellOf(Math.min(s.x1, s.x2)), cellOf(Math.min(s.y1, s.y2)));
    const bucket = buckets.get(key);
    if (bucket) bucket.push(index);
    else buckets.set(key, [index]);
  });
  for (const line of lines) {
    const h = line.maxY - line.minY;
    const w = line.maxX - line.minX;
    const minX = line.minX - h * 2 - w * 0.5;
    const maxX = line.maxX + h * 2 + w * 0.5;
    const minY = line.minY - h;
    const maxY = line.maxY + h;
    const near: Array<{ index: number; x1: number; y1: number; x2: number; y2: number }> = [];
    for (let cx = cellOf(minX); cx <= cellOf(maxX); cx++) {
      for (let cy = cellOf(minY); cy <= cellOf(maxY); cy++) {
        for (const index of buckets.get(keyOf(cx, cy)) ?? []) {
          const s = segments[index];
          const x1 = Math.min(s.x1, s.x2);
          const x2 = Math.max(s.x1, s.x2);
          const y1 = Math.min(s.y1, s.y2);
          const y2 = Math.max(s.y1, s.y2);
          if (x1 >= minX && x2 <= maxX && y1 >= minY && y2 <= maxY) near.push({ index, x1, y1, x2, y2 });
        }
      }
    }
    // In the order of their left ends (then drawing order), as the frame's sides are matched first-found.
    near.sort((a, b) => a.x1 - b.x1 || a.index - b.index);
    const tol = h * 0.15;
    const level = near.filter((s) => s.y2 - s.y1 < tol && s.x1 < line.x && s.x2 > line.x);
    const plumb = near.filter((s) => s.x2 - s.x1 < tol);
    for (const top of level) {
      if (top.y1 >= line.y) continue;
      const bottom = level.find(
        (b) => b.y1 > line.y && Math.abs(b.x1 - top.x1) <= tol && Math.abs(b.x2 - top.x2) <= tol,
      );
      if (!bottom) continue;
      const side = (x: number) =>
        plumb.find(
          (v) => Math.abs(v.x1 - x) <= tol && Math.abs(v.y1 - top.y1) <= tol && Math.abs(v.y2 - bottom.y1) <= tol,
        );
      const left = side(top.x1);
      const right = side(top.x2);
      if (!left || !right) continue;
      for (const s of [top, bottom, left, right]) found.add(s.index);
      break;
    }
  }
  return found;
}
