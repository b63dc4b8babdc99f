/**
 * The rooms of one PDF page: each room tag's room is a drawn closed outline
 * round the whole tag holding no other tag, else the face of the wall
 * linework round the tag's name (rooms-around-labels.ts), with door swings,
 * dashed lines, text masks, frames, clouds, shading, dimension linework and
 * floor patterns through names left out of the walls and door openings closed.
 * A tag on a tile or a cell of a floor grid is looked for again without the
 * grid, and a room ends at a doorway with no door drawn (an elevator's) where
 * a larger space no tag names lies beyond.
 */
import type { RoomBoundaryLine, Room, RoomNote } from '../analysis.types';
import type { Door } from '../geometry/doors';
import { ringArea, ringContains, ringPerimeter, type Face, type Point, type Segment } from '../geometry/planar-graph';
import { grown, meets } from '../geometry/bounds';
import { roomFacesAroundLabels, segmentsClearOfLabels, type LabelBox } from '../geometry/rooms-around-labels';
import { partBeforeOpening } from '../geometry/split-shared-face';
import { closureJoins } from '../geometry/closure-joins';
import { wallExtensions } from '../geometry/wall-extensions';
import { SubsetNoding } from '../geometry/subset-noding';
import { cloudOwners, lengthAlongLines, patternSegments } from '../geometry/patterns';
import type { PageGeometry } from './page-geometry';
import { partedWhere, stringsApart, type PlacedRun, type TextLine } from './pdf-layout';
import { feetOfDimension } from './dimension-scale';
import { dimensionLinework } from './dimension-lines';
import { roomTags } from './room-tags';
import {
  curvesLength,
  drawnLength,
  framesOfLooseLines,
  meanWidth,
  medianWidth,
  textFrames,
} from './annotation-linework';
import { boundsOf } from './path-clipping';
import { lowerBound } from '../geometry/lower-bound';
import { facesPastSlopeLines } from './faces-past-slope-lines';
import { facesPastCasework } from './faces-past-casework';
import { shadingOutlines } from './shading-outlines';
import { feetAndInches, measuredSides, sizeDiffers, writtenToMeasured, type RoomSize } from './room-sizes';

/** Line widths this close (relatively) are one pen written with rounding noise. */
const SAME_PEN = 0.01;
/** Rooms below this many square feet are closets at most; faces smaller are fixtures or tiles. */
const MIN_ROOM_SQ_FT = 8;
/**
 * A face this much smaller than a room still counts as one: a writer's rounding (to 0.01 pt) moves an area
 * by about 0.01%, and a closet's half behind its shelf may be drawn at exactly the smallest room's area.
 */
const ROUNDING_SLACK = 0.001;
/** Linework a page's rooms are looked for in, at most (the VA sheet has about 80,000 segments). */
const MAX_ROOM_SEGMENTS = 1_000_000;
/**
 * Floor tiles, hatching and floor or ceiling grids (2' × 4' ceiling tiles, a 4' floor grid) repeat at
 * this spacing at most; rooms are wider.
 */
const MAX_PATTERN_SPACING_FT = 5;
/** A face with this much of its outline on a pattern's lines is a cell of the pattern (or a hole in it). */
const ON_PATTERN_SHARE = 0.5;
/** A space shared by a few names is divided across openings up to this wide (a wide corridor's). */
const MAX_OPENING_FT = 15;
/** A doorway is this wide at most (an elevator's, a pair of doors'); wider openings are the room narrowing. */
const MAX_DOORWAY_FT = 5;
/** A divided space's part within this share of the area printed in its tag is taken as the room. */
const DIVISION_TOLERANCE = 0.05;
/** A wall is this thick at most (a masonry wall's 16" and its finishes): its faces are closer. */
const MAX_WALL_FT = 2;
/** A wall line ending this short of the line it runs to leaves a gap no one passes: it is carried on to it. */
const WALL_GAP_FT = 0.5;
/** How far round a tag its room is looked for again without floor patterns (a large room's size). */
const PATTERN_WINDOW_FT = 40;

/**
 * The rooms of the page at its scale; notes on rooms to check (shared, divided, unclosed and disagreeing ones)
 * go to `notes`, each naming its rooms (roomNoteWarning() words one as a warning).
 * `notWalls` are the paths that are no wall linework: door leaves and swings, drawn lettering.
 */
export function findRoomsOnPage(
  page: number,
  paths: PageGeometry['paths'],
  styles: string[],
  doors: Door[],
  notWalls: Set<number>,
  phrases: readonly TextLine[],
  size: { width: number; height: number },
  feetPerPoint: number,
  notes: RoomNote[],
  boundaries: readonly RoomBoundaryLine[] = [],
): Room[] {
  // A dimension written on a tag's baseline ("58'-5"  CE-2") is a string of its own; so is each of two tags
  // either side of a wall (mirrored flats' "VERANDAH  VERANDAH").
  const strings = partedByWalls(phrases, paths, notWalls).flatMap((p) =>
    stringsApart(p, (text) => feetOfDimension(text) !== undefined),
  );
  const tags = roomTags(strings);
  if (tags.length === 0) return [];
  const minArea = (MIN_ROOM_SQ_FT * (1 - ROUNDING_SLACK)) / (feetPerPoint * feetPerPoint);
  const maxArea = size.width * size.height * 0.6;
  const boxes = tags.map((t) => t.box);
  const holds = (ring: Point[], b: LabelBox) => ringContains(ring, b.x, b.y);
  const note = (kind: RoomNote['kind'], members: readonly number[], message: string) =>
    notes.push({
      page,
      kind,
      rooms: members.map((m) => ({ name: tags[m].name, at: [round(tags[m].box.x), round(tags[m].box.y)] })),
      message,
    });

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
  paths.forEach((path, owner) => {
    // A drawn outline is a stroked closed polyline; fills are hatches and masks behind text. A door leaf or a
    // piece of furniture round a name (notWalls) outlines no room.
    if (!path.stroked || notWalls.has(owner)) return;
    path.subpaths.forEach((ring, k) => {
      if (!path.closed[k] || ring.length < 4) return;
      const { minX, minY, maxX, maxY } = boundsOf([ring])!;
      if ((maxX - minX) * (maxY - minY) < minArea) return;
      const area = ringArea(ring);
      if (area >= smallestOutline && area <= maxArea)
        closedRings.push({ ring, area, style: path.style, minX, minY, maxX, maxY });
    });
  });
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
  // Endpoints within 1/4" (real) are one; at least 0.1 pt, ten times a writer's rounding, whatever the scale (a
  // floor of 0.2 pt closed gaps of half an inch on a sheet at 1/16" = 1'-0", or a half-size print).
  const tolerance = Math.min(1, Math.max(0.1, 1 / 12 / feetPerPoint / 4));
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
    if (!path.stroked || path.curves.length === 0 || notWalls.has(owner) || path.subpaths.length !== 1) return;
    if (curvesLength(path.curves) >= drawnLength(path) * 0.97) curved.push({ owner, points: path.subpaths[0] });
  });
  const clouds = cloudOwners(curved, 6 / feetPerPoint);
  const shadings: Point[][] = [];
  paths.forEach((path, owner) => {
    // White fills are masks behind text, not linework; dashed lines are overhead, hidden or boundary lines;
    // frames round room numbers are annotation.
    if (
      notWalls.has(owner) ||
      frames.has(owner) ||
      clouds.has(owner) ||
      (!path.stroked && path.fill === '#ffffff') ||
      (path.dashed && !path.filled)
    )
      return;
    if (!path.stroked && path.subpaths.length === 1 && meanWidth(path.subpaths[0]) > thickestWall) {
      shadings.push(path.subpaths[0]);
      return;
    }
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
  // Widths are written with rounding noise (0.2399985 and 0.24 are one pen): widths within 1% are one pen.
  const thin = medianWidth(segments) * (1 + SAME_PEN);
  const heaviest = segments.reduce((most, s) => (Number.isFinite(s.width) ? Math.max(most, s.width) : most), 0);
  const thinSet = new Set(segments.filter((s) => s.width <= thin && s.width < heaviest * (1 - SAME_PEN)));
  const through = new Set(
    segmentsClearOfLabels(
      [...thinSet],
      tags.map((t) => t.nameBox),
    ),
  );
  // The frame round a tag's number drawn as four loose lines is annotation too, even where it straddles a wall.
  const looseFrames = framesOfLooseLines(
    segments,
    tags.filter((t) => !t.upright).flatMap((t) => t.lineBoxes),
  );
  // Frames round upright tags' lines stand upright: looked for on the page with x and y swapped, where those
  // lines lie level (else a closet round an upright name would pass for the name's frame).
  const uprightBoxes = tags.filter((t) => t.upright).flatMap((t) => t.lineBoxes);
  if (uprightBoxes.length > 0)
    for (const index of framesOfLooseLines(
      segments.map((s) => ({ ...s, x1: s.y1, y1: s.x1, x2: s.y2, y2: s.x2 })),
      uprightBoxes.map((b) => ({ x: b.y, y: b.x, minX: b.minY, maxX: b.maxY, minY: b.minX, maxY: b.maxX })),
    ))
      looseFrames.add(index);
  // Dimension lines (with their ticks) drawn with a thin pen are annotation across rooms, not walls.
  const dimensions = dimensionLinework(strings, segments, thin);
  // The lines outlining a shading where it stops short of any wall (shading-outlines.ts). A fill round just
  // one room's name is that room's colour, its edge the room's boundary (an area plan's single lines); one
  // over several names or over part of a room (a "no work" zone) is an area's.
  const areaShadings = shadings.filter((ring) => boxes.filter((b) => holds(ring, b)).length !== 1);
  const shadingEdges = shadingOutlines(segments, areaShadings, MAX_WALL_FT / feetPerPoint, 1 / feetPerPoint);
  const walls = segments.filter(
    (s, i) => !looseFrames.has(i) && !dimensions.has(i) && !shadingEdges.has(i) && (!thinSet.has(s) || through.has(s)),
  );
  // A door drawn a little off its opening closes it only once its closure's ends are joined to the walls (or
  // to the other leaf's closure, for a pair).
  for (const [a, b] of closureJoins(doors, walls, tolerance))
    walls.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, group: doorGroup, width: Infinity });
  // Boundaries the user drew are walls here, run on 1' past each end so a line drawn to a wall's face, or
  // a click short of it, meets the wall (what runs on into the wall's thickness divides nothing).
  const reach = 1 / feetPerPoint;
  for (const { from, to } of boundaries) {
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (length === 0) continue;
    const ux = ((to[0] - from[0]) / length) * reach;
    const uy = ((to[1] - from[1]) / length) * reach;
    walls.push({
      x1: from[0] - ux,
      y1: from[1] - uy,
      x2: to[0] + ux,
      y2: to[1] + uy,
      group: doorGroup,
      width: Infinity,
    });
  }
  const alternatives = tags.map((t) => t.lineBoxes.map((b) => ({ x: b.x, y: b.y })));
  // Tags whose smallest space holds a few other tags: said in a warning once the search is done.
  const shared = new Map<number, { others: number[]; area: number }>();
  const reportShared = (k: number, others: number[], area: number) => {
    // Said once, by the first of the names.
    if (others.some((m) => m < k && shared.has(m))) return;
    const members = [k, ...others];
    const sharing = members.map((m) => tags[m]);
    const names = sharing.map((t) => t.name);
    const printed = sharing.filter((t) => t.printedAreaSqFt !== undefined);
    // The printed areas' sum against the space's lets the user judge whether the zones fill it.
    const sum = printed.reduce((total, t) => total + t.printedAreaSqFt!, 0);
    note(
      'shared',
      members,
      `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} lie in one enclosed space ` +
        `(${round(area * feetPerPoint * feetPerPoint, 1).toLocaleString('en-US')} sq ft` +
        (printed.length > 1
          ? `; the areas printed in ${printed.length === sharing.length ? 'their' : `${printed.length} of their`} tags add up to ${round(sum, 1).toLocaleString('en-US')} sq ft`
          : '') +
        ') with no boundary drawn between them: none of them is measured. Draw the boundaries between them with the viewer’s Boundary tool, or measure them by hand.',
    );
  };
  // A space divided between its names across its openings: the division is the analysis's, not the drawing's.
  const divided = new Set<number>();
  const reportDivided = (members: number[], area: number) => {
    if (members.some((m) => divided.has(m))) return;
    for (const m of members) divided.add(m);
    const names = members.map((m) => tags[m].name);
    note(
      'divided',
      members,
      `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} lie in one enclosed space ` +
        `(${round(area * feetPerPoint * feetPerPoint, 1).toLocaleString('en-US')} sq ft) with no boundary drawn between them: ` +
        'it is divided between them across the openings between its wall ends. Check the division on the drawing, or draw the boundaries with the viewer’s Boundary tool.',
    );
  };
  const onTiles = new Set<number>();
  // The face smaller than a room each of those lies in (a tile, or a closet's half behind its shelf).
  const tooSmall: Array<Face | undefined> = [];
  // The retry below nodes most of these walls again: it reuses the cuts found here.
  const search = {
    tolerance,
    minArea,
    maxArea,
    maxCut: MAX_OPENING_FT / feetPerPoint,
    endReach: 1 / feetPerPoint,
    noding: new SubsetNoding(tolerance),
  };
  // Beyond this much linework noding would outrun the analysis's time limit: drawn outlines only then.
  const faces =
    walls.length <= MAX_ROOM_SEGMENTS
      ? roomFacesAroundLabels(
          walls,
          boxes,
          search,
          alternatives,
          (k, others, area) => {
            shared.set(k, { others, area });
          },
          (k, face) => {
            onTiles.add(k);
            tooSmall[k] = face;
          },
          reportDivided,
        )
      : boxes.map(() => undefined);
  // A tag whose face lies mostly on the lines of a pattern sits in a cell of a floor or ceiling grid (or a
  // hole the lines through its name left in a fine one), not in a room: walls are not rows of three or more
  // evenly spaced lines of one pen, so a room's face, even a closet's, never does.
  const spacing = MAX_PATTERN_SPACING_FT / feetPerPoint;
  const onCell = tags.map((_, k) => k).filter((k) => faces[k] && !outlines[k] && !divided.has(k));
  const cellWindows = onCell.map((k) => grown(faces[k]!, spacing * 2 + tolerance));
  // The lines through names count for the rows' spacing: without them a row would have gaps at every name.
  const thinAround = [...thinSet].filter((s) => cellWindows.some((w) => meets(s, w)));
  const gridLines = [...patternSegments(thinAround, spacing)].map((i) => thinAround[i]);
  for (const k of onCell)
    if (lengthAlongLines(faces[k]!.ring, gridLines, tolerance) >= faces[k]!.perimeter * ON_PATTERN_SHARE) {
      onTiles.add(k);
      faces[k] = undefined;
    }
  // A tag that found no room may sit in a face smaller than a room, a floor tile (the smallest room-sized
  // face round it is then a larger space), or in a cell of a grid. Its room is looked for again without
  // the rows of thin lines at a pattern's spacing, in the drawing round it.
  // One more noding for all of them at once, of the linework round them only (with the first's cuts).
  const window = PATTERN_WINDOW_FT / feetPerPoint;
  const retry = [...onTiles].filter((k) => !outlines[k]);
  const windowOf = (k: number) => ({
    minX: tags[k].box.minX - window,
    maxX: tags[k].box.maxX + window,
    minY: tags[k].box.minY - window,
    maxY: tags[k].box.maxY + window,
  });
  // A face found in a retry that reaches the edge of its window may run on beyond it: no room then.
  const wellInside = (face: Face, w: ReturnType<typeof windowOf>) => {
    const margin = window * 0.1;
    return (
      face.minX > w.minX + margin &&
      face.maxX < w.maxX - margin &&
      face.minY > w.minY + margin &&
      face.maxY < w.maxY - margin
    );
  };
  const windows = retry.map(windowOf);
  const near = windows.length ? walls.filter((s) => windows.some((w) => meets(s, w))) : [];
  const thinNear = windows.length ? [...thinSet].filter((s) => windows.some((w) => meets(s, w))) : [];
  const pattern = patternSegments(thinNear, spacing);
  const inPattern = new Set([...pattern].map((i) => thinNear[i]));
  // Tags whose room the retry found: found without the pattern's lines.
  const offPattern = new Set<number>();
  if (pattern.size > 0) {
    const retried = new Set(retry);
    const retryDivisions: Array<{ members: number[]; area: number }> = [];
    const found = roomFacesAroundLabels(
      near.filter((s) => !inPattern.has(s)),
      boxes,
      search,
      alternatives,
      (m, others, area) => {
        if (retried.has(m)) shared.set(m, { others, area });
      },
      undefined,
      (members, area) => retryDivisions.push({ members, area }),
    );
    for (const k of retry) {
      const face = found[k];
      if (face && wellInside(face, windowOf(k))) {
        faces[k] = face;
        offPattern.add(k);
        shared.delete(k);
      }
    }
    for (const { members, area } of retryDivisions)
      if (members.some((m) => retried.has(m) && faces[m] === found[m])) reportDivided(members, area);
  }
  // A tag left without a room may lie in one leaking into the next space through a gap of a few inches, where a
  // wall face stops short of a door jamb or a corner (a trim left open): it is looked for again, in the linework
  // round it, with such faces carried on to what they meet (wall-extensions.ts). Lines of the thinnest pen, where
  // there are heavier ones, are hatching and grids: never carried on.
  const leaking = tags.map((_, k) => k).filter((k) => !outlines[k] && !faces[k] && !onTiles.has(k));
  if (leaking.length > 0) {
    const leakWindows = leaking.map(windowOf);
    const around = walls.filter((s) => leakWindows.some((w) => meets(s, w)));
    const hatchPen = hatchPenWidth(around.map((s) => s.width));
    const extensions = wallExtensions(around, WALL_GAP_FT / feetPerPoint, tolerance, (k) => around[k].width > hatchPen);
    if (extensions.length > 0) {
      const found = roomFacesAroundLabels(
        [...around, ...extensions.map(([a, b]) => ({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, group: doorGroup }))],
        boxes,
        search,
        alternatives,
      );
      leaking.forEach((k, i) => {
        const face = found[k];
        if (face && wellInside(face, leakWindows[i])) {
          faces[k] = face;
          shared.delete(k);
        }
      });
    }
  }
  // A room cut by a line drawn across it (a shower floor's slope to its drain) is looked for again without
  // such lines: faces-past-slope-lines.ts.
  // What both retries below look again in: the faces found so far, of the rooms measured from walls alone.
  const retryInputs = () => ({
    walls,
    thin: thinSet,
    labels: boxes,
    faces: tags.map((_, k) => (outlines[k] || divided.has(k) ? undefined : faces[k])),
    offPattern,
    inPattern,
    search,
    alternatives,
    feetPerPoint,
  });
  facesPastSlopeLines(retryInputs()).forEach((face, k) => {
    if (face) faces[k] = face;
  });
  // A room bounded by its casework or fixtures (a closet's shelf, a vanity, a tub) runs on to its walls where a pen
  // of their own draws them: faces-past-casework.ts.
  // A doorway with no door drawn, as the rule further below cuts a room at it.
  const doorway = { maxCut: MAX_DOORWAY_FT / feetPerPoint, minArea, endReach: 1 / feetPerPoint };
  // A name left in a face smaller than a room (a closet halved by its shelf) is looked for past casework too.
  const casework = retryInputs();
  const startFaces = casework.faces.map((face, k) => (face || outlines[k] || divided.has(k) ? face : tooSmall[k]));
  // The area each tag gives: printed, or its written size's (12'-0" x 10'-0", as residential plans print them).
  const printedAreas = tags.map(
    (tag) => tag.printedAreaSqFt ?? (tag.printedSize && tag.printedSize.feet[0] * tag.printedSize.feet[1]),
  );
  // Whether the area a tag gives confirms an area (page points²), within 3% as rooms are warned about;
  // undefined where it gives none.
  const confirms = (k: number, area: number) =>
    printedAreas[k] === undefined ? undefined : !areaDisagrees(area * feetPerPoint ** 2, printedAreas[k]!);
  // A face so confirmed is that room, whatever narrowing of it looks like a doorway (a utility room's niche).
  const confirmed = (k: number, face: Face) => confirms(k, face.area) === true;
  facesPastCasework({ ...casework, faces: startFaces, keep: doorGroup, confirms }).forEach((face, k) => {
    // Grown through a doorway into a space beyond (the rule below would cut it there), it leaked past a line
    // that closed the room: the face stays.
    if (face && (confirmed(k, face) || !partBeforeOpening(face.ring, tags[k].box, doorway))) faces[k] = face;
  });

  // A room whose face runs on through a doorway with no door drawn (an elevator's sliding doors) into a
  // larger space no name claims ends at that doorway: the space beyond is a hall or a lobby, not the room.
  tags.forEach((tag, k) => {
    const face = faces[k];
    if (!face || outlines[k] || divided.has(k) || confirmed(k, face)) return;
    const part = partBeforeOpening(face.ring, tag.box, doorway);
    if (part)
      faces[k] = { ...face, ...boundsOf([part])!, ring: part, area: ringArea(part), perimeter: ringPerimeter(part) };
  });
  // Only where none of them was measured: a closet whose retry reached a measured room is just not found.
  // Names a warning already speaks of; the others left unmeasured are named in one warning at the end.
  const spokenOf = new Set<number>();
  for (const [k, { others, area }] of shared)
    if (!faces[k] && others.every((m) => !faces[m] && !outlines[m])) {
      reportShared(k, others, area);
      for (const m of [k, ...others]) spokenOf.add(m);
    }

  const rooms: Room[] = [];
  const unmeasured: number[] = [];
  // Measured rooms whose area disagrees with the one printed in their tag: noted last.
  const disagreeing: Array<{ tag: number; room: Room }> = [];
  // Measured rooms with a size written in their tag, nearly rectangular: checked last.
  const sized: Array<{ tag: number; room: Room; measured: [number, number]; written: RoomSize }> = [];
  const shapeless: Array<{ tag: number; room: Room; off: 'larger' | 'smaller' }> = [];
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
    } else {
      if (!spokenOf.has(i)) unmeasured.push(i);
      return;
    }
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
    if (tag.printedSize) room.printedSize = tag.printedSize.text;
    // A part of a divided space is the analysis's guess: where the sheet prints the room's area and the
    // guess is further from it than a takeoff may be (5%), the drawing's own figure wins and the room is
    // left to be measured by hand. Closer, it is the room, with the printed-area warning past 3%.
    if (source === 'wall-linework' && divided.has(i) && disagrees(room, DIVISION_TOLERANCE)) {
      note(
        'division-differs',
        [i],
        `${room.name} is part of a space shared with other names; dividing it gave ` +
          `${room.areaSqFt.toLocaleString('en-US')} sq ft against the ${room.printedAreaSqFt!.toLocaleString('en-US')} sq ft ` +
          'printed in its tag, so it is not measured. Draw its boundary with the viewer’s Boundary tool, or measure it by hand.',
      );
      return;
    }
    rooms.push(room);
    if (disagrees(room)) disagreeing.push({ tag: i, room });
    const measured = tag.printedSize && measuredSides(outlinePoints, feetPerPoint);
    if (measured) sized.push({ tag: i, room, measured, written: tag.printedSize! });
    else if (tag.printedSize) {
      const off = offWrittenSize(room.areaSqFt, tag.printedSize);
      if (off) shapeless.push({ tag: i, room, off });
    }
  });
  if (unmeasured.length) {
    const one = unmeasured.length === 1;
    const all = unmeasured.map((k) => tags[k].name);
    const names = one ? all[0] : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
    note(
      'no-closed-space',
      unmeasured,
      `${names} ${one ? 'is' : 'are'} named on the sheet, but no closed space was found round ` +
        `${one ? 'it' : 'them'} (an opening or a door the analysis could not close), so ${one ? 'it is' : 'they are'} not measured. ` +
        `Draw ${one ? 'its boundary' : 'their boundaries'} with the viewer’s Boundary tool, or measure ${one ? 'it' : 'them'} by hand.`,
    );
  }
  for (const { tag, room } of disagreeing)
    note(
      'printed-area-differs',
      [tag],
      `${room.name} measures ${room.areaSqFt.toLocaleString('en-US')} sq ft from the drawing, but ${room.printedAreaSqFt!.toLocaleString('en-US')} sq ft is printed in its tag.`,
    );
  // Where the page's scale is off, that one note says it of every room.
  const scaleOff = noteWrittenSizes(sized, note);
  for (const { tag, room, off } of scaleOff ? [] : shapeless) {
    const [a, b] = tags[tag].printedSize!.feet;
    const why = off === 'larger' ? 'its space may run on into another' : 'lines drawn inside it may cut it short';
    note(
      'printed-size-differs',
      [tag],
      `${room.name} measures ${room.areaSqFt.toLocaleString('en-US')} sq ft from the drawing, but ${tags[tag].printedSize!.text} ` +
        `(${Math.round(a * b).toLocaleString('en-US')} sq ft) is written in its tag: ${why}. ` +
        'Check it on the drawing, or draw its boundary with the viewer’s Boundary tool.',
    );
  }
  return rooms;
}

/**
 * A room of another shape than a rectangle is not checked side by side against its written size (an L's size is
 * its main part's, or its overall one), but one measuring half as much again, or two thirds, is another space
 * than the one written, or one cut short.
 */
const SHAPELESS_SIZE_FACTOR = 1.5;
function offWrittenSize(areaSqFt: number, written: RoomSize): 'larger' | 'smaller' | undefined {
  const area = written.feet[0] * written.feet[1];
  if (areaSqFt > area * SHAPELESS_SIZE_FACTOR) return 'larger';
  return areaSqFt * SHAPELESS_SIZE_FACTOR < area ? 'smaller' : undefined;
}

/**
 * Rooms whose measured sides disagree with the size written in their tag. Where
 * the rooms agree with each other on how far off they are, the page's scale is
 * off (a sheet printed to fit a smaller page keeps its scale note): one note
 * says so, instead of one per room, and answers true.
 */
function noteWrittenSizes(
  sized: ReadonlyArray<{ tag: number; room: Room; measured: [number, number]; written: RoomSize }>,
  note: (kind: RoomNote['kind'], members: readonly number[], message: string) => void,
): boolean {
  const off = sized.filter((s) => sizeDiffers(s.measured, s.written));
  if (off.length === 0) return false;
  const ratio = writtenToMeasured(off);
  if (ratio !== undefined && off.length >= 2) {
    const percent = Math.round(Math.abs(ratio - 1) * 100);
    note(
      'printed-size-differs',
      off.map((s) => s.tag),
      `the room sizes written in ${off.length} tags (${off.map((s) => `${s.room.name} ${s.written.text}`).join(', ')}) ` +
        `are ${percent}% ${ratio > 1 ? 'larger' : 'smaller'} than their rooms measure at the page's scale: the sheet ` +
        'may be printed at another size than its scale note says. Calibrate the page on a known length.',
    );
    return true;
  }
  for (const { tag, room, measured, written } of off)
    note(
      'printed-size-differs',
      [tag],
      `${room.name} measures ${measured.map(feetAndInches).join(' x ')} from the drawing, but ${written.text} is written in its tag.`,
    );
  return false;
}

/** A room note as the analysis's warnings word it (for the assistant, and clients older than the notes). */
export function roomNoteWarning(note: RoomNote): string {
  return `Page ${note.page}: ${note.message}`;
}

/** A measured area further than `share` (3%: worth a warning) from the area printed in the room's tag. */
function disagrees(room: Room, share = 0.03): boolean {
  return room.printedAreaSqFt !== undefined && areaDisagrees(room.areaSqFt, room.printedAreaSqFt, share);
}

/** Whether a measured area is more than `share` off the area printed for it. */
function areaDisagrees(areaSqFt: number, printedSqFt: number, share = 0.03): boolean {
  return Math.abs(areaSqFt - printedSqFt) > printedSqFt * share;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * The widest line width of the thinnest pen, which draws hatching and grids where the page has heavier pens;
 * -1 where it has one pen only (hairlines alone draw walls too).
 */
function hatchPenWidth(widths: readonly number[]): number {
  const finite = widths.filter(Number.isFinite);
  const thinnest = Math.min(...finite);
  return finite.some((w) => w > thinnest * (1 + SAME_PEN)) ? thinnest * (1 + SAME_PEN) : -1;
}

/** Runs this far apart (in text heights) at least may lie either side of a wall; closer, it is a word space. */
const WALL_GAP_HEIGHTS = 0.5;

/**
 * The phrases split wherever a wall runs up through the gap between two of their runs: a plumb line (of a heavier
 * pen than the page's thinnest, which draws hatching and floor grids), crossing the text's height and
 * running on a quarter of a text height past its top and its foot (a letter's stroke stays in its run, an underline
 * is level; a column rule between two cells parts them too, rightly).
 */
function partedByWalls(
  phrases: readonly TextLine[],
  paths: PageGeometry['paths'],
  notWalls: ReadonlySet<number>,
): TextLine[] {
  const gaps: Array<{ minX: number; maxX: number; top: number; bottom: number; reach: number }> = [];
  const gapOf = (previous: PlacedRun, run: PlacedRun) => {
    const height = Math.max(previous.height, run.height);
    const left = previous.x + previous.width;
    if (!run.horizontal || run.x - left < height * WALL_GAP_HEIGHTS) return undefined;
    return {
      minX: left,
      maxX: run.x,
      top: Math.min(previous.y, run.y) - height,
      bottom: Math.max(previous.y, run.y),
      reach: height * 0.25,
    };
  };
  for (const phrase of phrases)
    for (let i = 1; i < phrase.runs.length; i++) {
      const gap = gapOf(phrase.runs[i - 1], phrase.runs[i]);
      if (gap) gaps.push(gap);
    }
  if (gaps.length === 0) return [...phrases];
  const pattern = hatchPenWidth(paths.filter((p) => p.stroked).map((p) => p.lineWidth));
  gaps.sort((a, b) => a.minX - b.minX);
  const lefts = gaps.map((g) => g.minX);
  const widest = Math.max(...gaps.map((g) => g.maxX - g.minX));
  // The gaps a wall runs through, by where they are.
  const key = (g: { minX: number; maxX: number; top: number }) => `${g.minX} ${g.maxX} ${g.top}`;
  const walled = new Set<string>();
  paths.forEach((path, owner) => {
    if (!path.stroked || path.dashed || notWalls.has(owner) || path.lineWidth <= pattern) return;
    for (const points of path.subpaths)
      for (let k = 1; k < points.length; k++) {
        const a = points[k - 1];
        const b = points[k];
        if (Math.abs(b.x - a.x) > Math.abs(b.y - a.y) * 0.1) continue;
        const x = (a.x + b.x) / 2;
        const [top, bottom] = a.y < b.y ? [a.y, b.y] : [b.y, a.y];
        for (let i = lowerBound(lefts, x - widest); i < gaps.length && gaps[i].minX <= x; i++) {
          const g = gaps[i];
          if (x <= g.maxX && top <= g.top - g.reach && bottom >= g.bottom + g.reach) walled.add(key(g));
        }
      }
  });
  if (walled.size === 0) return [...phrases];
  return phrases.flatMap((phrase) =>
    partedWhere(phrase, (previous, run) => {
      const gap = gapOf(previous, run);
      return gap !== undefined && walled.has(key(gap));
    }),
  );
}
