/**
 * Rooms from linework: each room label's room is the smallest face of the
 * noded wall linework that holds the label, is big enough to be a room and
 * holds no other room's label (that would be a floor, the building or the
 * sheet). Linework that runs through room names (floor patterns, hatching,
 * leaders across a room) is left out first: walls never do.
 */
import { nodeSegments, PlanarFaces, ringContains, type Face, type Point, type Segment } from './planar-graph';

export interface LabelBox {
  /** The point the room must hold: the middle of the label. */
  x: number;
  y: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface RoomSearch {
  /** Endpoints closer than this are one (the drawing's unit). */
  tolerance: number;
  /** Faces smaller than this are fixtures, tiles or wall pieces, not rooms. */
  minArea: number;
  /** Faces larger than this are the sheet or the whole drawing. */
  maxArea: number;
}

/**
 * The segments that do not run through any label's box: walls stop at a room's
 * name; floor patterns, hatching and leaders drawn across it do not.
 */
export function segmentsClearOfLabels<S extends Segment>(segments: readonly S[], labels: readonly LabelBox[]): S[] {
  if (labels.length === 0) return [...segments];
  // Labels sorted by left edge: each segment is tested against the few whose box its bounding box meets.
  const sorted = [...labels].sort((a, b) => a.minX - b.minX);
  const minXs = sorted.map((l) => l.minX);
  const widest = Math.max(...labels.map((l) => l.maxX - l.minX));
  return segments.filter((s) => {
    const sMinX = Math.min(s.x1, s.x2);
    const sMaxX = Math.max(s.x1, s.x2);
    const sMinY = Math.min(s.y1, s.y2);
    const sMaxY = Math.max(s.y1, s.y2);
    for (let i = lowerBound(minXs, sMinX - widest); i < sorted.length && sorted[i].minX <= sMaxX; i++) {
      const l = sorted[i];
      if (l.maxX < sMinX || l.minY > sMaxY || l.maxY < sMinY) continue;
      if (segmentCrossesBox(s, l)) return false;
    }
    return true;
  });
}

function lowerBound(values: number[], target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Liang–Barsky: does the segment pass through the box's interior? */
function segmentCrossesBox(s: Segment, box: LabelBox): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const checks: Array<[number, number]> = [
    [-dx, s.x1 - box.minX],
    [dx, box.maxX - s.x1],
    [-dy, s.y1 - box.minY],
    [dy, box.maxY - s.y1],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q <= 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 >= t1) return false;
    }
  }
  return true;
}

/**
 * For each label, the face around it (or undefined). Faces are computed once
 * for the whole drawing; each label's search runs over faces by bounding box.
 */
export function roomFacesAroundLabels(
  segments: readonly Segment[],
  labels: readonly LabelBox[],
  search: RoomSearch,
  /** Further points of each label to try, in order, when no room holds its middle (its other lines). */
  alternatives: ReadonlyArray<readonly Point[]> = [],
): Array<Face | undefined> {
  if (labels.length === 0 || segments.length === 0) return labels.map(() => undefined);
  const graph = nodeSegments(segments, search.tolerance);
  const faces = new PlanarFaces(graph);
  const candidates = Array.from({ length: faces.count }, (_, i) => i)
    .filter((i) => faces.area[i] >= search.minArea && faces.area[i] <= search.maxArea)
    .sort((a, b) => faces.area[a] - faces.area[b]);
  const rings = new Map<number, Point[]>();
  const ringOf = (i: number) => {
    let ring = rings.get(i);
    if (!ring) rings.set(i, (ring = faces.ring(i)));
    return ring;
  };
  const holds = (i: number, l: LabelBox) =>
    l.x >= faces.minX[i] &&
    l.x <= faces.maxX[i] &&
    l.y >= faces.minY[i] &&
    l.y <= faces.maxY[i] &&
    ringContains(ringOf(i), l.x, l.y);
  const roomAt = (label: LabelBox, point: Point): number | undefined => {
    const probe = { ...label, x: point.x, y: point.y };
    const index = candidates.find((i) => holds(i, probe));
    if (index === undefined) return undefined;
    // A face holding another room's label is a floor or the building, not this room.
    return labels.some((other) => other !== label && holds(index, other)) ? undefined : index;
  };
  return labels.map((label, k) => {
    for (const point of [label, ...(alternatives[k] ?? [])]) {
      const index = roomAt(label, point);
      if (index !== undefined) return faces.face(index);
    }
    return undefined;
  });
}
