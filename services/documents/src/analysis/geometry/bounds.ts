/** Axis-aligned bounds and the quick tests the room search makes with them. */
import type { Segment } from './planar-graph';

export type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

/** The bounds grown by `by` on every side. */
export function grown(b: Bounds, by: number): Bounds {
  return { minX: b.minX - by, minY: b.minY - by, maxX: b.maxX + by, maxY: b.maxY + by };
}

/** Whether the segment's bounding box meets the bounds. */
export function meets(s: Segment, b: Bounds): boolean {
  return (
    Math.max(s.x1, s.x2) >= b.minX &&
    Math.min(s.x1, s.x2) <= b.maxX &&
    Math.max(s.y1, s.y2) >= b.minY &&
    Math.min(s.y1, s.y2) <= b.maxY
  );
}

/** The bounds taking in both. */
export function spanned(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/** Whether `inner` lies within `outer`. */
export function within(inner: Bounds, outer: Bounds): boolean {
  return inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;
}
