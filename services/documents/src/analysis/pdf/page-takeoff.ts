/**
 * The takeoff of one PDF page from its geometry and text: rooms around their
 * name labels (a drawn room outline where there is one, else the face of the
 * wall linework), lengths and areas by layer or stroke style, doors and other
 * repeated symbols. Quantities are in feet from the page's scale; a page
 * without a scale gets counts only.
 */
import type { LayerTotals, Room, SymbolCount } from '../analysis.types';
import {
  arcOfBezier,
  arcOfPolyline,
  arcsOfLinePieces,
  findDoors,
  mergeArcs,
  type Arc,
  type Door,
  type OwnedSegment,
} from '../geometry/doors';
import { ringArea, ringContains, ringPerimeter, type Point, type Segment } from '../geometry/planar-graph';
import { roomFacesAroundLabels, segmentsClearOfLabels, type LabelBox } from '../geometry/rooms-around-labels';
import { cloudOwners, patternSegments } from '../geometry/patterns';
import { findRepeatedShapes } from '../geometry/symbols';
import { looksLikeRoomName } from '../dxf/rooms';
import type { PageGeometry } from './page-geometry';
import { stringsApart, type TextLine } from './pdf-layout';
import { feetOfDimension } from './dimension-scale';
import { dimensionLinework } from './dimension-lines';

export interface PageTakeoff {
  rooms: Room[];
  layers: LayerTotals[];
  symbols: SymbolCount[];
  warnings: string[];
}

const SQ_FT_PER_SQ_M = 10.763910416709722;
const AREA = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(SF|S\.F\.|SQ\.?\s*FT\.?|FT2|FT²|M2|M²|SQ\.?\s*M\.?)$/i;
const ROOM_NUMBER = /^(?:[A-Z]{0,3}-?\d{1,4}[A-Z]?|[A-Z]{1,3}\d?-\d{1,3}[A-Z]?)$/;
/** Headings of legends, schedules and notes mention rooms too ("ROOM FINISH LEGEND"): they name no space. */
const HEADING =
  /\b(?:LEGEND|SCHEDULE|PLAN|NOTES?|ABBREVIATIONS?|ELEVATIONS?|SECTIONS?|DETAILS?|KEYNOTES?|FINISH)\b|[&:]\s*$/i;
const NAME_LINE = /^(?=.*\p{L}{3})[\p{L}][\p{L}\d\s./&'-]*$/u;
/** Rooms below this many square feet are closets at most; faces smaller are fixtures or tiles. */
const MIN_ROOM_SQ_FT = 8;
const MAX_SYMBOLS_PER_PAGE = 50;
/** Linework a page's rooms are looked for in, at most (the VA sheet has about 80,000 segments). */
const MAX_ROOM_SEGMENTS = 1_000_000;
/** Floor tiles and hatching repeat at this spacing at most; rooms are wider. */
const MAX_PATTERN_SPACING_FT = 3;
/** A space shared by a few names is divided across openings up to this wide (a wide corridor's). */
const MAX_OPENING_FT = 15;
/** How far round a tag its room is looked for again without floor patterns (a large room's size). */
const PATTERN_WINDOW_FT = 40;

interface RoomTag {
  name: string;
  printedAreaSqFt?: number;
  /** The whole tag: name, number and area lines. */
  box: LabelBox;
  /** The middle of the name line (its outer 15% trimmed): linework through it is no wall. */
  nameBox: LabelBox;
  /** Each line of the tag, for finding the frames drawn round them. */
  lineBoxes: LabelBox[];
}

/** A printed area ("189 SF", "18.86 m2") in square feet. */
export function printedArea(text: string): number | undefined {
  const match = AREA.exec(text.trim());
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
  const lines = [...phrases].sort((a, b) => a.y - b.y || a.x - b.x);
  const used = new Set<TextLine>();
  // Lines are sorted by baseline: the next line of a stack lies within a few text heights below, so
  // each look-up scans only those (a spec page has thousands of lines).
  const tallest = lines.reduce((most, l) => Math.max(most, l.height), 0);
  const index = new Map(lines.map((l, i) => [l, i]));
  const stacks = (upper: TextLine, lower: TextLine) =>
    lower.y > upper.y &&
    lower.y - upper.y <= Math.max(lower.height, upper.height) * 1.8 &&
    Math.abs((lower.x + lower.right) / 2 - (upper.x + upper.right) / 2) <=
      Math.max(lower.right - lower.x, upper.right - upper.x) / 2 + upper.height;
  const stackedBelow = (line: TextLine): TextLine | undefined => {
    for (let i = index.get(line)! + 1; i < lines.length && lines[i].y - line.y <= tallest * 1.8; i++) {
      if (stacks(line, lines[i])) return lines[i];
    }
    return undefined;
  };
  const stackedAbove = (line: TextLine): TextLine | undefined => {
    for (let i = index.get(line)! - 1; i >= 0 && line.y - lines[i].y <= tallest * 1.8; i--) {
      // The line above whose own next line is this one (not a closer one beside it).
      if (stacks(lines[i], line) && stackedBelow(lines[i]) === line) return lines[i];
    }
    return undefined;
  };
  const tags: RoomTag[] = [];
  for (const line of lines) {
    if (used.has(line) || !NAME_LINE.test(line.text) || line.text.length > 30 || HEADING.test(line.text)) continue;
    const below: TextLine[] = [];
    for (let current = stackedBelow(line); current && below.length < 4; current = stackedBelow(current)) {
      if (used.has(current)) break;
      below.push(current);
    }
    const numberLine = below.find((l) => ROOM_NUMBER.test(l.text));
    const areaLine = below.find((l) => printedArea(l.text) !== undefined);
    const named = looksLikeRoomName({
      text: line.text,
      layer: '',
      position: { x: line.x, y: line.y },
      height: line.height,
    });
    if (!named && !numberLine && !areaLine) continue;
    const above: TextLine[] = [];
    for (let current = stackedAbove(line); current && above.length < 2; current = stackedAbove(current)) {
      if (used.has(current) || !NAME_LINE.test(current.text) || current.text.length > 30) break;
      above.unshift(current);
    }
    // The tag ends at its area line; lines below that belong to something else.
    const tagBelow = areaLine
      ? below.slice(0, below.indexOf(areaLine) + 1)
      : numberLine
        ? below.slice(0, below.indexOf(numberLine) + 1)
        : [];
    const all = [...above, line, ...tagBelow];
    for (const l of all) used.add(l);
    const nameLines = [...above, line, ...tagBelow.filter((l) => NAME_LINE.test(l.text))];
    const name = [...nameLines.map((l) => l.text), ...(numberLine ? [numberLine.text] : [])].join(' ');
    const minX = Math.min(...all.map((l) => l.x));
    const maxX = Math.max(...all.map((l) => l.right));
    const minY = Math.min(...all.map((l) => l.y - l.height));
    const maxY = Math.max(...all.map((l) => l.y));
    // The room must hold the middle of the name line itself.
    const box: LabelBox = { x: (line.x + line.right) / 2, y: line.y - line.height / 2, minX, minY, maxX, maxY };
    const trimX = (line.right - line.x) * 0.15;
    const trimY = line.height * 0.15;
    const nameBox: LabelBox = {
      x: box.x,
      y: box.y,
      minX: line.x + trimX,
      maxX: line.right - trimX,
      minY: line.y - line.height + trimY,
      maxY: line.y - trimY,
    };
    const lineBoxes = all.map((l) => ({
      x: (l.x + l.right) / 2,
      y: l.y - l.height / 2,
      minX: l.x,
      maxX: l.right,
      minY: l.y - l.height,
      maxY: l.y,
    }));
    const area = areaLine ? printedArea(areaLine.text) : undefined;
    tags.push({ name, box, nameBox, lineBoxes, ...(area !== undefined ? { printedAreaSqFt: area } : {}) });
  }
  return tags;
}

export function takeoffPage(
  page: number,
  geometry: PageGeometry,
  phrases: readonly TextLine[],
  size: { width: number; height: number },
  feetPerPoint: number | undefined,
): PageTakeoff {
  const warnings: string[] = [];
  const { paths, styles } = geometry;

  // Arcs and doors first: door swings are not walls.
  const arcs: Arc[] = [];
  const lines: OwnedSegment[] = [];
  paths.forEach((path, owner) => {
    for (const [p0, c1, c2, p3] of path.curves) {
      const arc = arcOfBezier(p0, c1, c2, p3, owner);
      if (arc) arcs.push(arc);
    }
    if (!path.stroked) return;
    path.subpaths.forEach((points, k) => {
      // Arcs written as Béziers are found above; these are arcs flattened by the exporter.
      const arc = path.closed[k] || path.curves.length ? undefined : arcOfPolyline(points, owner);
      if (arc) arcs.push(arc);
    });
    path.subpaths.forEach((points, index) => {
      for (let k = 1; k < points.length; k++) {
        lines.push({
          x1: points[k - 1].x,
          y1: points[k - 1].y,
          x2: points[k].x,
          y2: points[k].y,
          group: path.style,
          owner,
        });
      }
      // A closed subpath's last side (a door leaf drawn as a thin rectangle may be hinged on it).
      const first = points[0];
      const last = points[points.length - 1];
      if (path.closed[index] && (first.x !== last.x || first.y !== last.y))
        lines.push({ x1: last.x, y1: last.y, x2: first.x, y2: first.y, group: path.style, owner });
    });
  });
  // Doors are 2'–5' leaves at the sheet's scale; unscaled, 4–100 points (about 1'–25' at 1/4" scale).
  const minRadius = feetPerPoint ? 1.5 / feetPerPoint : 4;
  const maxRadius = feetPerPoint ? 5 / feetPerPoint : 100;
  // Arcs exported as separate line pieces: single-line drawings (curves are Béziers or polylines above).
  arcs.push(
    ...arcsOfLinePieces(
      lines.filter((s) => paths[s.owner].curves.length === 0 && paths[s.owner].subpaths.every((p) => p.length === 2)),
      0.05,
      maxRadius * 0.3,
    ),
  );
  const doors: Door[] = findDoors(mergeArcs(arcs), lines, { minRadius, maxRadius });
  const doorOwners = new Set(doors.flatMap((d) => d.owners));

  const symbols: SymbolCount[] = [];
  if (doors.length) {
    symbols.push({
      name: 'door',
      page,
      count: doors.length,
      at: doors.map((d) => [round(d.hinge.x), round(d.hinge.y)]),
    });
  }
  const repeated = findRepeatedShapes(
    paths.flatMap((path, owner) =>
      doorOwners.has(owner) || !path.stroked ? [] : path.subpaths.map((points) => ({ points, owner })),
    ),
    {
      tolerance: 0.05,
      minSize: 2,
      // Symbols are fixtures and devices: up to 10' across at the sheet's scale, else 5% of the sheet.
      maxSize: feetPerPoint
        ? Math.min(10 / feetPerPoint, Math.hypot(size.width, size.height) * 0.1)
        : Math.hypot(size.width, size.height) * 0.05,
    },
  );
  let unnamed = 0;
  const tagTexts = phrases.filter((p) => SYMBOL_TAG.test(p.text));
  for (const shape of repeated.slice(0, MAX_SYMBOLS_PER_PAGE)) {
    symbols.push({
      name: tagOfSymbol(shape, tagTexts) ?? `symbol ${++unnamed}`,
      page,
      count: shape.count,
      at: shape.at.map((p) => [round(p.x), round(p.y)]),
    });
  }

  if (!feetPerPoint) return { rooms: [], layers: [], symbols, warnings };

  // Lengths and areas by layer or style.
  const totals = new Map<number, { length: number; area: number; count: number }>();
  for (const path of paths) {
    const total = totals.get(path.style) ?? { length: 0, area: 0, count: 0 };
    total.count++;
    path.subpaths.forEach((points, k) => {
      if (path.stroked) {
        for (let i = 1; i < points.length; i++)
          total.length += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
        if (path.closed[k])
          total.length += Math.hypot(
            points[0].x - points[points.length - 1].x,
            points[0].y - points[points.length - 1].y,
          );
      }
      if (path.filled && points.length >= 3) total.area += ringArea(points);
    });
    totals.set(path.style, total);
  }
  const layers: LayerTotals[] = [...totals.entries()]
    .map(([style, t]) => ({
      name: styles[style],
      page,
      lengthFt: round(t.length * feetPerPoint, 2),
      areaSqFt: round(t.area * feetPerPoint * feetPerPoint, 2),
      entityCount: t.count,
    }))
    .sort((a, b) => b.lengthFt - a.lengthFt || b.areaSqFt - a.areaSqFt);

  const rooms = findRoomsOnPage(page, paths, styles, doors, doorOwners, phrases, size, feetPerPoint, warnings);
  for (const room of rooms) {
    if (disagrees(room)) {
      warnings.push(
        `Page ${page}: ${room.name} measures ${room.areaSqFt.toLocaleString('en-US')} sq ft from the drawing, but ${room.printedAreaSqFt!.toLocaleString('en-US')} sq ft is printed in its tag.`,
      );
    }
  }
  return { rooms, layers, symbols, warnings };
}

function findRoomsOnPage(
  page: number,
  paths: PageGeometry['paths'],
  styles: string[],
  doors: Door[],
  doorOwners: Set<number>,
  phrases: readonly TextLine[],
  size: { width: number; height: number },
  feetPerPoint: number,
  warnings: string[],
): Room[] {
  // A dimension written on a tag's baseline ("58'-5"  CE-2") is a string of its own.
  const strings = phrases.flatMap((p) => stringsApart(p, (text) => feetOfDimension(text) !== undefined));
  const tags = roomTags(strings);
  if (tags.length === 0) return [];
  const minArea = MIN_ROOM_SQ_FT / (feetPerPoint * feetPerPoint);
  const maxArea = size.width * size.height * 0.6;
  const boxes = tags.map((t) => t.box);
  const holds = (ring: Point[], b: LabelBox) => ringContains(ring, b.x, b.y);

  // Drawn room outlines: closed paths around exactly one tag, holding its whole name.
  const closedRings: Array<{
    ring: Point[];
    area: number;
    style: number;
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
  }> = [];
  const tagArea = (b: LabelBox) => (b.maxX - b.minX) * (b.maxY - b.minY);
  const smallestOutline = Math.max(minArea, Math.min(...boxes.map(tagArea)) * 4);
  for (const path of paths) {
    // A drawn outline is a stroked closed polyline; fills are hatches and masks behind text.
    if (!path.stroked) continue;
    path.subpaths.forEach((ring, k) => {
      if (!path.closed[k] || ring.length < 4) return;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const p of ring) {
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
        maxX = Math.max(maxX, p.x);
        maxY = Math.max(maxY, p.y);
      }
      if ((maxX - minX) * (maxY - minY) < minArea) return;
      const area = ringArea(ring);
      if (area >= smallestOutline && area <= maxArea)
        closedRings.push({ ring, area, style: path.style, minX, minY, maxX, maxY });
    });
  }
  closedRings.sort((a, b) => a.area - b.area);
  const outlines = tags.map((tag) => {
    const b = tag.box;
    return closedRings.find(
      (c) =>
        c.area >= tagArea(b) * 4 &&
        c.minX <= b.minX &&
        c.maxX >= b.maxX &&
        c.minY <= b.minY &&
        c.maxY >= b.maxY &&
        holds(c.ring, b) &&
        ringContains(c.ring, b.minX, b.minY) &&
        ringContains(c.ring, b.maxX, b.maxY) &&
        !boxes.some((other) => other !== b && holds(c.ring, other)),
    );
  });

  // Wall linework: stroked and filled edges, without door swings, with the openings closed.
  const tolerance = Math.min(1, Math.max(0.2, 1 / 12 / feetPerPoint / 4));
  const frames = textFrames(
    paths,
    tags.flatMap((t) => t.lineBoxes),
  );
  const segments: Array<Segment & { width: number }> = [];
  // A wall drawn as a filled shape is a few feet thick at most; a single filled shape wider than that is an
  // area's shading (a "no work" zone, a finish colour), whose edge need not follow any wall.
  const thickestWall = 3 / feetPerPoint;
  // Revision clouds: pieces drawn as curves only (their length all in their Béziers), up to 6' across.
  const curved: Array<{ owner: number; points: Point[] }> = [];
  paths.forEach((path, owner) => {
    if (!path.stroked || path.curves.length === 0 || doorOwners.has(owner) || path.subpaths.length !== 1) return;
    if (curvesLength(path.curves) >= drawnLength(path) * 0.97) curved.push({ owner, points: path.subpaths[0] });
  });
  const clouds = cloudOwners(curved, 6 / feetPerPoint);
  paths.forEach((path, owner) => {
    // White fills are masks behind text, not linework; dashed lines are overhead, hidden or boundary lines;
    // frames round room numbers are annotation.
    if (
      doorOwners.has(owner) ||
      frames.has(owner) ||
      clouds.has(owner) ||
      (!path.stroked && path.fill === '#ffffff') ||
      (path.dashed && !path.filled) ||
      (!path.stroked && path.subpaths.length === 1 && meanWidth(path.subpaths[0]) > thickestWall)
    )
      return;
    const width = path.stroked ? path.lineWidth : Infinity;
    path.subpaths.forEach((points, k) => {
      for (let i = 1; i < points.length; i++)
        segments.push({
          x1: points[i - 1].x,
          y1: points[i - 1].y,
          x2: points[i].x,
          y2: points[i].y,
          group: path.style,
          width,
        });
      if (path.closed[k] || path.filled) {
        const a = points[points.length - 1];
        const b = points[0];
        segments.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, group: path.style, width });
      }
    });
  });
  const doorGroup = styles.length;
  for (const door of doors)
    for (const [a, b] of door.closures)
      segments.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, group: doorGroup, width: Infinity });
  // Floor patterns and hatching are drawn with the thinnest pens: such lines through a room's name are
  // no walls. Heavier lines through a name are walls the name overflows (a long name in a closet).
  // A sheet drawn with one pen has no thinner pattern pen: its lines through a name are walls.
  const thin = medianWidth(segments);
  const heaviest = segments.reduce((most, s) => (Number.isFinite(s.width) ? Math.max(most, s.width) : most), 0);
  const thinSet = new Set(segments.filter((s) => s.width <= thin && s.width < heaviest));
  const through = new Set(
    segmentsClearOfLabels(
      [...thinSet],
      tags.map((t) => t.nameBox),
    ),
  );
  // The frame round a tag's number drawn as four loose lines is annotation too, even where it straddles a wall.
  const looseFrames = framesOfLooseLines(
    segments,
    tags.flatMap((t) => t.lineBoxes),
  );
  // Dimension lines (with their ticks) drawn with a thin pen are annotation across rooms, not walls.
  const dimensions = dimensionLinework(strings, segments, thin);
  const walls = segments.filter(
    (s, i) => !looseFrames.has(i) && !dimensions.has(i) && (!thinSet.has(s) || through.has(s)),
  );
  const alternatives = tags.map((t) => t.lineBoxes.map((b) => ({ x: b.x, y: b.y })));
  // Tags whose smallest space holds a few other tags: said in a warning once the search is done.
  const shared = new Map<number, { others: number[]; area: number }>();
  const reportShared = (k: number, others: number[], area: number) => {
    // Said once, by the first of the names.
    if (others.some((m) => m < k && shared.has(m))) return;
    const sharing = [tags[k], ...others.map((m) => tags[m])];
    const names = sharing.map((t) => t.name);
    const printed = sharing.filter((t) => t.printedAreaSqFt !== undefined);
    // The printed areas' sum against the space's lets the user judge whether the zones fill it.
    const sum = printed.reduce((total, t) => total + t.printedAreaSqFt!, 0);
    warnings.push(
      `Page ${page}: ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} lie in one enclosed space ` +
        `(${round(area * feetPerPoint * feetPerPoint, 1).toLocaleString('en-US')} sq ft` +
        (printed.length > 1
          ? `; the areas printed in ${printed.length === sharing.length ? 'their' : `${printed.length} of their`} tags add up to ${round(sum, 1).toLocaleString('en-US')} sq ft`
          : '') +
        ') with no boundary drawn between them: none of them is measured. Draw the boundary, or measure them by hand.',
    );
  };
  // A space divided between its names across its openings: the division is the analysis's, not the drawing's.
  const divided = new Set<number>();
  const reportDivided = (members: number[], area: number) => {
    if (members.some((m) => divided.has(m))) return;
    for (const m of members) divided.add(m);
    const names = members.map((m) => tags[m].name);
    warnings.push(
      `Page ${page}: ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} lie in one enclosed space ` +
        `(${round(area * feetPerPoint * feetPerPoint, 1).toLocaleString('en-US')} sq ft) with no boundary drawn between them: ` +
        'it is divided between them across the openings between its wall ends. Check the division on the drawing, or draw the boundaries.',
    );
  };
  const onTiles = new Set<number>();
  // Beyond this much linework noding would outrun the analysis's time limit: drawn outlines only then.
  const faces =
    walls.length <= MAX_ROOM_SEGMENTS
      ? roomFacesAroundLabels(
          walls,
          boxes,
          { tolerance, minArea, maxArea, maxCut: MAX_OPENING_FT / feetPerPoint, endReach: 1 / feetPerPoint },
          alternatives,
          (k, others, area) => {
            shared.set(k, { others, area });
          },
          (k) => onTiles.add(k),
          reportDivided,
        )
      : boxes.map(() => undefined);
  // A tag that found no room may sit in a face smaller than a room, a floor tile (the smallest room-sized
  // face round it is then a larger space). Its room is looked for again without the rows of thin lines at
  // a tile's spacing, in the drawing round it.
  // One more noding for all of them at once, of the linework round them only.
  const window = PATTERN_WINDOW_FT / feetPerPoint;
  const retry = [...onTiles].filter((k) => !outlines[k]);
  const windowOf = (k: number) => ({
    minX: tags[k].box.minX - window,
    maxX: tags[k].box.maxX + window,
    minY: tags[k].box.minY - window,
    maxY: tags[k].box.maxY + window,
  });
  const windows = retry.map(windowOf);
  const near = windows.length
    ? walls.filter((s) => {
        const minX = Math.min(s.x1, s.x2);
        const maxX = Math.max(s.x1, s.x2);
        const minY = Math.min(s.y1, s.y2);
        const maxY = Math.max(s.y1, s.y2);
        return windows.some((w) => maxX >= w.minX && minX <= w.maxX && maxY >= w.minY && minY <= w.maxY);
      })
    : [];
  const thinNear = near.filter((s) => thinSet.has(s));
  const pattern = patternSegments(thinNear, MAX_PATTERN_SPACING_FT / feetPerPoint);
  if (pattern.size > 0) {
    const inPattern = new Set([...pattern].map((i) => thinNear[i]));
    const retried = new Set(retry);
    const retryDivisions: Array<{ members: number[]; area: number }> = [];
    const found = roomFacesAroundLabels(
      near.filter((s) => !inPattern.has(s)),
      boxes,
      { tolerance, minArea, maxArea, maxCut: MAX_OPENING_FT / feetPerPoint, endReach: 1 / feetPerPoint },
      alternatives,
      (m, others, area) => {
        if (retried.has(m)) shared.set(m, { others, area });
      },
      undefined,
      (members, area) => retryDivisions.push({ members, area }),
    );
    for (const k of retry) {
      const face = found[k];
      const w = windowOf(k);
      // A face reaching the edge of its window may run on beyond it: no room then.
      const margin = window * 0.1;
      if (
        face &&
        face.minX > w.minX + margin &&
        face.maxX < w.maxX - margin &&
        face.minY > w.minY + margin &&
        face.maxY < w.maxY - margin
      ) {
        faces[k] = face;
        shared.delete(k);
      }
    }
    for (const { members, area } of retryDivisions)
      if (members.some((m) => retried.has(m) && faces[m] === found[m])) reportDivided(members, area);
  }
  // Only where none of them was measured: a closet whose retry reached a measured room is just not found.
  for (const [k, { others, area }] of shared)
    if (!faces[k] && others.every((m) => !faces[m] && !outlines[m])) reportShared(k, others, area);

  const rooms: Room[] = [];
  tags.forEach((tag, i) => {
    const outline = outlines[i];
    const face = faces[i];
    let ring: Point[];
    let layer: string;
    let source: Room['source'];
    if (outline) {
      ring = outline.ring;
      layer = styles[outline.style];
      source = 'room-outline';
    } else if (face) {
      ring = face.ring;
      const [main] = [...face.groupLengths.entries()].filter(([g]) => g !== doorGroup).sort((a, b) => b[1] - a[1]);
      layer = main ? styles[main[0]] : 'door openings';
      source = 'wall-linework';
    } else return;
    // Quantities from the outline as reported, so outline area × feetPerPoint² is areaSqFt exactly.
    const outlinePoints = ring.map((p) => ({ x: round(p.x), y: round(p.y) }));
    const room: Room = {
      name: tag.name,
      areaSqFt: round(ringArea(outlinePoints) * feetPerPoint * feetPerPoint, 2),
      perimeterFt: round(ringPerimeter(outlinePoints) * feetPerPoint, 2),
      layer,
      page,
      outline: outlinePoints.map((p) => [p.x, p.y]),
      source,
    };
    if (tag.printedAreaSqFt !== undefined) room.printedAreaSqFt = round(tag.printedAreaSqFt, 2);
    // A part of a divided space is the analysis's guess: where the sheet prints the room's area and the
    // guess disagrees with it, the drawing's own figure wins and the room is left to be measured by hand.
    if (source === 'wall-linework' && divided.has(i) && disagrees(room)) {
      warnings.push(
        `Page ${page}: ${room.name} is part of a space shared with other names; dividing it gave ` +
          `${room.areaSqFt.toLocaleString('en-US')} sq ft against the ${room.printedAreaSqFt!.toLocaleString('en-US')} sq ft ` +
          'printed in its tag, so it is not measured. Draw its boundary, or measure it by hand.',
      );
      return;
    }
    rooms.push(room);
  });
  return rooms;
}

/** A measured area more than 3% from the area printed in the room's tag. */
function disagrees(room: Room): boolean {
  return (
    room.printedAreaSqFt !== undefined && Math.abs(room.areaSqFt - room.printedAreaSqFt) > room.printedAreaSqFt * 0.03
  );
}

const SYMBOL_TAG = /^[A-Z]{1,3}-?\d{0,3}[A-Z]?$/;

/**
 * A symbol's name from the tags written beside its instances (a fixture type
 * "L1", door numbers "D01"…"D12"): when most instances have a short tag within
 * their own size, all alike, or running from the first to the last.
 */
function tagOfSymbol(shape: { size: number; at: Point[] }, tagTexts: readonly TextLine[]): string | undefined {
  if (tagTexts.length === 0 || shape.at.length * tagTexts.length > 20_000_000) return undefined;
  const tags: string[] = [];
  for (const at of shape.at) {
    const reach = shape.size * 1.5;
    let best: { text: string; distance: number } | undefined;
    for (const phrase of tagTexts) {
      const cx = (phrase.x + phrase.right) / 2;
      const cy = phrase.y - phrase.height / 2;
      const distance = Math.hypot(cx - at.x, cy - at.y);
      if (distance <= reach && (!best || distance < best.distance)) best = { text: phrase.text, distance };
    }
    if (best) tags.push(best.text);
  }
  if (tags.length < Math.max(2, shape.at.length * 0.6)) return undefined;
  const distinct = [...new Set(tags)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (distinct.length === 1) return distinct[0];
  // Numbered tags of one kind (D01, D02…): the same letters throughout.
  const letters = new Set(distinct.map((t) => t.replace(/[-\d].*$/, '')));
  return letters.size === 1 ? `${distinct[0]}–${distinct[distinct.length - 1]}` : undefined;
}

/** The line width most linework is drawn with (by segment count), the page's thin pen. */
function medianWidth(segments: ReadonlyArray<{ width: number }>): number {
  const widths = segments.map((s) => s.width).filter((w) => Number.isFinite(w));
  if (widths.length === 0) return 0;
  widths.sort((a, b) => a - b);
  return widths[widths.length >> 1];
}

/**
 * Paths that frame a line of a room tag (the box round a room number): closed,
 * holding the line's middle, and no more than a few times its size.
 */
function textFrames(paths: PageGeometry['paths'], lines: LabelBox[]): Set<number> {
  const frames = new Set<number>();
  if (lines.length === 0) return frames;
  const largest = Math.max(...lines.map((l) => (l.maxX - l.minX) * (l.maxY - l.minY)));
  paths.forEach((path, owner) => {
    for (const points of path.subpaths) {
      if (points.length < 4 || points.length > 6) continue;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const p of points) {
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
        maxX = Math.max(maxX, p.x);
        maxY = Math.max(maxY, p.y);
      }
      const area = (maxX - minX) * (maxY - minY);
      if (area > largest * 4) continue;
      const framed = lines.some(
        (l) =>
          l.x > minX && l.x < maxX && l.y > minY && l.y < maxY && area <= (l.maxX - l.minX) * (l.maxY - l.minY) * 4,
      );
      if (framed) {
        frames.add(owner);
        return;
      }
    }
  });
  return frames;
}

/** The length of a path's pieces as drawn (closing sides of closed subpaths included). */
function drawnLength(path: PageGeometry['paths'][number]): number {
  let total = 0;
  path.subpaths.forEach((points, k) => {
    total += ringPerimeter(points);
    // ringPerimeter closes the ring; an open polyline has no closing side.
    if (!path.closed[k]) {
      const a = points[0];
      const b = points[points.length - 1];
      total -= Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  return total;
}

/** The length of Bézier pieces (each the mean of its chord and control polygon: within 1% for arcs to a quarter turn). */
function curvesLength(curves: ReadonlyArray<readonly [Point, Point, Point, Point]>): number {
  let total = 0;
  for (const [p0, c1, c2, p3] of curves) {
    const polygon =
      Math.hypot(c1.x - p0.x, c1.y - p0.y) +
      Math.hypot(c2.x - c1.x, c2.y - c1.y) +
      Math.hypot(p3.x - c2.x, p3.y - c2.y);
    const chord = Math.hypot(p3.x - p0.x, p3.y - p0.y);
    total += (chord + polygon) / 2;
  }
  return total;
}

/** A ring's mean width: twice its area over its perimeter (a wall's thickness for a wall's outline). */
function meanWidth(ring: readonly Point[]): number {
  const perimeter = ringPerimeter(ring);
  return perimeter > 0 ? (2 * ringArea(ring)) / perimeter : 0;
}

/**
 * Frames round lines of a room tag drawn as four separate straight lines: a
 * rectangle of level and plumb lines, each no longer than the frame, round the
 * line's middle and within a few text heights of it. Indices into `segments`.
 */
function framesOfLooseLines(segments: readonly Segment[], lines: readonly LabelBox[]): Set<number> {
  const found = new Set<number>();
  if (lines.length === 0) return found;
  const tallest = Math.max(...lines.map((l) => l.maxY - l.minY));
  const widest = Math.max(...lines.map((l) => l.maxX - l.minX));
  const reach = widest + tallest * 4;
  // Short level and plumb lines, bucketed by their top-left corner on a grid of a few text heights, for
  // looking up the ones round each tag line without scanning the sheet.
  const cell = Math.max(tallest * 4, 1e-9);
  const cellOf = (v: number) => Math.floor(v / cell);
  const buckets = new Map<number, number[]>();
  // Cells stay far below 2^21 either way on any page.
  const keyOf = (cx: number, cy: number) => cx * 4_194_304 + cy;
  segments.forEach((s, index) => {
    const dx = Math.abs(s.x2 - s.x1);
    const dy = Math.abs(s.y2 - s.y1);
    if (!((dx <= 1e-3 * Math.max(dy, 1) || dy <= 1e-3 * Math.max(dx, 1)) && Math.max(dx, dy) <= reach)) return;
    const key = keyOf(cellOf(Math.min(s.x1, s.x2)), cellOf(Math.min(s.y1, s.y2)));
    const bucket = buckets.get(key);
    if (bucket) bucket.push(index);
    else buckets.set(key, [index]);
  });
  for (const line of lines) {
    const h = line.maxY - line.minY;
    const w = line.maxX - line.minX;
    const minX = line.minX - h * 2 - w * 0.5;
    const maxX = line.maxX + h * 2 + w * 0.5;
    const minY = line.minY - h;
    const maxY = line.maxY + h;
    const near: Array<{ index: number; x1: number; y1: number; x2: number; y2: number }> = [];
    for (let cx = cellOf(minX); cx <= cellOf(maxX); cx++) {
      for (let cy = cellOf(minY); cy <= cellOf(maxY); cy++) {
        for (const index of buckets.get(keyOf(cx, cy)) ?? []) {
          const s = segments[index];
          const x1 = Math.min(s.x1, s.x2);
          const x2 = Math.max(s.x1, s.x2);
          const y1 = Math.min(s.y1, s.y2);
          const y2 = Math.max(s.y1, s.y2);
          if (x1 >= minX && x2 <= maxX && y1 >= minY && y2 <= maxY) near.push({ index, x1, y1, x2, y2 });
        }
      }
    }
    // In the order of their left ends (then drawing order), as the frame's sides are matched first-found.
    near.sort((a, b) => a.x1 - b.x1 || a.index - b.index);
    const tol = h * 0.15;
    const level = near.filter((s) => s.y2 - s.y1 < tol && s.x1 < line.x && s.x2 > line.x);
    const plumb = near.filter((s) => s.x2 - s.x1 < tol);
    for (const top of level) {
      if (top.y1 >= line.y) continue;
      const bottom = level.find(
        (b) => b.y1 > line.y && Math.abs(b.x1 - top.x1) <= tol && Math.abs(b.x2 - top.x2) <= tol,
      );
      if (!bottom) continue;
      const side = (x: number) =>
        plumb.find(
          (v) => Math.abs(v.x1 - x) <= tol && Math.abs(v.y1 - top.y1) <= tol && Math.abs(v.y2 - bottom.y1) <= tol,
        );
      const left = side(top.x1);
      const right = side(top.x2);
      if (!left || !right) continue;
      for (const s of [top, bottom, left, right]) found.add(s.index);
      break;
    }
  }
  return found;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
