/**
 * Rooms bounded by casework and fixtures: a closet's shelf, a pantry's
 * counters, a bathroom's vanity and tub, drawn along the walls. A room's area
 * runs to its walls (as the size in its tag and an estimator's takeoff do),
 * not to the front of its counters. A CAD export draws them with pens (layers)
 * of their own, and a pen that draws walls draws most of its lines as pairs of
 * faces a wall's thickness apart; casework pens pair far fewer of theirs. A
 * room whose face runs along such a pen for a foot or more, and along walls of
 * a pen that does pair its lines, is looked for again without that pen's lines,
 * in the linework round it. The larger face is its room where it holds no
 * other name, stays inside the linework searched, and grows by no more than
 * a strip of casework along those lines could add (a leak into the next space
 * adds far more). A sheet that draws casework with its wall pen is left as it is.
 *
 * Furniture drawn against the walls (ArchiCAD's beds and wardrobes) reaches further than casework: where the
 * room's tag prints its area (or its size), the larger face is its room also when it grows by more, as long as
 * it then matches that area within 3% and the face cut short did not: the drawing's own figure tells.
 */
import type { Face, Point, Segment } from '../geometry/planar-graph';
import { grown, meets, spanned, within, type Bounds } from '../geometry/bounds';
import { facesSearchedAgain, type LabelBox, type RoomSearch } from '../geometry/rooms-around-labels';

/** How far round a room it is looked for again: casework is this deep at most, with a margin. */
const WINDOW_FT = 5;
/** Casework and fixtures reach this far from the wall at most (a tub's width, a deep counter). */
const CASEWORK_DEPTH_FT = 3.5;
/** A face runs along a pen for at least this long before that pen is left out for it. */
const MIN_ALONG_FT = 1;
/** Pieces shorter than this are not judged for a partner face (arcs' flattened pieces, ticks). */
const MIN_PIECE_FT = 1;
/** A wall's two faces are this far apart (a stud partition to a masonry wall with its finishes). */
const MIN_WALL_FT = 2 / 12;
const MAX_WALL_FT = 20 / 12;
/** A pen this much of whose linework (its pieces of a foot or more) runs beside a partner of its own draws walls. */
const WALL_PEN_PAIRED = 0.6;
/** Within about 1°. */
const PARALLEL_SIN = 0.0175;

/**
 * For each label, its larger face once the casework pens along it are left out, where that face is its room;
 * undefined where its face stays. `faces` are the labels' faces so far (undefined for labels measured another
 * way); `keep` is the group of lines never left out (door openings closed, boundaries the user drew);
 * `offPattern` the labels whose face was found without a floor pattern's lines (`inPattern`), left out again.
 */
export function facesPastCasework(page: {
  walls: readonly Segment[];
  /** The lines of the page's thinnest pen (page-rooms.ts). */
  thin: ReadonlySet<Segment>;
  keep: number;
  labels: readonly LabelBox[];
  faces: ReadonlyArray<Face | undefined>;
  offPattern: ReadonlySet<number>;
  inPattern: ReadonlySet<Segment>;
  search: RoomSearch;
  alternatives: ReadonlyArray<readonly Point[]>;
  feetPerPoint: number;
  /**
   * Whether the area label `k`'s tag gives (printed, or its written size's) confirms `area` (page points²);
   * undefined where it gives none.
   */
  confirms?: (k: number, area: number) => boolean | undefined;
}): Array<Face | undefined> {
  const { walls, faces, search, feetPerPoint, keep } = page;
  const larger: Array<Face | undefined> = faces.map(() => undefined);
  const minAlong = MIN_ALONG_FT / feetPerPoint;
  // The pens each face runs along, with how far.
  const pensOf = faces.map((face) =>
    face ? [...face.groupLengths.entries()].filter(([group]) => group !== keep) : [],
  );
  const asked = new Set(pensOf.flatMap((pens) => (pens.length > 1 ? pens.map(([group]) => group) : [])));
  if (asked.size === 0) return larger;
  const { shares, pairedPieces } = pairing(walls, asked, feetPerPoint);
  const isWallPen = (group: number) => (shares.get(group) ?? 0) >= WALL_PEN_PAIRED;
  const matches = (k: number, area: number) => page.confirms?.(k, area) === true;
  const casework = (k: number) =>
    pensOf[k].some(([group, length]) => length >= minAlong && isWallPen(group)) &&
    pensOf[k].some(([group, length]) => length >= minAlong && !isWallPen(group));
  // A face its printed area says is cut short, along two pens or more, where casework's pen is paired like
  // walls (or the casework rule left it short): every pen but the most paired (its walls') is left out for it.
  const furniture = (k: number) =>
    faces[k] !== undefined &&
    page.confirms?.(k, faces[k]!.area) === false &&
    pensOf[k].filter(([, length]) => length >= minAlong).length >= 2;
  // Each candidate once for each rule it is tried by: casework's, then furniture's.
  const candidates = [
    ...faces.flatMap((_, k) => (casework(k) ? [{ k, pastFurniture: false }] : [])),
    ...faces.flatMap((_, k) => (furniture(k) ? [{ k, pastFurniture: true }] : [])),
  ];
  if (candidates.length === 0) return larger;
  const reach = WINDOW_FT / feetPerPoint;
  const mostPaired = (k: number) =>
    pensOf[k].reduce((best, [group]) => ((shares.get(group) ?? 0) > (shares.get(best) ?? 0) ? group : best), -1);
  const leftOut = candidates.map(({ k, pastFurniture }) => {
    const walled = pastFurniture ? (group: number) => group === mostPaired(k) : isWallPen;
    return new Set(pensOf[k].filter(([group, length]) => length >= minAlong && !walled(group)).map(([g]) => g));
  });
  // One search for all of them (a pen left out for one face is no part of another's outline), those found
  // without a pattern's lines without them again, the others with them.
  const allWindows = candidates.map(({ k }) => grown(faces[k]!, reach));
  const span = allWindows.reduce(spanned);
  const nearAll = walls.filter((s) => meets(s, span) && allWindows.some((w) => meets(s, w)));
  // A line in line with a wall's face, running on from it, is that face across an opening (a window's
  // sill line, a threshold): it stays, or the room would run into the window's recess.
  const acrossOpeningsOf = (pens: ReadonlySet<number>) =>
    inLineWithWalls(
      nearAll.filter((s) => pens.has(s.group)),
      nearAll.filter((s) => isWallPen(s.group) && !pens.has(s.group)),
      search.tolerance,
    );
  // Faces past furniture are searched apart from those past casework: the pens they leave out draw walls elsewhere.
  for (const [withoutPattern, pastFurniture] of [
    [true, false],
    [false, false],
    [true, true],
    [false, true],
  ]) {
    const group = candidates.flatMap(({ k, ...tried }, i) =>
      page.offPattern.has(k) === withoutPattern && tried.pastFurniture === pastFurniture ? [i] : [],
    );
    if (group.length === 0) continue;
    const pens = new Set(group.flatMap((i) => [...leftOut[i]]));
    const acrossOpenings = acrossOpeningsOf(pens);
    const windows = group.map((i) => grown(faces[candidates[i].k]!, reach));
    // The thinnest pen draws slope lines and patterns, and on finish plans thin walls too (a chase's): its
    // lines with a partner face of its own pen stay walls. Casework's double lines (a counter's nosing, a
    // tub's rim) are of a pen of their own.
    const { found, divided } = facesSearchedAgain(
      nearAll,
      windows,
      (s) => !(pens.has(s.group) && !acrossOpenings.has(s) && !(page.thin.has(s) && pairedPieces.has(s))),
      page,
      withoutPattern,
    );
    for (const i of group) {
      const { k } = candidates[i];
      // Past casework, a face its printed area then confirms is not tried past furniture.
      if (pastFurniture && larger[k] && matches(k, larger[k].area)) continue;
      const face = faces[k]!;
      const grownFace = found[k];
      const along = pensOf[k].reduce((sum, [pen, length]) => sum + (leftOut[i].has(pen) ? length : 0), 0);
      if (
        grownFace &&
        !divided.has(k) &&
        grownFace.area > face.area &&
        (pastFurniture
          ? matches(k, grownFace.area)
          : grownFace.area - face.area <= along * (CASEWORK_DEPTH_FT / feetPerPoint) ||
            (matches(k, grownFace.area) && !matches(k, face.area))) &&
        within(grownFace, grown(face, reach - minAlong))
      )
        larger[k] = grownFace;
    }
  }
  return larger;
}

/**
 * The share of each asked pen's linework (its straight pieces of a foot or more) that runs beside a parallel
 * piece of the same pen a wall's thickness away (a wall's other face), and the pieces that mostly do.
 * Pieces are found through a grid of cells.
 */
function pairing(
  segments: readonly Segment[],
  groups: ReadonlySet<number>,
  feetPerPoint: number,
): { shares: Map<number, number>; pairedPieces: Set<Segment> } {
  const minPiece = MIN_PIECE_FT / feetPerPoint;
  const minGap = MIN_WALL_FT / feetPerPoint;
  const maxGap = MAX_WALL_FT / feetPerPoint;
  const pieces = segments.filter((s) => groups.has(s.group) && Math.hypot(s.x2 - s.x1, s.y2 - s.y1) >= minPiece);
  const cell = maxGap * 2;
  const grid = new Map<number, number[]>();
  // Cells keyed by number: a page is far fewer than 2^20 cells across.
  const cellsOf = (b: Bounds, visit: (key: number) => void) => {
    for (let cx = Math.floor(b.minX / cell); cx <= Math.floor(b.maxX / cell); cx++)
      for (let cy = Math.floor(b.minY / cell); cy <= Math.floor(b.maxY / cell); cy++) visit(cx * 1_048_576 + cy);
  };
  const boundsOf = (s: Segment): Bounds => ({
    minX: Math.min(s.x1, s.x2),
    minY: Math.min(s.y1, s.y2),
    maxX: Math.max(s.x1, s.x2),
    maxY: Math.max(s.y1, s.y2),
  });
  pieces.forEach((s, i) => cellsOf(boundsOf(s), (key) => (grid.get(key) ?? grid.set(key, []).get(key)!).push(i)));
  const seen = new Int32Array(pieces.length).fill(-1);
  const drawn = new Map<number, number>();
  const paired = new Map<number, number>();
  const pairedPieces = new Set<Segment>();
  pieces.forEach((p, i) => {
    const length = Math.hypot(p.x2 - p.x1, p.y2 - p.y1);
    const ux = (p.x2 - p.x1) / length;
    const uy = (p.y2 - p.y1) / length;
    const covered: Array<[number, number]> = [];
    cellsOf(grown(boundsOf(p), maxGap), (key) => {
      for (const j of grid.get(key) ?? []) {
        if (j === i || seen[j] === i) continue;
        seen[j] = i;
        const q = pieces[j];
        if (q.group !== p.group) continue;
        const qLength = Math.hypot(q.x2 - q.x1, q.y2 - q.y1);
        if (Math.abs(ux * (q.y2 - q.y1) - uy * (q.x2 - q.x1)) > PARALLEL_SIN * qLength) continue;
        const gap = Math.abs(ux * (q.y1 - p.y1) - uy * (q.x1 - p.x1));
        if (gap < minGap || gap > maxGap) continue;
        const t1 = ux * (q.x1 - p.x1) + uy * (q.y1 - p.y1);
        const t2 = ux * (q.x2 - p.x1) + uy * (q.y2 - p.y1);
        const from = Math.max(0, Math.min(t1, t2));
        const to = Math.min(length, Math.max(t1, t2));
        if (to > from) covered.push([from, to]);
      }
    });
    const beside = coveredLength(covered);
    if (beside >= length / 2) pairedPieces.add(p);
    drawn.set(p.group, (drawn.get(p.group) ?? 0) + length);
    paired.set(p.group, (paired.get(p.group) ?? 0) + beside);
  });
  const shares = new Map([...drawn].map(([group, length]) => [group, (paired.get(group) ?? 0) / length]));
  return { shares, pairedPieces };
}

/**
 * The lines that continue a wall line: parallel to one, on its line (within the tolerance), and meeting or
 * overlapping it end to end.
 */
function inLineWithWalls(lines: readonly Segment[], wallLines: readonly Segment[], tolerance: number): Set<Segment> {
  const found = new Set<Segment>();
  if (lines.length === 0 || wallLines.length === 0) return found;
  const cell = Math.max(8, tolerance * 4);
  const grid = new Map<number, Segment[]>();
  const key = (x: number, y: number) => Math.floor(x / cell) * 1_048_576 + Math.floor(y / cell);
  // Each wall line by the cells of its ends (and of the points a tolerance round them): a line continuing it
  // meets it at an end.
  for (const w of wallLines) {
    const keys = new Set<number>();
    for (const [x, y] of [
      [w.x1, w.y1],
      [w.x2, w.y2],
    ])
      for (const dx of [-tolerance, tolerance]) for (const dy of [-tolerance, tolerance]) keys.add(key(x + dx, y + dy));
    for (const k of keys) (grid.get(k) ?? grid.set(k, []).get(k)!).push(w);
  }
  for (const s of lines) {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (length === 0) continue;
    const ux = (s.x2 - s.x1) / length;
    const uy = (s.y2 - s.y1) / length;
    const continues = (w: Segment) => {
      const wLength = Math.hypot(w.x2 - w.x1, w.y2 - w.y1);
      if (wLength === 0 || Math.abs(ux * (w.y2 - w.y1) - uy * (w.x2 - w.x1)) > PARALLEL_SIN * wLength) return false;
      // Both of the wall line's ends on this line, and the two meeting or overlapping along it.
      const off1 = Math.abs(ux * (w.y1 - s.y1) - uy * (w.x1 - s.x1));
      const off2 = Math.abs(ux * (w.y2 - s.y1) - uy * (w.x2 - s.x1));
      if (off1 > tolerance || off2 > tolerance) return false;
      const t1 = ux * (w.x1 - s.x1) + uy * (w.y1 - s.y1);
      const t2 = ux * (w.x2 - s.x1) + uy * (w.y2 - s.y1);
      return Math.max(t1, t2) >= -tolerance && Math.min(t1, t2) <= length + tolerance;
    };
    const candidates = [...(grid.get(key(s.x1, s.y1)) ?? []), ...(grid.get(key(s.x2, s.y2)) ?? [])];
    if (candidates.some(continues)) found.add(s);
  }
  return found;
}

/** The length of the union of intervals. */
function coveredLength(intervals: Array<[number, number]>): number {
  intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of intervals) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
