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
