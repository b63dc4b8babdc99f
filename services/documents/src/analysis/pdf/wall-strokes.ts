/**
 * Walls drawn as single strokes as wide as the wall (simple CAD and sketch
 * exports draw a wall as one line with the wall's thickness for its width):
 * the stroke's ink is the wall, so its outline (both faces and its ends) is
 * the wall linework rooms and door jambs are found in, not its middle line.
 */
import type { Point } from '../geometry/planar-graph';
import type { PagePath } from './page-geometry';

/** The thinnest wall (a 2×2 stud partition is 3 1/2" with no finish): a thinner stroke is a pen. */
const MIN_WALL_FT = 0.25;
/**
 * And a stroke this wide on paper at least (0.9 mm): the heaviest pens wall faces are drawn with are
 * 0.7 mm, so at small scales (1/16" = 1'-0") where a pen is inches wide, a heavy pen stays a pen.
 */
const MIN_WALL_STROKE_PT = 2.5;

/** A straight piece of a wall-wide stroke, in page points. */
interface Piece {
  a: Point;
  b: Point;
  half: number;
  owner: number;
}

/**
 * The paths with every solid stroke as wide as a wall at least replaced by
 * its outline: a filled rectangle per straight piece, run on past its ends by
 * half its width where its caps are square. A piece no longer than twice its
 * width is a wall only where it meets another (a stub beside a door meets the
 * wall it returns from): alone it is a dash of a heavy dashed line exported
 * as separate pieces (a match line or a limit of work). Indices are kept (the
 * same path at the same place); other paths are returned as they are.
 */
export function outlinesOfWallStrokes(paths: readonly PagePath[], feetPerPoint: number): PagePath[] {
  const minWidth = Math.max(MIN_WALL_FT / feetPerPoint, MIN_WALL_STROKE_PT);
  const pieces: Piece[] = [];
  const piecesOf = new Map<number, Piece[]>();
  paths.forEach((path, owner) => {
    if (!path.stroked || path.filled || path.dashed || path.lineWidth < minWidth) return;
    const own: Piece[] = [];
    path.subpaths.forEach((points, k) => {
      const ring = path.closed[k] ? [...points, points[0]] : points;
      for (let i = 1; i < ring.length; i++)
        if (ring[i].x !== ring[i - 1].x || ring[i].y !== ring[i - 1].y)
          own.push({ a: ring[i - 1], b: ring[i], half: path.lineWidth / 2, owner });
    });
    if (own.length === 0) return;
    pieces.push(...own);
    piecesOf.set(owner, own);
  });
  if (pieces.length === 0) return paths as PagePath[];
  const meets = meetingPieces(pieces);
  return paths.map((path, owner) => {
    const own = piecesOf.get(owner);
    if (!own || !own.every((p) => length(p) > p.half * 4 || meets(p))) return path;
    // Round caps are taken as butt: the chord across the cap is the wall's end.
    const past = path.lineCap === 2 ? path.lineWidth / 2 : 0;
    const rectangles = own.map((piece) => outlineOf(piece, past));
    return {
      ...path,
      subpaths: rectangles,
      closed: rectangles.map(() => true),
      curves: [],
      stroked: false,
      filled: true,
      // Its ink's colour is the stroke's, which paths do not keep: no fill colour (none is a text mask's white).
      fill: undefined,
      dashed: false,
    };
  });
}

function length(piece: Piece): number {
  return Math.hypot(piece.b.x - piece.a.x, piece.b.y - piece.a.y);
}

/** The piece's ink as a rectangle, run on by `past` beyond each end. */
function outlineOf({ a, b, half }: Piece, past: number): Point[] {
  const l = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / l;
  const uy = (b.y - a.y) / l;
  const from = { x: a.x - ux * past, y: a.y - uy * past };
  const to = { x: b.x + ux * past, y: b.y + uy * past };
  const nx = -uy * half;
  const ny = ux * half;
  return [
    { x: from.x + nx, y: from.y + ny },
    { x: to.x + nx, y: to.y + ny },
    { x: to.x - nx, y: to.y - ny },
    { x: from.x - nx, y: from.y - ny },
  ];
}

/**
 * Whether a piece has an end on another piece (within half the wider one's
 * width: a corner, a junction, or the next piece of its own polyline). The
 * pieces are bucketed on a grid of the widest stroke's size.
 */
function meetingPieces(pieces: readonly Piece[]): (piece: Piece) => boolean {
  const cell = Math.max(...pieces.map((p) => p.half)) * 4;
  const buckets = new Map<number, number[]>();
  const keyOf = (cx: number, cy: number) => cx * 4_194_304 + cy;
  pieces.forEach((p, i) => {
    const reach = p.half;
    for (
      let cx = Math.floor((Math.min(p.a.x, p.b.x) - reach) / cell);
      cx <= Math.floor((Math.max(p.a.x, p.b.x) + reach) / cell);
      cx++
    )
      for (
        let cy = Math.floor((Math.min(p.a.y, p.b.y) - reach) / cell);
        cy <= Math.floor((Math.max(p.a.y, p.b.y) + reach) / cell);
        cy++
      ) {
        const key = keyOf(cx, cy);
        const bucket = buckets.get(key);
        if (bucket) bucket.push(i);
        else buckets.set(key, [i]);
      }
  });
  return (piece) =>
    [piece.a, piece.b].some((end) =>
      (buckets.get(keyOf(Math.floor(end.x / cell), Math.floor(end.y / cell))) ?? []).some((i) => {
        const other = pieces[i];
        return other !== piece && distanceToPiece(end, other) <= Math.max(piece.half, other.half) * 1.01;
      }),
    );
}

function distanceToPiece(p: Point, { a, b }: Piece): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + dx * t), p.y - (a.y + dy * t));
}
