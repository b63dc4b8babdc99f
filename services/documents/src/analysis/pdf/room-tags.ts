/**
 * Room tags on a PDF sheet: a name (a word that names a space, or a name over
 * a room number or area), with the lines stacked with it, and the area printed
 * in it ("189 SF", "18.86 m2").
 */
import { ROOM_NUMBER } from '@kerf/takeoff';
import { looksLikeRoomName } from '../dxf/rooms';
import type { LabelBox } from '../geometry/rooms-around-labels';
import type { TextLine } from './pdf-layout';
import { roomSize, type RoomSize } from './room-sizes';

const SQ_FT_PER_SQ_M = 10.763910416709722;
/**
 * "189 SF", "1,234 SQ FT", "AREA: 189 SF" (Revit's area parameter with its label), "189 NSF" (net, as
 * space programmes write it; USF, ASF, GSF, RSF alike), "(189 SF)", "18.86 m²", and
 * "18,86 m²" with a decimal comma (ArchiCAD's zone stamps in most of Europe): a comma before three
 * digits separates thousands, before one or two it is the decimal point.
 */
const AREA =
  /^\(?(?:(?:NET\s+|GROSS\s+)?AREA\s*[:=]?\s*|A\s*[:=]\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:[.,](\d+))?\s*(SF|S\.F\.|[NUAGR]SF|SQ\.?\s*FT\.?|SQ\.?\s*FEET|SQUARE\s+FEET|FT2|FT²|M2|M²|SQ\.?\s*M\.?)\)?$/i;
/**
 * Headings of legends, schedules and notes mention rooms too ("ROOM FINISH LEGEND"), and the title block's
 * field labels sit over a figure in a box ("Building Number" over "28"): they name no space. "OPEN PLAN"
 * (an office's or a living area's) does: a plan's title is "FLOOR PLAN", "SITE PLAN", "PLAN".
 */
const HEADING =
  /\b(?:LEGEND|SCHEDULE|(?<!\bOPEN\s+)PLAN|NOTES?|ABBREVIATIONS?|ELEVATIONS?|SECTIONS?|DETAILS?|KEYNOTES?|FINISH|NUMBER|TITLE|DATE|DRAWN|CHECKED|APPROVED|REVISIONS?)\b|[&:]\s*$/i;
/** A name may start with a small count ("2 CAR GARAGE", "3 SEASON ROOM"), never with a door or window size ("3068"). */
const NAME_LINE = /^(?=.*\p{L}{3})(?:\d{1,2}\s+)?[\p{L}][\p{L}\d\s./&'+-]*$/u;
/** A finish or material code ("P-1", "CPT-1", "PT-1/PT-2"), as finish plans write them beside room names. */
const CODE = /^[A-Z]{1,4}\d?-\d{1,2}[A-Z]?$/;
/** A code written this often on one page tags finishes or materials: it is no part of one room's name. */
const REPEATED_CODE = 4;
/** A size under a word makes it a room's name from this many feet a side; smaller sizes are openings'. */
const MIN_SIZED_ROOM_FT = 4;
/** Words over a size that name a part of the building, not a space (a window's, a beam's, a footing's size). */
const NOT_A_SPACE =
  /\b(?:WINDOWS?|DOORS?|OPENINGS?|SKYLIGHTS?|ACCESS|PANELS?|HATCH|BEAMS?|HEADERS?|LINTELS?|FOOTINGS?|PADS?|SLABS?|GRILLES?|DIFFUSERS?|LOUVERS?|VENTS?|TYP\.?)\b/i;

export interface RoomTag {
  name: string;
  printedAreaSqFt?: number;
  /** The room's size written in the tag (`12'-0" x 11'-6"`). */
  printedSize?: RoomSize;
  /** The whole tag: name, number and area lines. */
  box: LabelBox;
  /** The middle of the name line (its outer 15% trimmed): linework through it is no wall. */
  nameBox: LabelBox;
  /** Each line of the tag, for finding the frames drawn round them. */
  lineBoxes: LabelBox[];
  /** Its lines read up or down the page (a plan turned on its sheet): frames round them stand upright too. */
  upright?: boolean;
}

/**
 * A printed area ("189 SF", "18.86 m2") in square feet. "6 5 S F": an area of two figures tracked wider
 * than a word space, each character apart (see joinedInitials), is read as its characters together.
 */
export function printedArea(text: string): number | undefined {
  const trimmed = text.trim();
  const match = AREA.exec(/^(?:\S )+\S$/.test(trimmed) ? trimmed.replaceAll(' ', '') : trimmed);
  if (!match) return undefined;
  const value = Number(`${match[1].replace(/,/g, '')}.${match[2] ?? '0'}`);
  return /M/i.test(match[3]) && !/FT/i.test(match[3]) ? value * SQ_FT_PER_SQ_M : value;
}

/**
 * Room tags: a name (a word that names a space, or a name over a room number or
 * area), with the lines stacked with it: more name lines above, the number and
 * the printed area below.
 */
export function roomTags(phrases: readonly TextLine[]): RoomTag[] {
  const lines = phrases.map(joinedInitials).sort((a, b) => a.y - b.y || a.x - b.x);
  const used = new Set<TextLine>();
  // Each line where it reads: level lines as they are, upright ones (a plan turned on its sheet) in the
  // frame of their reading direction, where "below" is the way the glyphs' feet point. Lines stack only
  // with lines reading the same way; lines at other angles (a door size along a wall) stack with none.
  const framed = new Map<TextLine, Frame>();
  for (const line of lines) {
    const frame = frameOf(line);
    if (frame) framed.set(line, frame);
  }
  const byReading = new Map<Frame['reading'], TextLine[]>();
  for (const [line, frame] of framed) {
    const group = byReading.get(frame.reading) ?? [];
    group.push(line);
    byReading.set(frame.reading, group);
  }
  // Each group in its own frame's order, by baseline: the next line of a stack lies within a few text
  // heights below, so each look-up scans only those (a spec page has thousands of lines).
  const order = new Map<TextLine, { group: TextLine[]; at: number }>();
  const tallest = new Map<Frame['reading'], number>();
  for (const [reading, group] of byReading) {
    group.sort((a, b) => framed.get(a)!.y - framed.get(b)!.y || framed.get(a)!.x - framed.get(b)!.x);
    group.forEach((l, at) => order.set(l, { group, at }));
    const height = group.reduce((most, l) => Math.max(most, l.height), 0);
    tallest.set(reading, height);
  }
  const stacks = (upperLine: TextLine, lowerLine: TextLine) => {
    const upper = framed.get(upperLine)!;
    const lower = framed.get(lowerLine)!;
    return (
      lower.y > upper.y &&
      lower.y - upper.y <= Math.max(lower.height, upper.height) * 1.8 &&
      Math.abs((lower.x + lower.right) / 2 - (upper.x + upper.right) / 2) <=
        Math.max(lower.right - lower.x, upper.right - upper.x) / 2 + upper.height
    );
  };
  // The lines within reach of a line in its frame, going down (step 1) or up (step -1).
  function* within(line: TextLine, step: 1 | -1): Generator<TextLine> {
    const frame = framed.get(line);
    if (!frame) return;
    const { group, at } = order.get(line)!;
    const reach = tallest.get(frame.reading)! * 1.8;
    for (let i = at + step; i >= 0 && i < group.length; i += step) {
      if (Math.abs(framed.get(group[i])!.y - frame.y) > reach) return;
      yield group[i];
    }
  }
  const stackedBelow = (line: TextLine): TextLine | undefined => {
    for (const lower of within(line, 1)) if (stacks(line, lower)) return lower;
    return undefined;
  };
  const stackedAbove = (line: TextLine): TextLine | undefined => {
    // The line above whose own next line is this one (not a closer one beside it).
    for (const upper of within(line, -1)) if (stacks(upper, line) && stackedBelow(upper) === line) return upper;
    return undefined;
  };
  const codes = repeatedCodes(lines);
  // How often each line is written on the page.
  const timesWritten = new Map<string, number>();
  for (const l of lines) timesWritten.set(l.text.trim(), (timesWritten.get(l.text.trim()) ?? 0) + 1);
  const tags: RoomTag[] = [];
  for (const line of lines) {
    if (
      used.has(line) ||
      !(NAME_LINE.test(line.text) || shortRoomName(line)) ||
      line.text.length > 30 ||
      HEADING.test(line.text)
    )
      continue;
    // "CPT-1 PT-3": a finish callout, however often its codes recur, names no space; "BED-1" does.
    if (onlyCodes(line.text) && !namesASpace(line)) continue;
    const below: TextLine[] = [];
    for (let current = stackedBelow(line); current && below.length < 4; current = stackedBelow(current)) {
      if (used.has(current)) break;
      below.push(current);
    }
    const areaLine = below.find((l) => printedArea(l.text) !== undefined);
    // Bare figures ("12x14") are a size only under a name that names a space.
    const sizeOf = (l: TextLine) => roomSize(l.text, { bare: namesASpace(line) });
    const sizeLine = below.find((l) => sizeOf(l) !== undefined);
    const size = sizeLine ? sizeOf(sizeLine) : undefined;
    // "156  P-2": the wall finish written on the number's baseline is no part of the number. Under the area or
    // size, a mark the page writes again elsewhere is a type's (a window's "W1"), not this room's number.
    const figures = Math.min(...[areaLine, sizeLine].map((l) => (l ? below.indexOf(l) : below.length)));
    const numberLine = below.find(
      (l, k) =>
        (ROOM_NUMBER.test(l.text) || ROOM_NUMBER.test(withoutCodes(l.text, codes))) &&
        (k < figures || (timesWritten.get(l.text.trim()) ?? 0) < 2),
    );
    // A room-sized size under a word names a space whatever the word ("FLEX", "NOOK"); a smaller one is an
    // access panel's or a skylight's.
    const sizesARoom =
      size !== undefined && Math.min(...size.feet) >= MIN_SIZED_ROOM_FT && !NOT_A_SPACE.test(line.text);
    if (!namesASpace(line) && !numberLine && !areaLine && !sizesARoom) continue;
    const above: TextLine[] = [];
    for (let current = stackedAbove(line); current && above.length < 2; current = stackedAbove(current)) {
      if (used.has(current) || !NAME_LINE.test(current.text) || current.text.length > 30) break;
      above.unshift(current);
    }
    // The tag ends at its last area, size or number line; lines below that belong to something else.
    const last = Math.max(...[areaLine, sizeLine, numberLine].map((l) => (l ? below.indexOf(l) : -1)));
    const tagBelow =
      last >= 0
        ? below.slice(0, last + 1)
        : // "MASTER" over "BEDROOM": a name right under the name, with no number or area, is the rest of it.
          below.slice(0, 1).filter((l) => NAME_LINE.test(l.text) && !HEADING.test(l.text) && namesASpace(l));
    const all = [...above, line, ...tagBelow];
    for (const l of all) used.add(l);
    // "AREA 189 SF" reads as words too: the area line is no part of the name.
    const nameLines = [
      ...above,
      line,
      ...tagBelow.filter((l) => l !== numberLine && l !== areaLine && l !== sizeLine && NAME_LINE.test(l.text)),
    ];
    const written = [...nameLines.map((l) => l.text), ...(numberLine ? [numberLine.text] : [])];
    // "P-1 P-1 PATIENT" over "ROOM P-2" over "145": the wall and floor finishes written in the tag are not its name.
    const name =
      written
        .map((text) => withoutCodes(text, codes))
        .filter(Boolean)
        .join(' ') || written.join(' ');
    const extents = all.map(extentOf);
    const nameExtent = extentOf(line);
    const minX = Math.min(...extents.map((e) => e.minX));
    const maxX = Math.max(...extents.map((e) => e.maxX));
    const minY = Math.min(...extents.map((e) => e.minY));
    const maxY = Math.max(...extents.map((e) => e.maxY));
    // The room must hold the middle of the name line itself.
    const box: LabelBox = {
      x: (nameExtent.minX + nameExtent.maxX) / 2,
      y: (nameExtent.minY + nameExtent.maxY) / 2,
      minX,
      minY,
      maxX,
      maxY,
    };
    const trimX = (nameExtent.maxX - nameExtent.minX) * 0.15;
    const trimY = (nameExtent.maxY - nameExtent.minY) * 0.15;
    const nameBox: LabelBox = {
      x: box.x,
      y: box.y,
      minX: nameExtent.minX + trimX,
      maxX: nameExtent.maxX - trimX,
      minY: nameExtent.minY + trimY,
      maxY: nameExtent.maxY - trimY,
    };
    const lineBoxes = extents.map((e) => ({ x: (e.minX + e.maxX) / 2, y: (e.minY + e.maxY) / 2, ...e }));
    const area = areaLine ? printedArea(areaLine.text) : undefined;
    tags.push({
      name,
      box,
      nameBox,
      lineBoxes,
      ...(area !== undefined ? { printedAreaSqFt: area } : {}),
      ...(size ? { printedSize: size } : {}),
      ...(['up', 'down'].includes(framed.get(line)?.reading ?? '') ? { upright: true } : {}),
    });
  }
  return tags;
}

/**
 * "W C": two letters tracked wider than a word space (a label letter-spaced past 0.15 em) read as two
 * words, since one gap cannot tell tracking from a space (page-text.ts). Where the two together name a
 * space ("WC"), they are that name; other pairs of letters stay as they are.
 */
function joinedInitials(line: TextLine): TextLine {
  const pair = /^(\p{L}) (\p{L})$/u.exec(line.text.trim());
  if (!pair) return line;
  const joined = { ...line, text: pair[1] + pair[2] };
  return namesASpace(joined) ? joined : line;
}

/**
 * A name without three letters in a row that still names a space: two letters ("WC"), initials
 * ("W.C.", "W.I.C."), or two-letter names joined by a slash, a room of two uses ("WC/SH", a toilet
 * with a shower). NAME_LINE wants three letters in a row, so that codes and marks ("CG", "UP") are
 * no names.
 */
function shortRoomName(line: TextLine): boolean {
  return (
    /^(?:\p{L}\.?){2}$|^(?:\p{L}\.){2,4}$|^\p{L}{2}(?:\s*\/\s*\p{L}{1,2})+$/u.test(line.text.trim()) &&
    namesASpace(line)
  );
}

/** Whether the line's words name a space (the DXF takeoff's test of a room name). */
function namesASpace(line: TextLine): boolean {
  return looksLikeRoomName({ text: line.text, layer: '', position: { x: line.x, y: line.y }, height: line.height });
}

/** Whether the line runs level: text at an angle is a line of one run (pdf-layout's `linesOf`). */
function isLevel(line: TextLine): boolean {
  return line.runs.every((run) => run.horizontal);
}

/** Upright text runs within this of a quarter turn off level (sine of the angle off it: about 1°). */
const UPRIGHT_TOLERANCE = 0.02;

interface Frame {
  /** Which way the line reads: level, or upright down or up the page. */
  reading: 'level' | 'down' | 'up';
  x: number;
  right: number;
  y: number;
  height: number;
}

/**
 * Where a line sits in the frame it reads in: `x` to `right` along its baseline, `y` its baseline's
 * place down the way its glyphs' feet point. A level line's frame is the page; an upright line's (one run,
 * pdf-layout's `linesOf`) is the page turned so that it reads level. Undefined for a line at another angle.
 */
function frameOf(line: TextLine): Frame | undefined {
  if (isLevel(line)) return { reading: 'level', x: line.x, right: line.right, y: line.y, height: line.height };
  const run = line.runs[0];
  if (line.runs.length !== 1 || !run.direction || Math.abs(run.direction.x) > UPRIGHT_TOLERANCE) return undefined;
  // Reading down the page (y grows downwards) the feet point left (-x); reading up, right.
  const down = Math.sign(run.direction.y);
  const along = run.y * down;
  return {
    reading: down > 0 ? 'down' : 'up',
    x: along,
    right: along + run.width,
    y: -run.x * down,
    height: run.height,
  };
}

/** The middle of the page area a line covers: an upright line's lies beside its baseline, not above it. */
export function middleOf(line: TextLine): { x: number; y: number } {
  if (isLevel(line)) return { x: (line.x + line.right) / 2, y: line.y - line.height / 2 };
  const { minX, minY, maxX, maxY } = extentOf(line);
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
}

/**
 * The page area a line covers. A line at an angle (a name along a closet's
 * long side) runs from its start along its direction, its glyphs standing
 * to the left of it, not in the level box its start and width describe.
 */
function extentOf(line: TextLine): { minX: number; minY: number; maxX: number; maxY: number } {
  const run = line.runs[0];
  if (isLevel(line) || !run?.direction)
    return { minX: line.x, maxX: line.right, minY: line.y - line.height, maxY: line.y };
  const along = run.direction;
  // Up the glyphs: the direction turned a quarter anticlockwise on the page (y grows downwards).
  const up = { x: along.y, y: -along.x };
  const corners = [
    [0, 0],
    [run.width, 0],
    [0, run.height],
    [run.width, run.height],
  ].map(([a, b]) => ({ x: run.x + along.x * a + up.x * b, y: run.y + along.y * a + up.y * b }));
  return {
    minX: Math.min(...corners.map((c) => c.x)),
    maxX: Math.max(...corners.map((c) => c.x)),
    minY: Math.min(...corners.map((c) => c.y)),
    maxY: Math.max(...corners.map((c) => c.y)),
  };
}

/** The codes written at least REPEATED_CODE times on the page, alone or joined by slashes. */
function repeatedCodes(lines: readonly TextLine[]): Set<string> {
  const counts = new Map<string, number>();
  for (const line of lines)
    for (const token of line.text.split(/[\s/]+/))
      if (CODE.test(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count >= REPEATED_CODE).map(([code]) => code));
}

/** Whether every word of the text is a code ("CPT-1 PT-3", "PT-1/PT-2"). */
function onlyCodes(text: string): boolean {
  return text
    .trim()
    .split(/\s+/)
    .every((word) => word.split('/').every((part) => CODE.test(part)));
}

/** The text without the words that are only repeated codes ("PT-1/PT-2" when both are). */
function withoutCodes(text: string, codes: ReadonlySet<string>): string {
  return text
    .split(/\s+/)
    .filter((word) => !word.split('/').every((part) => codes.has(part)))
    .join(' ');
}
