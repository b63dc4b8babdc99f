/**
 * Rooms cut by lines drawn across them: a shower floor's slope lines to its
 * drain (on a curbless toilet, from corner to corner of the whole room), a
 * leader across a room's corner. Such a line is single and thin: at a slant,
 * of the thinnest pen, with no parallel line a wall's thickness away, running
 * from wall face to wall face without crossing a heavier line
 * (geometry/slope-lines.ts). A room whose face runs along one is looked for
 * again without them, in the linework round it; the larger face is its room
 * where it holds no other name (two showers drawn open to each other, parted
 * by such lines only, stay apart) and stays inside the linework searched.
 */
import type { Face, Point, Segment } from '../geometry/planar-graph';
import { grown, meets, within } from '../geometry/bounds';
import { lengthAlongLines } from '../geometry/patterns';
import { facesSearchedAgain, type LabelBox, type RoomSearch } from '../geometry/rooms-around-labels';
import { isAslant, singleAslantLines } from '../geometry/slope-lines';

/** How far round a room cut by such a line it is looked for again (what a line cuts off lies in the room). */
const SLOPE_WINDOW_FT = 5;
/** Lines shorter than this are fixtures' pieces and arrowheads, not lines across a room. */
const MIN_LINE_FT = 1;
/** A wall is at most this thick: parallel lines closer are its two faces. */
const MAX_WALL_FT = 1;
/** A line drawn to a wall's face may run this far past it (an overshoot, rounding), less than any wall's half. */
const OVERSHOOT_FT = 1 / 6;

/**
 * For each label, its larger face once the single thin aslant lines round it
 * are left out, where that face is its room; undefined where its face stays.
 * `faces` are the labels' faces so far (undefined for labels measured another
 * way); `offPattern` the labels whose face was found without the lines of a
 * floor pattern (`inPattern`), which are left out again for them.
 */
export function facesPastSlopeLines(page: {
  walls: readonly Segment[];
  thin: ReadonlySet<Segment>;
  labels: readonly LabelBox[];
  faces: ReadonlyArray<Face | undefined>;
  offPattern: ReadonlySet<number>;
  inPattern: ReadonlySet<Segment>;
  search: RoomSearch;
  alternatives: ReadonlyArray<readonly Point[]>;
  feetPerPoint: number;
}): Array<Face | undefined> {
  const { walls, faces, search, feetPerPoint } = page;
  const larger: Array<Face | undefined> = faces.map(() => undefined);
  const minLine = MIN_LINE_FT / feetPerPoint;
  const aslantThin = walls.filter((s) => page.thin.has(s) && isAslant(s) && length(s) >= minLine);
  if (aslantThin.length === 0) return larger;
  const reach = SLOPE_WINDOW_FT / feetPerPoint;
  const along = faces
    .map((_, k) => k)
    .filter((k) => faces[k] && lengthAlongLines(faces[k]!.ring, aslantThin, search.tolerance) >= minLine);
  // The single lines round those faces; only the faces such a line bounds are looked for again.
  const windows = along.map((k) => grown(faces[k]!, reach));
  const slopes = new Set(
    singleAslantLines(
      aslantThin.filter((s) => windows.some((w) => meets(s, w))),
      walls,
      page.thin,
      {
        maxThickness: MAX_WALL_FT / feetPerPoint,
        minAlongside: minLine / 2,
        tolerance: search.tolerance,
        overshoot: OVERSHOOT_FT / feetPerPoint,
      },
    ),
  );
  if (slopes.size === 0) return larger;
  const cut = along.filter((k) => lengthAlongLines(faces[k]!.ring, [...slopes], search.tolerance) >= minLine);
  // Those found without a pattern's lines are looked for without them again, the others with them.
  for (const group of [cut.filter((k) => page.offPattern.has(k)), cut.filter((k) => !page.offPattern.has(k))]) {
    if (group.length === 0) continue;
    const windows = group.map((k) => grown(faces[k]!, reach));
    // Labels whose face without the lines is a space divided between names: the division is a guess.
    const { found, divided } = facesSearchedAgain(
      walls,
      windows,
      (s) => !slopes.has(s),
      page,
      page.offPattern.has(group[0]),
    );
    for (const k of group) {
      const face = found[k];
      if (face && !divided.has(k) && face.area > faces[k]!.area && within(face, grown(faces[k]!, reach - minLine)))
        larger[k] = face;
    }
  }
  return larger;
}

function length(s: Segment): number {
  return Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
}
