/**
 * Rooms from linework: each room label's room is the smallest face of the
 * noded wall linework that holds the label, is big enough to be a room and
 * holds no other room's label (that would be a floor, the building or the
 * sheet). Linework that runs through room labels (floor patterns, hatching,
 * dimension strings across a room) is left out first: walls never do.
 */
import { facesOf, nodeSegments, ringContains, type Face, type Segment } from './planar-graph';

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

/** Groups whose segments cross the boxes of at least `share` of the labels (and two of them at least). */
export function groupsCrossingLabels(
  segments: readonly Segment[],
  labels: readonly LabelBox[],
  share = 0.05,
): Set<number> {
  const crossed = new Map<number, Set<number>>();
  if (labels.length === 0) return new Set();
  // Labels are few: test each segment against the labels whose box its bounding box meets.
  const sorted = labels.map((l, i) => ({ l, i })).sort((a, b) => a.l.minX - b.l.minX);
  const minXs = sorted.map((s) => s.l.minX);
  const widest = Math.max(...labels.map((l) => l.maxX - l.minX));
  for (const s of segments) {
    const sMinX = Math.min(s.x1, s.x2);
    const sMaxX = Math.max(s.x1, s.x2);
    const sMinY = Math.min(s.y1, s.y2);
    const sMaxY = Math.max(s.y1, s.y2);
    let lo = lowerBound(minXs, sMinX - widest);
    for (; lo < sorted.length && sorted[lo].l.minX <= sMaxX; lo++) {
      const { l, i } = sorted[lo];
      if (l.maxX < sMinX || l.minY > sMaxY || l.maxY < sMinY) continue;
      if (segmentCrossesBox(s, l)) {
        const set = crossed.get(s.group) ?? new Set<number>();
        set.add(i);
        crossed.set(s.group, set);
      }
    }
  }
  const threshold = Math.max(2, Math.ceil(labels.length * share));
  return new Set([...crossed.entries()].filter(([, set]) => set.size >= threshold).map(([group]) => group));
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
): Array<Face | undefined> {
  if (labels.length === 0 || segments.length === 0) return labels.map(() => undefined);
  const graph = nodeSegments(segments, search.tolerance);
  const faces = facesOf(graph)
    .filter((f) => f.area >= search.minArea && f.area <= search.maxArea)
    .sort((a, b) => a.area - b.area);
  const holds = (face: Face, l: LabelBox) =>
    l.x >= face.minX && l.x <= face.maxX && l.y >= face.minY && l.y <= face.maxY && ringContains(face.ring, l.x, l.y);
  return labels.map((label) => {
    const face = faces.find((f) => holds(f, label));
    if (!face) return undefined;
    // A face holding another room's label is a floor or the building, not this room.
    const others = labels.some((other) => other !== label && holds(face, other));
    return others ? undefined : face;
  });
}
