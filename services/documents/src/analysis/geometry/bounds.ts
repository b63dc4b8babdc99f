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
