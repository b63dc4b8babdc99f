/**
 * A sheet printed at another size than its scale note says (a half-size set,
 * a sheet fitted to smaller paper): the note no longer holds, and every room
 * measured at it comes out the same share of the area printed in its tag (or
 * of the size written there, 12'-0" x 14'-6", as residential plans print it).
 * Where three or more rooms, and most of those with a printed area, roughly
 * agree on one ratio (measured at the wrong scale, rules in real units, such
 * as a door's width, read the drawing a little differently), the print's
 * factor is its square root; within 10% of true size it is left alone (net
 * against gross areas, a tag's rounding). The caller measures the page again
 * at the corrected scale and keeps it where the rooms then match their tags.
 */
import type { Room } from '../analysis.types';
import { roomSize } from './room-sizes';

/** Rooms whose printed to measured ratios lie within this share of their median roughly agree. */
const ROUGHLY_WITHIN = 0.1;
/** Measured again at the corrected scale, a room within this share of its printed area matches it. */
const MATCH_WITHIN = 0.03;
/** At least this many rooms, and this share of those with a printed area, must agree. */
const MIN_ROOMS = 3;
const MIN_SHARE = 0.75;
/** A linear factor within this of 1 is no print at another size. */
const TRUE_SIZE_WITHIN = 0.1;

/**
 * The factor by which lengths measured at the page's scale fall short of true (true = measured × factor),
 * as the areas printed in the rooms' tags give it, with the rooms that agree on it; undefined where they
 * do not agree, or agree with the scale.
 */
export function printedAreasFactor(rooms: readonly Room[]): { factor: number; rooms: string[] } | undefined {
  const ratios = printedRatios(rooms);
  if (ratios.length < MIN_ROOMS) return undefined;
  const sorted = ratios.map((r) => r.ratio).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const agreeing = ratios.filter((r) => Math.abs(r.ratio / median - 1) <= ROUGHLY_WITHIN);
  if (agreeing.length < MIN_ROOMS || agreeing.length < ratios.length * MIN_SHARE) return undefined;
  const factor = Math.sqrt(median);
  if (Math.abs(factor - 1) <= TRUE_SIZE_WITHIN) return undefined;
  return { factor, rooms: agreeing.map((r) => r.name) };
}

/** Whether three or more rooms, and most of those with a printed area, measure within 3% of it. */
export function matchPrintedAreas(rooms: readonly Room[]): boolean {
  const ratios = printedRatios(rooms);
  const matching = ratios.filter((r) => Math.abs(r.ratio - 1) <= MATCH_WITHIN);
  return matching.length >= MIN_ROOMS && matching.length >= ratios.length * MIN_SHARE;
}

function printedRatios(rooms: readonly Room[]): Array<{ name: string; ratio: number }> {
  return rooms.flatMap((r) => {
    const written = r.printedSize ? roomSize(r.printedSize, { bare: true })?.feet : undefined;
    const printed = r.printedAreaSqFt ?? (written ? written[0] * written[1] : undefined);
    return printed && printed > 0 && r.areaSqFt > 0 ? [{ name: r.name, ratio: printed / r.areaSqFt }] : [];
  });
}
