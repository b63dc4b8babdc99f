/**
 * Cutting a page's paths to a clipping region's bounds (a CAD viewport is a
 * rectangle): what lies outside it is not drawn and not measured.
 */
import type { Point } from '../geometry/planar-graph';

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A path's pieces as page-geometry.ts keeps them. */
interface PathPieces {
  subpaths: Point[][];
  closed: boolean[];
  curves: Array<[Point, Point, Point, Point]>;
}

export function boundsOf(subpaths: Point[][]): Box | undefined {
  let box: Box | undefined;
  for (const points of subpaths) {
    for (const p of points) {
      if (!box) box = { minX: p.x, minY: p.y, maxX: p.x, maxY: p.y };
      else {
        box.minX = Math.min(box.minX, p.x);
        box.minY = Math.min(box.minY, p.y);
        box.maxX = Math.max(box.maxX, p.x);
        box.maxY = Math.max(box.maxY, p.y);
      }
    }
  }
  return box;
}

export function intersect(a: Box, b: Box): Box {
  return {
    minX: Math.max(a.minX, b.minX),
    minY: Math.max(a.minY, b.minY),
    maxX: Math.min(a.maxX, b.maxX),
    maxY: Math.min(a.maxY, b.maxY),
  };
}

const inside = (p: Point, box: Box) => p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY;

/**
 * Cuts a path to the clipping box: lines are split where they leave it
 * (Liang–Barsky), filled outlines are cut as polygons (Sutherland–Hodgman).
 * Paths wholly inside, the usual case, are returned as they are.
 */
export function clipTo(path: PathPieces, box: Box | undefined, filled: boolean): PathPieces {
  if (!box) return path;
  const subpaths: Point[][] = [];
  const closed: boolean[] = [];
  path.subpaths.forEach((points, k) => {
    if (points.every((p) => inside(p, box))) {
      subpaths.push(points);
      closed.push(path.closed[k]);
    } else if (filled) {
      const polygon = clipPolygon(points, box);
      if (polygon.length >= 3) {
        subpaths.push(polygon);
        closed.push(true);
      }
    } else {
      const ring = path.closed[k] ? [...points, points[0]] : points;
      for (const piece of clipPolyline(ring, box)) {
        subpaths.push(piece);
        closed.push(false);
      }
    }
  });
  const curves = path.curves.filter((c) => c.some((p) => inside(p, box)));
  return { subpaths, closed, curves };
}

function clipPolyline(points: Point[], box: Box): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] | undefined;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1];
    const b = points[k];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    for (const [p, q] of [
      [-dx, a.x - box.minX],
      [dx, box.maxX - a.x],
      [-dy, a.y - box.minY],
      [dy, box.maxY - a.y],
    ]) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else if (p < 0) t0 = Math.max(t0, q / p);
      else t1 = Math.min(t1, q / p);
    }
    if (!visible || t0 > t1) {
      current = undefined;
      continue;
    }
    const from = t0 === 0 ? a : { x: a.x + dx * t0, y: a.y + dy * t0 };
    const to = t1 === 1 ? b : { x: a.x + dx * t1, y: a.y + dy * t1 };
    if (!current || t0 > 0) {
      current = [from];
      pieces.push(current);
    }
    current.push(to);
    if (t1 < 1) current = undefined;
  }
  return pieces.filter((piece) => piece.length > 1);
}

function clipPolygon(points: Point[], box: Box): Point[] {
  const edges: Array<[(p: Point) => boolean, (a: Point, b: Point) => Point]> = [
    [(p) => p.x >= box.minX, (a, b) => at(a, b, (box.minX - a.x) / (b.x - a.x))],
    [(p) => p.x <= box.maxX, (a, b) => at(a, b, (box.maxX - a.x) / (b.x - a.x))],
    [(p) => p.y >= box.minY, (a, b) => at(a, b, (box.minY - a.y) / (b.y - a.y))],
    [(p) => p.y <= box.maxY, (a, b) => at(a, b, (box.maxY - a.y) / (b.y - a.y))],
  ];
  let output = points;
  for (const [keep, cross] of edges) {
    const input = output;
    output = [];
    for (let k = 0; k < input.length; k++) {
      const current = input[k];
      const previous = input[(k + input.length - 1) % input.length];
      if (keep(current)) {
        if (!keep(previous)) output.push(cross(previous, current));
        output.push(current);
      } else if (keep(previous)) output.push(cross(previous, current));
    }
    if (output.length === 0) break;
  }
  return output;
}

function at(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** A clipping path that is no rectangle (a hatch's region, a room's floor pattern): its rings and fill rule. */
export interface ClipRegion {
  rings: Point[][];
  evenOdd: boolean;
  box: Box;
}

/** Whether the subpaths are one rectangle with level and plumb sides (a viewport): its bounds then clip exactly. */
export function isLevelRectangle(subpaths: Point[][]): boolean {
  if (subpaths.length !== 1) return false;
  const ring = subpaths[0];
  const points =
    ring.length > 1 && ring[0].x === ring[ring.length - 1].x && ring[0].y === ring[ring.length - 1].y
      ? ring.slice(0, -1)
      : ring;
  if (points.length !== 4) return false;
  return points.every((p, k) => {
    const q = points[(k + 1) % 4];
    return Math.abs(p.x - q.x) < 1e-6 || Math.abs(p.y - q.y) < 1e-6;
  });
}

/**
 * Cuts stroked lines to a clipping region of any shape: each straight piece
 * is split where it crosses the region's outline, and the parts inside (by
 * the region's fill rule; on the outline counts as inside) are kept.
 */
export function clipLinesToRegion(path: PathPieces, region: ClipRegion): PathPieces {
  const edges = region.rings.flatMap((ring) =>
    ring.map((a, k) => [a, ring[(k + 1) % ring.length]] as const).filter(([a, b]) => a.x !== b.x || a.y !== b.y),
  );
  const subpaths: Point[][] = [];
  const closed: boolean[] = [];
  path.subpaths.forEach((points, k) => {
    const line = path.closed[k] ? [...points, points[0]] : points;
    let current: Point[] | undefined;
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1];
      const b = line[i];
      if (
        Math.max(a.x, b.x) < region.box.minX ||
        Math.min(a.x, b.x) > region.box.maxX ||
        Math.max(a.y, b.y) < region.box.minY ||
        Math.min(a.y, b.y) > region.box.maxY
      ) {
        current = undefined;
        continue;
      }
      const cuts = [0, 1];
      for (const [p, q] of edges) {
        const t = crossingAlong(a, b, p, q);
        if (t !== undefined) cuts.push(t);
      }
      cuts.sort((x, y) => x - y);
      for (let c = 1; c < cuts.length; c++) {
        const t0 = cuts[c - 1];
        const t1 = cuts[c];
        if (t1 - t0 < 1e-9) continue;
        if (!insideRegion(at(a, b, (t0 + t1) / 2), region, edges)) {
          current = undefined;
          continue;
        }
        const from = at(a, b, t0);
        if (!current) {
          current = [from];
          subpaths.push(current);
          closed.push(false);
        }
        current.push(at(a, b, t1));
      }
    }
  });
  const curves = path.curves.filter((c) => c.some((p) => insideRegion(p, region, edges)));
  // A closed outline wholly inside stays closed.
  if (
    path.subpaths.length === subpaths.length &&
    subpaths.every((s, k) => s.length === path.subpaths[k].length + (path.closed[k] ? 1 : 0))
  )
    return { ...path, curves };
  return { subpaths, closed, curves };
}

/** Where along a→b (0..1) it crosses the segment p→q, if it does. */
function crossingAlong(a: Point, b: Point, p: Point, q: Point): number | undefined {
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const sx = q.x - p.x;
  const sy = q.y - p.y;
  const denominator = rx * sy - ry * sx;
  if (denominator === 0) return undefined;
  const t = ((p.x - a.x) * sy - (p.y - a.y) * sx) / denominator;
  const u = ((p.x - a.x) * ry - (p.y - a.y) * rx) / denominator;
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? t : undefined;
}

/** Inside the region by its fill rule, or on its outline (within a hundredth of a point). */
function insideRegion(p: Point, region: ClipRegion, edges: ReadonlyArray<readonly [Point, Point]>): boolean {
  let winding = 0;
  let crossings = 0;
  for (const [a, b] of edges) {
    if (onSegment(p, a, b)) return true;
    if (a.y <= p.y !== b.y <= p.y) {
      const x = a.x + ((p.y - a.y) / (b.y - a.y)) * (b.x - a.x);
      if (x > p.x) {
        crossings++;
        winding += b.y > a.y ? 1 : -1;
      }
    }
  }
  return region.evenOdd ? crossings % 2 === 1 : winding !== 0;
}

function onSegment(p: Point, a: Point, b: Point): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + dx * t), p.y - (a.y + dy * t)) <= 0.01;
}
