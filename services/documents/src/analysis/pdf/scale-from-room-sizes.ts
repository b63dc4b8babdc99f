/**
 * The scale of a sheet with no scale note, read from the room sizes written in
 * its tags (`12'-0" x 10'-0"`), as an estimator reads a residential plan
 * printed without one: the rooms are looked for at a usual plan scale, each
 * nearly rectangular room's written sides over its measured ones give the
 * correction, and at least two rooms must agree on it. Rooms are found the same
 * at any scale close enough for the door and room sizes the search expects, so
 * the first usual scale at which two sized rooms are found gives the answer; a
 * result within 2% of a usual scale is that scale (the sizes are rounded).
 */
import type { RoomBoundaryLine } from '../analysis.types';
import type { PageGeometry } from './page-geometry';
import type { TextLine } from './pdf-layout';
import { takeoffPage, type PageTakeoff } from './page-takeoff';
import { feetPerPointOf } from './page-scale';
import { measuredSides, roomSize, sizeDiffers, writtenToMeasured } from './room-sizes';
import { roomTags } from './room-tags';

/** Plan scales tried, the usual first: imperial ones for sizes in feet and inches, ratios for sizes in metres. */
const usual = (notes: string[]) => notes.map((note) => ({ note, feetPerPoint: feetPerPointOf(note)! }));
const IMPERIAL_SCALES = usual([
  `1/4" = 1'-0"`,
  `1/8" = 1'-0"`,
  `3/16" = 1'-0"`,
  `1/2" = 1'-0"`,
  `3/8" = 1'-0"`,
  `3/32" = 1'-0"`,
]);
const METRIC_SCALES = usual(['1:50', '1:100', '1:20', '1:200']);
/** A scale read from the sizes this close to a usual one is that one. */
const SNAP = 0.02;

export interface SizedScale {
  feetPerPoint: number;
  /** The usual scale it is, where it is one. */
  note?: string;
  /** The rooms whose sizes gave it, as "OFFICE 12'-0" x 10'-0"". */
  rooms: string[];
  /** The page's takeoff at this scale, where the try that read it was at this very scale (it need not be redone). */
  takeoff?: PageTakeoff;
}

/**
 * The scale the room sizes of a page's tags give, where two or more tags carry sizes (each try is a takeoff of
 * the page, so a sheet whose sizes are a schedule's, doors' and windows', is not tried at all).
 */
export function scaleFromRoomSizes(
  page: number,
  geometry: PageGeometry,
  phrases: readonly TextLine[],
  size: { width: number; height: number },
  boundaries: readonly RoomBoundaryLine[] = [],
): SizedScale | undefined {
  const sizes = roomTags(phrases).flatMap((tag) => (tag.printedSize ? [tag.printedSize] : []));
  if (sizes.length < 2) return undefined;
  const metric = sizes.filter((written) => written.metric).length * 2 > sizes.length;
  const scales = metric ? METRIC_SCALES : IMPERIAL_SCALES;
  for (const tried of scales) {
    const takeoff = takeoffPage(page, geometry, phrases, size, tried.feetPerPoint, boundaries);
    const { rooms } = takeoff;
    const sized = rooms.flatMap((room) => {
      // Read as the tag read it: under a room's name, bare figures (12X14, 4.20 x 3.60) are a size too.
      const written = room.printedSize ? roomSize(room.printedSize, { bare: true }) : undefined;
      const ring = (room.outline ?? []).map(([x, y]) => ({ x, y }));
      const measured = written && measuredSides(ring, tried.feetPerPoint);
      return measured ? [{ name: room.name, measured, written }] : [];
    });
    const ratio = writtenToMeasured(sized);
    if (ratio === undefined) continue;
    const read = tried.feetPerPoint * ratio;
    const snapped = scales.find((s) => Math.abs(read / s.feetPerPoint - 1) <= SNAP);
    const feetPerPoint = snapped?.feetPerPoint ?? read;
    // The rooms that agree with their sizes at that scale (a room cut short by a stray line does not).
    const factor = feetPerPoint / tried.feetPerPoint;
    const agreeing = sized.filter(
      ({ measured, written }) => !sizeDiffers([measured[0] * factor, measured[1] * factor], written),
    );
    return {
      feetPerPoint,
      ...(snapped ? { note: snapped.note } : {}),
      rooms: agreeing.map((s) => `${s.name} ${s.written.text}`),
      ...(feetPerPoint === tried.feetPerPoint ? { takeoff } : {}),
    };
  }
  return undefined;
}
