/**
 * A sheet printed at another size than its scale note says (a half-size set,
 * a sheet fitted to smaller paper): the note no longer holds, and the rooms
 * measured at it come out about one share of the areas printed in their tags
 * (or of the sizes written there, 12'-0" x 14'-6", as residential plans print
 * them). Where the median share of three or more rooms is more than 10%
 * (linear) from true size, the page is measured again at the scale it gives,
 * and again once more at the scale that measurement gives (measured at the
 * wrong scale, rules in real units, such as a door's width, read the drawing
 * differently, so the first shares are rough); it is kept where three or
 * more rooms, and three quarters of those with a printed figure, then match
 * their tags within 3%. Within 10% of true size nothing is tried (net against
 * gross areas, a tag's rounding).
 */
import type { Room } from '../analysis.types';
import { roomSize } from './room-sizes';

/** Measured again at the corrected scale, a room within this share of its printed area matches it. */
const MATCH_WITHIN = 0.03;
/** At least this many rooms, and this share of those with a printed area, must match. */
const MIN_ROOMS = 3;
const MIN_SHARE = 0.75;
/** A linear factor within this of 1 is no print at another size. */
const TRUE_SIZE_WITHIN = 0.1;
/** Measurements at a corrected scale, at most. */
const ROUNDS = 2;

/**
 * The page measured at the scale its rooms' printed areas give (`measure` takes the real feet per point),
 * with that scale, the print's linear factor (true = measured at the note × factor) and the rooms that match
 * their tags; undefined where the rooms measured at the note (`rooms`, at `feetPerPoint`) agree with their
 * tags, have too few printed figures, or no corrected scale makes them match.
 */
export function measuredAtPrintedAreas<T extends { rooms: Room[] }>(
  rooms: readonly Room[],
  feetPerPoint: number,
  measure: (feetPerPoint: number) => T,
): { takeoff: T; feetPerPoint: number; factor: number; rooms: string[] } | undefined {
  let factor = medianFactor(rooms);
  for (let round = 0; round < ROUNDS; round++) {
    if (factor === undefined || Math.abs(factor - 1) <= TRUE_SIZE_WITHIN) return undefined;
    const takeoff = measure(feetPerPoint * factor);
    const ratios = printedRatios(takeoff.rooms);
    const matching = ratios.filter((r) => Math.abs(r.ratio - 1) <= MATCH_WITHIN);
    if (matching.length >= MIN_ROOMS && matching.length >= ratios.length * MIN_SHARE)
      return { takeoff, feetPerPoint: feetPerPoint * factor, factor, rooms: matching.map((r) => r.name) };
    const next = medianFactor(takeoff.rooms);
    factor = next === undefined ? undefined : factor * next;
  }
  return undefined;
}

/** The square root of the rooms' median printed-to-measured area ratio, from three rooms or more. */
function medianFactor(rooms: readonly Room[]): number | undefined {
  const ratios = printedRatios(rooms)
    .map((r) => r.ratio)
    .sort((a, b) => a - b);
  return ratios.length >= MIN_ROOMS ? Math.sqrt(ratios[Math.floor(ratios.length / 2)]) : undefined;
}

function printedRatios(rooms: readonly Room[]): Array<{ name: string; ratio: number }> {
  return rooms.flatMap((r) => {
    const written = r.printedSize ? roomSize(r.printedSize, { bare: true })?.feet : undefined;
    const printed = r.printedAreaSqFt ?? (written ? written[0] * written[1] : undefined);
    return printed && printed > 0 && r.areaSqFt > 0 ? [{ name: r.name, ratio: printed / r.areaSqFt }] : [];
  });
}
