/**
 * The length of a PDF page's walls, each wall once, as for a DXF wall layer
 * (dxf/wall-faces.ts: two faces a wall thickness apart are one wall). A CAD
 * export with layers names its walls (A-WALL, Walls, MUROS: the DXF rule), and
 * each such layer gets its wall length. A PDF without wall layers has only
 * pens, and a wall pen also draws casework, legends and the title block; there
 * the walls measured are those round the measured rooms: the stretches of the
 * rooms' outlines that drawn lines lie on (the walls' faces; door openings and
 * boundaries the user drew have no line under them), paired across pens, since
 * a wall's two faces may be drawn with different ones. A wall drawn as a solid
 * fill (poché, with no stroke: Chromium's, Illustrator's and LayOut's prints)
 * has its faces on the fill's edges; a fill wider than a wall is shading.
 */
import type { Room } from '../analysis.types';
import { WALL_LAYER, wallLength } from '../dxf/wall-faces';
import type { PagePath } from './page-geometry';
import { meanWidth } from './annotation-linework';

/** The layer a page without wall layers reports its walls on ("spaces": priced, a name saying "rooms" is a floor). */
export const WALLS_ROUND_ROOMS = 'walls round the measured spaces';

/** An outline edge and a pen's line are on one another within this distance (points): the room search nodes them. */
const ON_LINE_PTS = 0.5;
/** Within about 1°. */
const PARALLEL_SIN = 0.0175;
/** Grid cells of the outline index, in points. */
const CELL_PTS = 16;
/** A filled wall is this thick at most (page-rooms.ts takes wider single fills for shading). */
const THICKEST_FILLED_WALL_FT = 3;

interface Edge {
  ax: number;
  ay: number;
  ux: number;
  uy: number;
  length: number;
}

type Piece = [{ x: number; y: number }, { x: number; y: number }];

/** A layer's wall length, or (without `style`) the walls round the measured spaces of a page without wall layers. */
export interface PageWalls {
  style?: number;
  lengthFt: number;
  /** The length of the lines measured (both faces of a wall), in feet. */
  drawnFt: number;
  /** The straight pieces measured. */
  pieces: number;
  /** The straight pieces measured, in page points: what the walls' length was measured along. */
  lines: Piece[];
}

export function wallLengthsFt(
  paths: readonly PagePath[],
  styles: readonly string[],
  hasLayers: boolean,
  rooms: readonly Room[],
  skipOwners: ReadonlySet<number>,
  feetPerPoint: number,
): PageWalls[] {
  const named = hasLayers ? styles.flatMap((name, style) => (WALL_LAYER.test(name) ? [style] : [])) : [];
  let pieces: Map<number | undefined, Piece[]>;
  if (named.length) {
    pieces = new Map(named.map((style) => [style, []]));
    paths.forEach((path, owner) => {
      const list = pieces.get(path.style);
      if (!list || !path.stroked || skipOwners.has(owner)) return;
      path.subpaths.forEach((points, k) => {
        for (let i = 1; i < points.length; i++) list.push([points[i - 1]!, points[i]!]);
        if (path.closed[k] && points.length > 2) list.push([points[points.length - 1]!, points[0]!]);
      });
    });
  } else {
    // Every pen's stretches together (a wall's two faces may be drawn with different pens), each edge's merged.
    const byEdge = new Map<Edge, Array<[number, number]>>();
    for (const { edge, from, to } of stretchesAlongOutlines(
      paths,
      rooms,
      skipOwners,
      THICKEST_FILLED_WALL_FT / feetPerPoint,
    )) {
      const list = byEdge.get(edge) ?? [];
      byEdge.set(edge, list);
      list.push([from, to]);
    }
    const list: Piece[] = [];
    for (const [edge, stretches] of byEdge)
      for (const [from, to] of merged(stretches))
        list.push([
          { x: edge.ax + edge.ux * from, y: edge.ay + edge.uy * from },
          { x: edge.ax + edge.ux * to, y: edge.ay + edge.uy * to },
        ]);
    pieces = new Map([[undefined, list]]);
  }
  return [...pieces].flatMap(([style, list]) => {
    const length = wallLength({ segments: list, arcs: [], otherLength: 0 }, feetPerPoint);
    const drawn = list.reduce((sum, [a, b]) => sum + Math.hypot(b.x - a.x, b.y - a.y), 0);
    return length !== undefined && length > 0
      ? [{ style, lengthFt: length * feetPerPoint, drawnFt: drawn * feetPerPoint, pieces: list.length, lines: list }]
      : [];
  });
}

/** A stretch of an outline edge, from and to in points along it. */
interface Stretch {
  edge: Edge;
  from: number;
  to: number;
}

/** The union of intervals, as separate runs in order. */
function merged(intervals: Array<[number, number]>): Array<[number, number]> {
  intervals.sort((p, q) => p[0] - q[0]);
  const runs: Array<[number, number]> = [];
  for (const [from, to] of intervals) {
    const last = runs[runs.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else runs.push([from, to]);
  }
  return runs;
}

/** The stretches of the measured rooms' outlines (found from wall linework) that stroked lines lie on. */
function stretchesAlongOutlines(
  paths: readonly PagePath[],
  rooms: readonly Room[],
  skipOwners: ReadonlySet<number>,
  thickestFill: number,
): Stretch[] {
  const edges: Edge[] = [];
  // Outline edges by grid cell; numeric keys (a sheet has a few thousand cells across at most).
  const cells = new Map<number, number[]>();
  const key = (x: number, y: number) => Math.floor(x / CELL_PTS) * 100_003 + Math.floor(y / CELL_PTS);
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const room of rooms) {
    if (room.source !== 'wall-linework' || !room.outline) continue;
    const ring = room.outline;
    ring.forEach(([ax, ay], i) => {
      const [bx, by] = ring[(i + 1) % ring.length]!;
      const length = Math.hypot(bx - ax, by - ay);
      if (length === 0) return;
      const index = edges.push({ ax, ay, ux: (bx - ax) / length, uy: (by - ay) / length, length }) - 1;
      box.minX = Math.min(box.minX, ax - ON_LINE_PTS);
      box.minY = Math.min(box.minY, ay - ON_LINE_PTS);
      box.maxX = Math.max(box.maxX, ax + ON_LINE_PTS);
      box.maxY = Math.max(box.maxY, ay + ON_LINE_PTS);
      forCellsAlong(ax, ay, bx, by, key, (cell) => {
        const list = cells.get(cell);
        if (!list) cells.set(cell, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
      });
    });
  }
  const stretches: Stretch[] = [];
  // The segment each edge was last tried against, so an edge in several of a segment's cells is tried once.
  const triedBy = new Int32Array(edges.length).fill(-1);
  let segment = 0;
  paths.forEach((path, owner) => {
    if (skipOwners.has(owner)) return;
    const faces = path.stroked && !path.dashed;
    // White fills are masks behind text.
    const solid = !faces && path.filled && path.fill !== '#ffffff';
    if (!faces && !solid) return;
    path.subpaths.forEach((points, k) => {
      if (solid && meanWidth(points) > thickestFill) return;
      // A closed outline's last edge (a stroked rectangle's left side) and a fill's, which runs back to its
      // first point whether or not the path closes it, are faces too.
      const ring = (solid || path.closed[k]) && points.length > 2 ? [...points, points[0]!] : points;
      for (let i = 1; i < ring.length; i++) {
        const a = ring[i - 1]!;
        const b = ring[i]!;
        if (
          Math.max(a.x, b.x) < box.minX ||
          Math.min(a.x, b.x) > box.maxX ||
          Math.max(a.y, b.y) < box.minY ||
          Math.min(a.y, b.y) > box.maxY
        )
          continue;
        const id = segment++;
        forCellsAlong(a.x, a.y, b.x, b.y, key, (cell) => {
          for (const e of cells.get(cell) ?? []) {
            if (triedBy[e] === id) continue;
            triedBy[e] = id;
            const edge = edges[e]!;
            const on = stretchOnEdge(edge, a.x, a.y, b.x, b.y);
            if (on) stretches.push({ edge, from: on[0], to: on[1] });
          }
        });
      }
    });
  });
  return stretches;
}

/** The stretch of the edge (points along it) that segment a–b lies on: parallel, within ON_LINE_PTS. */
function stretchOnEdge(edge: Edge, ax: number, ay: number, bx: number, by: number): [number, number] | undefined {
  const length = Math.hypot(bx - ax, by - ay);
  if (length === 0) return undefined;
  const cross = ((bx - ax) * edge.uy - (by - ay) * edge.ux) / length;
  if (Math.abs(cross) > PARALLEL_SIN) return undefined;
  if (Math.abs((ax - edge.ax) * edge.uy - (ay - edge.ay) * edge.ux) > ON_LINE_PTS) return undefined;
  const s = (ax - edge.ax) * edge.ux + (ay - edge.ay) * edge.uy;
  const t = (bx - edge.ax) * edge.ux + (by - edge.ay) * edge.uy;
  const from = Math.max(0, Math.min(s, t));
  const to = Math.min(edge.length, Math.max(s, t));
  return to > from ? [from, to] : undefined;
}

/** Calls `visit` with each grid cell the segment passes through (sampled at half a cell, so none is skipped). */
function forCellsAlong(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  key: (x: number, y: number) => number,
  visit: (cell: number) => void,
): void {
  const first = key(ax, ay);
  const last = key(bx, by);
  if (first === last && Math.abs(bx - ax) < CELL_PTS && Math.abs(by - ay) < CELL_PTS) return visit(first);
  const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (CELL_PTS / 2)));
  let previous = NaN;
  for (let s = 0; s <= steps; s++) {
    const cell = key(ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps);
    if (cell !== previous) visit(cell);
    previous = cell;
  }
}
