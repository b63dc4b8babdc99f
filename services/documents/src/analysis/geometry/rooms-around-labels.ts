/**
 * Rooms from linework: each room label's room is the smallest face of the
 * noded wall linework that holds the label, is big enough to be a room and
 * holds no other room's label (that would be a floor, the building or the
 * sheet). Linework that runs through room names (floor patterns, hatching,
 * leaders across a room) is left out first: walls never do.
 */
import { meets, spanned, type Bounds } from './bounds';
import { nodeSegments } from './noding';
import {
  PlanarFaces,
  ringArea,
  ringContains,
  ringPerimeter,
  type Face,
  type Point,
  type Segment,
} from './planar-graph';
import { splitRingBetween } from './split-shared-face';
import type { SubsetNoding } from './subset-noding';
import { lowerBound } from './lower-bound';

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
  /**
   * A space holding a few labels is divided between them across its openings up to this wide
   * (split-shared-face.ts); without it, such labels get no room.
   */
  maxCut?: number;
  /** How near a wall end the far end of such a cut must come (defaults to the tolerance). */
  endReach?: number;
  /** Noding shared by searches over parts of one drawing's linework (its tolerance is this search's). */
  noding?: SubsetNoding;
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
  /** Told of each label whose smallest space also holds a few other labels (by index), and that space's area. */
  onShared?: (label: number, others: number[], area: number) => void,
  /** Told of each label without a room whose middle lies in a face smaller than a room (a tile of a pattern), and that face. */
  onTooSmall?: (label: number, face: Face) => void,
  /** Told once of each space divided between labels (by index), with its area. */
  onDivided?: (labels: number[], area: number) => void,
): Array<Face | undefined> {
  if (labels.length === 0 || segments.length === 0) return labels.map(() => undefined);
  const graph = search.noding ? search.noding.node(segments) : nodeSegments(segments, search.tolerance);
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
  const roomAt = (label: LabelBox, point: Point): { index: number; others: number[] } | undefined => {
    const probe = { ...label, x: point.x, y: point.y };
    const index = candidates.find((i) => holds(i, probe));
    if (index === undefined) return undefined;
    // A face holding another room's label is a floor or the building, not this room.
    const others: number[] = [];
    labels.forEach((other, m) => {
      if (other !== label && holds(index, other)) others.push(m);
    });
    return { index, others };
  };
  const small = onTooSmall
    ? Array.from({ length: faces.count }, (_, i) => i).filter((i) => faces.area[i] < search.minArea)
    : [];
  // A shared space's division between its labels, once per space.
  const divisions = new Map<number, Map<number, Point[]> | undefined>();
  const partOf = (k: number, shared: { index: number; others: number[] }): Face | undefined => {
    if (search.maxCut === undefined) return undefined;
    if (!divisions.has(shared.index)) {
      const members = [k, ...shared.others].sort((a, b) => a - b);
      const parts = splitRingBetween(
        ringOf(shared.index),
        members.map((m) => labels[m]),
        { maxCut: search.maxCut, minArea: search.minArea, endReach: search.endReach ?? search.tolerance },
      );
      divisions.set(shared.index, parts && new Map(members.map((m, i) => [m, parts[i]])));
      if (parts) onDivided?.(members, faces.area[shared.index]);
    }
    const ring = divisions.get(shared.index)?.get(k);
    if (!ring) return undefined;
    const parent = faces.face(shared.index);
    return {
      ring,
      area: ringArea(ring),
      perimeter: ringPerimeter(ring),
      groupLengths: parent.groupLengths,
      minX: Math.min(...ring.map((p) => p.x)),
      minY: Math.min(...ring.map((p) => p.y)),
      maxX: Math.max(...ring.map((p) => p.x)),
      maxY: Math.max(...ring.map((p) => p.y)),
    };
  };
  const shared: Array<{ index: number; others: number[] } | undefined> = [];
  const result = labels.map((label, k) => {
    let firstShared: { index: number; others: number[] } | undefined;
    for (const point of [label, ...(alternatives[k] ?? [])]) {
      const found = roomAt(label, point);
      if (found && found.others.length === 0) return faces.face(found.index);
      firstShared ??= found;
    }
    if (firstShared && firstShared.others.length <= MAX_SHARING) shared[k] = firstShared;
    return undefined;
  });
  result.forEach((face, k) => {
    if (face) return;
    // A label on a tile of a floor pattern is looked for again by the caller before any space is divided.
    const tile = onTooSmall ? small.find((i) => holds(i, labels[k])) : undefined;
    if (tile !== undefined) {
      onTooSmall!(k, faces.face(tile));
      if (shared[k] && onShared) onShared(k, shared[k].others, faces.area[shared[k].index]);
      return;
    }
    const space = shared[k];
    if (!space) return;
    result[k] = partOf(k, space);
    // The smallest space round the label holds a few other labels too, and no opening divides it between them.
    if (!result[k] && onShared) onShared(k, space.others, faces.area[space.index]);
  });
  return result;
}

/** A space holding more labels than this is a floor or the building, not rooms left undivided. */
const MAX_SHARING = 3;

/**
 * The labels' faces looked for again (a room retry) in the linework round `windows` (the rooms' neighbourhoods):
 * the lines `kept` accepts, less a floor pattern's lines (`inPattern`) where `withoutPattern`. `divided` holds
 * the labels whose face is then a space divided between names: a guess, never a room.
 */
export function facesSearchedAgain(
  walls: readonly Segment[],
  windows: readonly Bounds[],
  kept: (s: Segment) => boolean,
  page: {
    labels: readonly LabelBox[];
    search: RoomSearch;
    alternatives: ReadonlyArray<readonly Point[]>;
    inPattern: ReadonlySet<Segment>;
  },
  withoutPattern: boolean,
): { found: Array<Face | undefined>; divided: Set<number> } {
  const all = windows.reduce(spanned);
  const lines = walls.filter(
    (s) => meets(s, all) && windows.some((w) => meets(s, w)) && kept(s) && !(withoutPattern && page.inPattern.has(s)),
  );
  const divided = new Set<number>();
  const found = roomFacesAroundLabels(
    lines,
    page.labels,
    page.search,
    page.alternatives,
    undefined,
    undefined,
    (members) => members.forEach((m) => divided.add(m)),
  );
  return { found, divided };
}
