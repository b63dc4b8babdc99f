/**
 * Room sizes written in room tags, as residential plans print them under the
 * name ("BEDROOM 2" over `12'-0" x 11'-6"`, "LIVING" over "4.20 x 3.60 m"):
 * read, and checked against the room measured round the tag. A size is the
 * room's two sides, so it is checked only on a room that is nearly the
 * rectangle round it; an L-shaped room's written size is its main part's.
 */
import { ringArea, type Point } from '../geometry/planar-graph';
import { agreedScale, feetOfDimension } from './dimension-scale';

const FEET_PER_METRE = 3.280839895013123;
/** "4.20 x 3.60 m", "4,20 × 3,60 m": metres need their unit written. */
const METRIC_SIZE = /^(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:m\s*)?[xX×]\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*m$/;
/** A room is checked against its written size when its outline fills this share of the box round it. */
const RECTANGULAR = 0.9;
/** Written sizes are rounded (often to the half foot): sides agree within this share or 6" (a foot where the size is in whole feet, 12' x 14'). */
const SIZE_TOLERANCE = 0.03;
const SIZE_TOLERANCE_FT = 0.5;
const WHOLE_FEET_TOLERANCE_FT = 1;

export interface RoomSize {
  /** As written in the tag (typographic quotes as plain ones). */
  text: string;
  /** Its two sides, feet. */
  feet: [number, number];
  /** Written in whole feet, no inches (12' x 14'): rounded to the foot. */
  wholeFeet?: boolean;
  /** Written in metres (a metric plan, drawn at a ratio such as 1:50). */
  metric?: boolean;
}

/** A side of a size: a dimension (12'-6"), or feet and inches without the inch mark, as tags write them (13'8). */
const SIDE = /^(\d{1,3})\s*'\s*-?\s*(\d{1,2})$/;

function feetOfSide(text: string): number | undefined {
  const bare = SIDE.exec(text);
  if (!bare) return feetOfDimension(text);
  const inches = Number(bare[2]);
  return inches < 12 ? Number(bare[1]) + inches / 12 : undefined;
}

/** "12x14", "12 X 14": whole feet with no marks, as house plans print sizes under a room's name. */
const BARE_FEET = /^(\d{1,2})\s*[xX×]\s*(\d{1,2})$/;
/** Bare figures are a room's feet from this many a side; "2x4" is lumber. */
const MIN_BARE_FT = 4;
/** "4.20 x 3.60", "4,20x3,60": metres to the centimetre without their unit, as metric plans print sizes under a name. */
const BARE_METRES = /^(\d{1,2}[.,]\d{2})\s*[xX×]\s*(\d{1,2}[.,]\d{2})$/;
/** Bare metres are a room's from this many a side (a 0.90 x 2.10 door is not a room; a 1.05 m closet is). */
const MIN_BARE_M = 1;

/**
 * `12'-0" x 11'-6"` (or `13'8 x 14'`) → 12 by 11.5 feet; undefined for anything else. With `bare`, also
 * "12x14" (whole feet without marks) and "4.20 x 3.60" (metres without their unit), which only a line under a
 * room's name is read as.
 */
export function roomSize(text: string, { bare = false } = {}): RoomSize | undefined {
  const written = text.trim().replace(/[’′]/g, "'").replace(/[”″]/g, '"');
  const metric = METRIC_SIZE.exec(written);
  if (metric) {
    const [a, b] = [metric[1], metric[2]].map((side) => Number(side.replace(',', '.')) * FEET_PER_METRE);
    return a > 0 && b > 0 ? { text: written, feet: [a, b], metric: true } : undefined;
  }
  const metres = bare ? BARE_METRES.exec(written) : null;
  if (metres) {
    const [a, b] = [metres[1], metres[2]].map((side) => Number(side.replace(',', '.')));
    return Math.min(a, b) >= MIN_BARE_M
      ? { text: written, feet: [a * FEET_PER_METRE, b * FEET_PER_METRE], metric: true }
      : undefined;
  }
  const figures = bare ? BARE_FEET.exec(written) : null;
  if (figures) {
    const [a, b] = [Number(figures[1]), Number(figures[2])];
    return Math.min(a, b) >= MIN_BARE_FT ? { text: written, feet: [a, b], wholeFeet: true } : undefined;
  }
  const sides = written.split(/\s*[xX×]\s*/);
  if (sides.length !== 2) return undefined;
  const [a, b] = sides.map(feetOfSide);
  if (a === undefined || b === undefined) return undefined;
  return sides.every((side) => /^\d+\s*'$/.test(side))
    ? { text: written, feet: [a, b], wholeFeet: true }
    : { text: written, feet: [a, b] };
}

/**
 * The sides of a nearly rectangular room's outline (page points), feet, shorter
 * first; undefined for another shape (an L, a room drawn at an angle).
 */
export function measuredSides(ring: readonly Point[], feetPerPoint: number): [number, number] | undefined {
  const xs = ring.map((p) => p.x);
  const ys = ring.map((p) => p.y);
  const width = Math.max(...xs) - Math.min(...xs);
  const height = Math.max(...ys) - Math.min(...ys);
  if (!(width > 0 && height > 0) || ringArea([...ring]) < width * height * RECTANGULAR) return undefined;
  const sides = [width * feetPerPoint, height * feetPerPoint].sort((a, b) => a - b);
  return [sides[0], sides[1]];
}

/** Whether measured sides (shorter first) disagree with a written size, beyond its rounding. */
export function sizeDiffers(measured: readonly [number, number], written: RoomSize): boolean {
  const sides = [...written.feet].sort((a, b) => a - b);
  const rounding = written.wholeFeet ? WHOLE_FEET_TOLERANCE_FT : SIZE_TOLERANCE_FT;
  return sides.some((side, k) => Math.abs(measured[k] - side) > Math.max(side * SIZE_TOLERANCE, rounding));
}

/**
 * What the written sizes of a page's rooms say of its scale: the share their
 * sides are of the measured ones, where at least two rooms agree on it (within
 * 1%) and each room's two sides do (within 3%); undefined otherwise.
 */
export function writtenToMeasured(
  rooms: ReadonlyArray<{ measured: [number, number]; written: RoomSize }>,
): number | undefined {
  const ratios: number[] = [];
  for (const { measured, written } of rooms) {
    const sides = [...written.feet].sort((a, b) => a - b);
    const [short, long] = [sides[0] / measured[0], sides[1] / measured[1]];
    if (Math.abs(short / long - 1) <= SIZE_TOLERANCE) ratios.push((short + long) / 2);
  }
  return agreedScale(ratios, 2);
}

/** 12.33 → 12'-4" (to the nearest inch). */
export function feetAndInches(feet: number): string {
  const inches = Math.round(feet * 12);
  return `${Math.floor(inches / 12)}'-${inches % 12}"`;
}
