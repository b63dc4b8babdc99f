/**
 * Where things land in a drawing: the affine transforms of block INSERTs
 * (position, scale, rotation, MINSERT grids, nested blocks) and arcs and bulged
 * polylines as points. The viewer's linework and the takeoff's symbol positions
 * place blocks the same way.
 */
import type { InsertEntity } from './drawing-entities';
import { ocsToWcs, type BulgeVertex, type Point2 } from './geometry';

/** 2D affine transform [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Transform = [number, number, number, number, number, number];
export const IDENTITY: Transform = [1, 0, 0, 1, 0, 0];

export function apply(t: Transform, x: number, y: number): [number, number] {
  return [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]];
}

export function compose(outer: Transform, inner: Transform): Transform {
  return [
    outer[0] * inner[0] + outer[2] * inner[1],
    outer[1] * inner[0] + outer[3] * inner[1],
    outer[0] * inner[2] + outer[2] * inner[3],
    outer[1] * inner[2] + outer[3] * inner[3],
    outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
    outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
  ];
}

/** Segments per full circle: fine enough to look round at any zoom a sheet is read at. */
export const CIRCLE_SEGMENTS = 72;
/** Nested blocks deeper than this are a cycle or a pathological file. */
export const MAX_NESTING = 16;

export function arcPoints(cx: number, cy: number, r: number, startDeg: number, endDeg: number): number[] {
  let span = (endDeg - startDeg) % 360;
  if (span <= 0) span += 360;
  const steps = Math.max(2, Math.ceil((span / 360) * CIRCLE_SEGMENTS));
  const out: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((startDeg + (span * i) / steps) * Math.PI) / 180;
    out.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  return out;
}

/** A polyline with bulges as points: each bulged segment becomes its arc. */
export function bulgePoints(vertices: readonly BulgeVertex[], closed: boolean): number[] {
  const out: number[] = [];
  const n = vertices.length;
  const segments = closed ? n : n - 1;
  if (n === 0) return out;
  out.push(vertices[0]!.x, vertices[0]!.y);
  for (let i = 0; i < segments; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % n]!;
    if (a.bulge !== 0) {
      const chord = Math.hypot(b.x - a.x, b.y - a.y);
      if (chord > 0) {
        const theta = 4 * Math.atan(a.bulge); // signed included angle, positive counter-clockwise
        const radius = chord / (2 * Math.sin(Math.abs(theta) / 2));
        const mx = (a.x + b.x) / 2;
        const my = (a.y + b.y) / 2;
        // Distance from the chord's midpoint to the centre, on the left of a→b for a positive bulge.
        const h = radius * Math.cos(theta / 2) * Math.sign(theta);
        const cx = mx - (h * (b.y - a.y)) / chord;
        const cy = my + (h * (b.x - a.x)) / chord;
        const start = Math.atan2(a.y - cy, a.x - cx);
        const steps = Math.max(2, Math.ceil((Math.abs(theta) / (2 * Math.PI)) * CIRCLE_SEGMENTS));
        for (let k = 1; k < steps; k++) {
          const angle = start + (theta * k) / steps;
          out.push(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
        }
      }
    }
    out.push(b.x, b.y);
  }
  return out;
}

/** One transform per placed instance (a MINSERT grid has rows × columns), block coordinates to the parent's. */
export function insertTransforms(insert: InsertEntity, base: Point2): Transform[] {
  const sx = insert.scaleX || 1;
  const sy = insert.scaleY || 1;
  const r = ((insert.rotationDeg ?? 0) * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const position = ocsToWcs(insert.position, insert.extrusion);
  const out: Transform[] = [];
  for (let row = 0; row < insert.rows; row++) {
    for (let column = 0; column < insert.columns; column++) {
      // Grid offsets are in the insert's rotated frame.
      const gx = column * (insert.columnSpacing ?? 0);
      const gy = row * (insert.rowSpacing ?? 0);
      const tx = position.x + gx * cos - gy * sin;
      const ty = position.y + gx * sin + gy * cos;
      const rotateScale: Transform = [cos * sx, sin * sx, -sin * sy, cos * sy, tx, ty];
      out.push(compose(rotateScale, [1, 0, 0, 1, -base.x, -base.y]));
    }
  }
  return out;
}
