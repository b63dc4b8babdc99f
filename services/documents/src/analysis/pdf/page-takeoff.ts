/**
 * The takeoff of one PDF page from its geometry and text: rooms around their
 * name labels (a drawn room outline where there is one, else the face of the
 * wall linework), lengths and areas by layer or stroke style, doors and other
 * repeated symbols. Quantities are in feet from the page's scale; a page
 * without a scale gets counts only.
 */
import type { LayerTotals, Room, RoomBoundaryLine, RoomNote, SymbolCount } from '../analysis.types';
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
import { arcsOfDashes, type Dash } from '../geometry/dashed-arcs';
import { closeDoubleDoors, joinContinuingArcs } from '../geometry/double-doors';
import { ringArea, type Point } from '../geometry/planar-graph';
import { isWholeCircle } from '../geometry/round-shapes';
import { findRepeatedShapes, type RepeatedShape } from '../geometry/symbols';
import type { PageGeometry } from './page-geometry';
import type { TextLine } from './pdf-layout';
import { findRoomsOnPage } from './page-rooms';
import { WALLS_ROUND_ROOMS, wallLengthsFt } from './wall-pens';
import { outlinesOfWallStrokes } from './wall-strokes';
import { withSolidHatchesFilled } from './solid-hatches';
import { letteringPaths } from './shx-text';
import { legendEntries } from './symbol-legend';

export interface PageTakeoff {
  rooms: Room[];
  layers: LayerTotals[];
  symbols: SymbolCount[];
  /** Rooms to check: unmeasured, divided by the analysis's guess, or disagreeing with their printed area. */
  roomNotes: RoomNote[];
}

const MAX_SYMBOLS_PER_PAGE = 50;
/**
 * Layers named for what bounds no room: furniture (A-FURN, FUR, illustr-FURNITURE, and in other languages
 * Arredi, Mobili, Mobilier, Meubles, Muebles, Mobiliario, Möbel), planting and landscape (PLANTS, GRASS),
 * dimensions and notes (DIM-1, A-ANNO-DIMS, TEXT, Quote, Cotes). Furring (FURR) is a wall's.
 */
const NOT_ROOM_BOUNDS_LAYER =
  /(?:^|[^\p{L}])(?:FURN\p{L}*|FUR|ARRED[IO]|MOBILI|MOBILIER|MEUBLES?|MUEBLES?|MOBILIARIO|MÖBEL|MOEBEL|PLANTS?|PLANTING|TREES?|GRASS|LAWN|LANDSCAPE|SHRUBS?|DIMS?|DIMENSIONS?|QUOTE|COTES?|ANNO\p{L}*|TEXT)(?![\p{L}])/iu;
/** A whole circle up to this wide is a table, a rug or a column (round-shapes.ts); a round room is wider. */
const MAX_ROUND_SHAPE_FT = 10;
/** Wall lines a layer's answer draws at most (the VA sheet's walls round its rooms are about 1,000). */
const MAX_WALL_LINES = 5000;

export function takeoffPage(
  page: number,
  geometry: PageGeometry,
  phrases: readonly TextLine[],
  size: { width: number; height: number },
  feetPerPoint: number | undefined,
  boundaries: readonly RoomBoundaryLine[] = [],
): PageTakeoff {
  const roomNotes: RoomNote[] = [];
  const { styles } = geometry;
  // Solid fills printed as hatching (AutoCAD's SOLID through Ghostscript) are the areas they paint.
  const paths = withSolidHatchesFilled(geometry.paths);
  // Letters drawn as strokes (AutoCAD's SHX text) are no linework: no door, symbol or wall.
  const lettering = letteringPaths(
    paths,
    phrases.flatMap((p) => p.runs),
  );

  // Doors are 2'–5' leaves at the sheet's scale; unscaled, 4–100 points (about 1'–25' at 1/4" scale).
  const minRadius = feetPerPoint ? 1.5 / feetPerPoint : 4;
  const maxRadius = feetPerPoint ? 5 / feetPerPoint : 100;

  // Arcs and doors first: door swings are not walls.
  const arcs: Arc[] = [];
  const lines: OwnedSegment[] = [];
  paths.forEach((path, owner) => {
    if (lettering.has(owner)) return;
    for (const [p0, c1, c2, p3] of path.curves) {
      const arc = arcOfBezier(p0, c1, c2, p3, owner);
      if (arc) arcs.push(arc);
    }
    // A door leaf drawn solid (a filled thin rectangle) is a leaf as its outline would be.
    if (!path.stroked && !solidLeaf(path, minRadius, maxRadius)) return;
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
  // Arcs exported as separate line pieces: single-line drawings (curves are Béziers or polylines above).
  // Drawings of single straight pieces only, told once per path (a hatch is one path of thousands of pieces).
  const piecesOnly = paths.map((path) => path.curves.length === 0 && path.subpaths.every((p) => p.length === 2));
  arcs.push(
    ...arcsOfLinePieces(
      lines.filter((s) => piecesOnly[s.owner]),
      // Pieces whose ends are this close (points) continue each other: exporters leave hairline gaps.
      0.15,
      maxRadius * 0.3,
    ),
  );
  // Arcs plotted as their dashes, a path each (AutoCAD's dashed linetypes): a door's swing drawn dashed.
  const dashes: Dash[] = [];
  paths.forEach((path, owner) => {
    if (lettering.has(owner) || !path.stroked || path.curves.length || path.subpaths.length !== 1 || path.closed[0])
      return;
    dashes.push({ points: path.subpaths[0], owner, group: path.style });
  });
  arcs.push(...arcsOfDashes(dashes, maxRadius * 0.3));
  // Walls drawn as solid fills (Revit's poché) have their jambs in the fills' outlines: a door's jamb gives
  // the wall's thickness, so the opening is closed on both faces. A fill's outline is never a leaf.
  // Walls drawn as single strokes as wide as the wall are their outlines (on a page with a scale).
  const wallPaths = feetPerPoint ? outlinesOfWallStrokes(paths, feetPerPoint) : paths;
  const fillEdges: OwnedSegment[] = [];
  wallPaths.forEach((path, owner) => {
    if (path.stroked || !path.filled) return;
    for (const points of path.subpaths)
      points.forEach((p, k) => {
        const q = points[(k + 1) % points.length];
        if (p.x !== q.x || p.y !== q.y)
          fillEdges.push({ x1: p.x, y1: p.y, x2: q.x, y2: q.y, group: path.style, owner });
      });
  });
  // A swing drawn in pieces of one circle (solid, then dashed where a door held open goes on) is one swing.
  const doors: Door[] = findDoors(joinContinuingArcs(mergeArcs(arcs)), lines, {
    jambs: fillEdges,
    minRadius,
    maxRadius,
    dashed: (owner) => paths[owner].dashed,
  });
  closeDoubleDoors(doors);
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
      doorOwners.has(owner) || lettering.has(owner) || !path.stroked
        ? []
        : path.subpaths.map((points) => ({ points, owner })),
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
  const listed = withoutJambPieces(repeated, doors).slice(0, MAX_SYMBOLS_PER_PAGE);
  // A legend names its symbols; its samples are not counted (symbol-legend.ts).
  const legend = legendEntries(listed, phrases);
  listed.forEach((shape, index) => {
    const entry = legend.get(index);
    const at = shape.at.filter((_, k) => k !== entry?.sample);
    symbols.push({
      name: entry?.name ?? tagOfSymbol(shape, tagTexts) ?? `symbol ${++unnamed}`,
      page,
      count: at.length,
      at: at.map((p) => [round(p.x), round(p.y)]),
    });
  });

  if (!feetPerPoint) return { rooms: [], layers: [], symbols, roomNotes };

  // Lengths and areas by layer or style.
  const totals = new Map<number, { length: number; area: number; count: number }>();
  for (const path of paths) {
    // A path whose lines all went into a solid hatch's area (solid-hatches.ts) is counted as that area.
    if (path.subpaths.length === 0) continue;
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

  // On a sheet with the CAD's layers, what a layer's name says bounds no room (furniture, planting, dimensions)
  // is no wall, whatever pen draws it: a bed round a room's name is no room.
  const offLayers = geometry.hasLayers
    ? paths.flatMap((path, owner) => (NOT_ROOM_BOUNDS_LAYER.test(styles[path.style]) ? [owner] : []))
    : [];
  // A whole circle is a table, a rug or a column, whatever layer or pen draws it: a round table round the word
  // "DINING" is no room.
  const roundShapes = paths.flatMap((path, owner) =>
    path.subpaths.length === 1 && isWholeCircle(path.subpaths[0], path.closed[0], MAX_ROUND_SHAPE_FT / feetPerPoint)
      ? [owner]
      : [],
  );
  const notWalls =
    lettering.size || offLayers.length || roundShapes.length
      ? new Set([...doorOwners, ...lettering, ...offLayers, ...roundShapes])
      : doorOwners;
  const rooms = findRoomsOnPage(
    page,
    wallPaths,
    styles,
    doors,
    notWalls,
    phrases,
    size,
    feetPerPoint,
    roomNotes,
    boundaries,
  );
  // Walls, each once: on the layers named so, else round the measured rooms (a layer of their own).
  for (const walls of wallLengthsFt(paths, styles, geometry.hasLayers, rooms, notWalls, feetPerPoint)) {
    const wallLengthFt = round(walls.lengthFt, 2);
    // The lines measured, for the viewer to draw: up to a size a page's answer carries (a whole sheet's wall
    // layer can hold tens of thousands); beyond it, none rather than some.
    const wallLines =
      walls.lines.length <= MAX_WALL_LINES
        ? {
            wallLines: walls.lines.map(([a, b]): [[number, number], [number, number]] => [
              [round(a.x, 1), round(a.y, 1)],
              [round(b.x, 1), round(b.y, 1)],
            ]),
          }
        : {};
    if (walls.style === undefined) {
      const drawn = { lengthFt: round(walls.drawnFt, 2), areaSqFt: 0, entityCount: walls.pieces };
      layers.unshift({ name: WALLS_ROUND_ROOMS, page, ...drawn, wallLengthFt, ...wallLines });
    } else {
      const layer = layers.find((l) => l.name === styles[walls.style!]);
      if (layer) Object.assign(layer, { wallLengthFt }, wallLines);
    }
  }
  return { rooms, layers, symbols, roomNotes };
}

/**
 * A filled shape that may be a door leaf drawn solid: one closed four-sided
 * outline as long as a door is wide and no thicker than a tenth of that (a
 * leaf is 1 3/4" to 2 1/4"; a wall piece of a door's length is thicker).
 */
function solidLeaf(path: PageGeometry['paths'][number], minRadius: number, maxRadius: number): boolean {
  if (!path.filled || path.subpaths.length !== 1) return false;
  const ring = path.subpaths[0];
  const last = ring[ring.length - 1];
  const corners = ring.length === 5 && last.x === ring[0].x && last.y === ring[0].y ? ring.slice(0, 4) : ring;
  if (corners.length !== 4) return false;
  const sides = corners.map((p, k) => Math.hypot(corners[(k + 1) % 4].x - p.x, corners[(k + 1) % 4].y - p.y));
  const long = Math.max(...sides);
  const short = Math.min(...sides);
  return long >= minRadius * 0.85 && long <= maxRadius * 1.1 && short <= long * 0.1;
}

/**
 * The repeated shapes less the wall pieces at door openings: where walls are drawn as outlines, the short
 * piece of wall between an opening and a corner is one small rectangle, the same at every such door, with
 * a corner at the door's hinge or strike (the opening's corners). A shape's instance with a corner there
 * (half its diagonal from its centre) is such a piece; a shape left with fewer than two instances is none.
 */
function withoutJambPieces(shapes: RepeatedShape[], doors: readonly Door[]): RepeatedShape[] {
  if (doors.length === 0) return shapes;
  const corners = doors.flatMap((d) => [d.hinge, d.closedAt, ...(d.back ? [d.back] : [])]);
  return shapes.flatMap((shape) => {
    const reach = shape.size / 2;
    const slack = Math.max(0.25, shape.size * 0.02);
    const atJamb = (p: Point) => corners.some((c) => Math.abs(Math.hypot(c.x - p.x, c.y - p.y) - reach) <= slack);
    const at = shape.at.filter((p) => !atJamb(p));
    if (at.length === shape.at.length) return [shape];
    return at.length >= 2 ? [{ ...shape, at, count: at.length }] : [];
  });
}

const SYMBOL_TAG = /^[A-Z]{1,3}-?\d{0,3}[A-Z]?$/;
/** D2 before D10. One collator: localeCompare with options builds one per comparison. */
const NUMERIC_ORDER = new Intl.Collator('en', { numeric: true });

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
  const distinct = [...new Set(tags)].sort(NUMERIC_ORDER.compare);
  if (distinct.length === 1) return distinct[0];
  // Numbered tags of one kind (D01, D02…): the same letters throughout.
  const letters = new Set(distinct.map((t) => t.replace(/[-\d].*$/, '')));
  return letters.size === 1 ? `${distinct[0]}–${distinct[distinct.length - 1]}` : undefined;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
