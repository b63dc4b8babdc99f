/**
 * A sheet's scale read from its dimension strings: a dimension text (25'-6", 12'-0", 3'-4 1/2", or on a metric
 * sheet 4280 mm), level or upright, sits on or just beside the dimension line it labels, or in it, so the
 * line's length in points and the text's feet give feet per point. Several dimensions agreeing give a scale
 * where the sheet has no note; where it has one, they check it.
 */
import type { Point } from '../geometry/planar-graph';
import type { TextLine } from './pdf-layout';

/**
 * Feet, then inches: whole (6), decimal (7.5, as AutoCAD writes them at a decimal precision), or whole with a
 * fraction (3 1/2, or a fraction glyph 7½ as some fonts set it).
 */
const FEET_INCHES =
  /^(\d{1,4})\s*['’]\s*-?\s*(?:(\d{1,2}(?:\.\d+)?)(?:\s*([½¼¾⅛⅜⅝⅞])|\s+(\d+)\/(\d+))?\s*(?:"|”|''))?$/;
const FRACTION_GLYPHS: Record<string, number> = {
  '½': 1 / 2,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
};

/** 25'-6" → 25.5 feet (also 7'-7½", 14'-7.5"); undefined for anything else. */
export function feetOfDimension(text: string): number | undefined {
  const match = FEET_INCHES.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[3] ? FRACTION_GLYPHS[match[3]] : match[4] ? Number(match[4]) / Number(match[5]) : 0;
  const inches = Number(match[2] ?? 0) + fraction;
  if (inches >= 12) return undefined;
  const feet = Number(match[1]) + inches / 12;
  return feet > 0 ? feet : undefined;
}

/**
 * Millimetres as metric sheets write their dimensions: a bare whole number (4280, 10260), or one with a
 * thousands comma, as ArchiCAD writes them (3,850, 11,000).
 */
const MILLIMETRES = /^(?:\d{3,5}|\d{1,2},\d{3})$/;
const MM_PER_FOOT = 304.8;

/** A metric sheet's dimension string (4280) in feet; undefined for anything else. */
export function feetOfMillimetres(text: string): number | undefined {
  const trimmed = text.trim();
  return MILLIMETRES.test(trimmed) ? Number(trimmed.replace(',', '')) / MM_PER_FOOT : undefined;
}

/** Metres to two decimals, with a decimal comma or point (17,38, 2.50), as European plans write their dimensions. */
const METRES = /^\d{1,3}[.,]\d{2}$/;
const FEET_PER_METRE = 1000 / MM_PER_FOOT;

/** A dimension string in metres (17,38) in feet; undefined for anything else. */
export function feetOfMetres(text: string): number | undefined {
  const trimmed = text.trim();
  if (!METRES.test(trimmed)) return undefined;
  const metres = Number(trimmed.replace(',', '.'));
  return metres > 0 ? metres * FEET_PER_METRE : undefined;
}

/** A straight piece of the page's linework: a dimension line is stroked, its arrowheads may be filled. */
export interface Piece {
  a: Point;
  b: Point;
  stroked: boolean;
}

/** A dimension string paired with its line: the feet written and the points the line measures. */
export interface PairedDimension {
  text: string;
  feet: number;
  length: number;
  /** The unit vector along the line (1, 0 for a level one). */
  direction: Point;
}

/**
 * Each dimension string with the line it labels, read in the string's own frame so that a string written
 * upright beside a plumb line pairs as a level one does: the line under the string (the text sits on it or
 * a little above, centred on it, at least as long as the text), or a line broken round the string written
 * in it (as AutoCAD draws dimension text centred in the line). What the line measures runs between its
 * extension lines: to the tips of arrowheads the line stops short of, and not past the ticks it overruns.
 * Feet over length is the scale it implies. On a sheet whose note is a ratio (1:50), bare whole numbers are
 * read as millimetres too, as metric sheets write their dimensions.
 */
export function pairedDimensions(
  phrases: readonly TextLine[],
  pieces: readonly Piece[],
  metric = false,
  /** Figures to two decimals read as metres (17,38): on a sheet with no note that writes no feet and inches. */
  metres = false,
): PairedDimension[] {
  const grid = new PieceGrid(pieces);
  const paired: PairedDimension[] = [];
  for (const phrase of phrases) {
    const feet =
      feetOfDimension(phrase.text) ??
      (metric ? feetOfMillimetres(phrase.text) : undefined) ??
      (metres ? feetOfMetres(phrase.text) : undefined);
    if (feet === undefined) continue;
    const frame = frameOf(phrase);
    if (!frame) continue;
    const length = measuredLength(frame, grid);
    if (length !== undefined) paired.push({ text: phrase.text, feet, length, direction: frame.direction });
  }
  return paired;
}

/** A string's frame: `along` its baseline from its start, `across` it downwards from the baseline. */
interface Frame {
  direction: Point;
  width: number;
  height: number;
  along: (p: Point) => number;
  across: (p: Point) => number;
  /** The page point at `along`, `across`. */
  at: (along: number, across: number) => Point;
}

function frameOf(phrase: TextLine): Frame | undefined {
  const level = phrase.runs.every((r) => r.horizontal);
  const run = phrase.runs[0];
  // Text at an angle is a line of one run (pdf-layout's linesOf), with its direction.
  if (!level && (phrase.runs.length !== 1 || !run.direction)) return undefined;
  const direction = level ? { x: 1, y: 0 } : run.direction!;
  const origin = level ? { x: phrase.x, y: phrase.y } : { x: run.x, y: run.y };
  const { x: dx, y: dy } = direction;
  return {
    direction,
    width: level ? phrase.right - phrase.x : run.width,
    height: level ? phrase.height : run.height,
    along: (p) => (p.x - origin.x) * dx + (p.y - origin.y) * dy,
    across: (p) => -(p.x - origin.x) * dy + (p.y - origin.y) * dx,
    at: (a, b) => ({ x: origin.x + a * dx - b * dy, y: origin.y + a * dy + b * dx }),
  };
}

/** A piece in a string's frame, where it runs along the string. */
interface Along {
  from: number;
  to: number;
  /** How far below the baseline it runs. */
  off: number;
}

/** The points the dimension line of the string in `frame` measures, or undefined where it has none. */
function measuredLength(frame: Frame, grid: PieceGrid): number | undefined {
  const { width, height } = frame;
  const middle = width / 2;
  const centre = frame.at(middle, 0);
  // Pieces along the string near it: a line spans its middle, a broken one ends within a text height of it.
  const near = grid.within(centre, width / 2 + height * 2);
  const lines: Along[] = [];
  for (const piece of near) {
    if (!piece.stroked) continue;
    const [a1, a2] = [frame.along(piece.a), frame.along(piece.b)];
    const [b1, b2] = [frame.across(piece.a), frame.across(piece.b)];
    const length = Math.abs(a2 - a1);
    if (length === 0 || Math.abs(b2 - b1) > length * 0.002) continue;
    lines.push({ from: Math.min(a1, a2), to: Math.max(a1, a2), off: (b1 + b2) / 2 });
  }
  // Written at the middle of what it measures.
  const centred = (l: Along) => Math.abs((l.from + l.to) / 2 - middle) <= Math.max((l.to - l.from) * 0.1, height);
  // Broken round the string: a piece ending before it and one starting after it, on one axis through its letters.
  let line: Along | undefined;
  const through = lines.filter((l) => l.off >= -height * 1.1 && l.off <= height * 0.2);
  for (const left of through) {
    if (left.to > middle || left.to < -height) continue;
    for (const right of through) {
      if (right.from < middle || right.from > width + height) continue;
      if (Math.abs(right.off - left.off) > height * 0.05) continue;
      const joined = { from: left.from, to: right.to, off: (left.off + right.off) / 2 };
      if (centred(joined) && (!line || joined.to - joined.from > line.to - line.from)) line = joined;
    }
  }
  // Else the line under the string (on it or a little below its baseline) spanning its middle, the nearest.
  if (!line)
    for (const l of lines) {
      if (l.off < -height * 0.2 || l.off > height * 1.5) continue;
      if (l.to - l.from < width || middle < l.from || middle > l.to || !centred(l)) continue;
      if (!line || l.off < line.off) line = l;
    }
  if (!line) return undefined;
  return extensionEnd(frame, grid, line, 1) - extensionEnd(frame, grid, line, -1);
}

/**
 * Where the dimension measures to at one end of its line (`side` 1 its far end, -1 its near one): the tip of
 * an arrowhead beyond the end (the line drawn to the arrow's base), else an extension line or tick square to
 * the line that it runs a little past (AutoCAD's extension beyond ticks), else the end itself.
 */
function extensionEnd(frame: Frame, grid: PieceGrid, line: Along, side: 1 | -1): number {
  const end = side > 0 ? line.to : line.from;
  const { height } = frame;
  const tol = Math.max(height * 0.05, 0.1);
  // An arrow is up to three text heights long; a line overruns its extension lines by up to a text height.
  const reach = height * 3;
  let tip = 0;
  let overrun = 0;
  for (const piece of grid.within(frame.at(end, line.off), reach)) {
    const ends = [piece.a, piece.b].map((p) => ({ a: (frame.along(p) - end) * side, b: frame.across(p) - line.off }));
    for (const [p, q] of [ends, [ends[1], ends[0]]]) {
      // An arrow's side: from the corner of its base at the line's end out to its tip on the line.
      const long = p.a;
      if (Math.abs(p.b) <= tol && long > tol && long <= reach && Math.abs(q.a) <= tol) {
        if (Math.abs(q.b) > tol && Math.abs(q.b) <= long / 2) tip = Math.max(tip, long);
      }
    }
    const [p, q] = ends;
    // An extension line: square to the line, inside its end, crossing it or ending on it, and running on to one
    // side (an arrowhead's base, square to the line too, lies evenly either side of it).
    const [short, long] = [Math.abs(p.b), Math.abs(q.b)].sort((m, n) => m - n);
    const crosses = Math.sign(p.b) !== Math.sign(q.b) || short <= tol;
    const oneSided = long >= height * 0.5 && long >= short * 2 + tol;
    const inside = -(p.a + q.a) / 2;
    const square = Math.abs(p.a - q.a) <= Math.abs(p.b - q.b) * 0.02;
    if (crosses && oneSided && square && inside > tol && inside <= height) overrun = Math.max(overrun, inside);
  }
  return end + side * (tip > 0 ? tip : -overrun);
}

/** The pieces by the square cells their boxes cover, to find the few near a point on a sheet of thousands. */
class PieceGrid {
  private static readonly CELL = 32;
  private readonly cells = new Map<number, Piece[]>();
  constructor(pieces: readonly Piece[]) {
    const step = PieceGrid.CELL / 2;
    for (const piece of pieces) {
      // The cells along the piece (not its box: a long hatch line at an angle crosses few of its box's).
      const steps = Math.ceil(Math.hypot(piece.b.x - piece.a.x, piece.b.y - piece.a.y) / step);
      // Half-cell steps visit a cell once or twice in a row: filed once per run (`within` drops repeats).
      let last: number | undefined;
      for (let k = 0; k <= steps; k++) {
        const t = steps ? k / steps : 0;
        const x = piece.a.x + (piece.b.x - piece.a.x) * t;
        const y = piece.a.y + (piece.b.y - piece.a.y) * t;
        const key = PieceGrid.key(Math.floor(x / PieceGrid.CELL), Math.floor(y / PieceGrid.CELL));
        if (key === last) continue;
        last = key;
        const cell = this.cells.get(key);
        if (cell) cell.push(piece);
        else this.cells.set(key, [piece]);
      }
    }
  }
  private static key(i: number, j: number): number {
    return i * 100_003 + j;
  }
  /** The pieces passing within `radius` of `p` (and some further off). */
  within(p: Point, radius: number): Set<Piece> {
    const found = new Set<Piece>();
    // A cell's width more: a piece clipping a cell's corner may be filed under its neighbour.
    const reach = radius + PieceGrid.CELL;
    const [x0, x1] = [p.x - reach, p.x + reach].map((v) => Math.floor(v / PieceGrid.CELL));
    const [y0, y1] = [p.y - reach, p.y + reach].map((v) => Math.floor(v / PieceGrid.CELL));
    for (let i = x0; i <= x1; i++)
      for (let j = y0; j <= y1; j++) for (const piece of this.cells.get(PieceGrid.key(i, j)) ?? []) found.add(piece);
    return found;
  }
}

/**
 * A metric sheet's dimensions read as millimetres (`pairedDimensions` with `metric`) or, where that agrees
 * better with its note, as centimetres (ArchiCAD's 464, 1,464): whichever unit the sheet writes in.
 */
export function inMetricUnit(scales: readonly number[], noteFeetPerPoint: number): number[] {
  const off = (read: readonly number[]) => {
    const agreed = agreedScale(read, 3);
    return agreed === undefined ? Infinity : Math.abs(Math.log(agreed / noteFeetPerPoint));
  };
  const inCentimetres = scales.map((s) => s * 10);
  return off(inCentimetres) < off(scales) ? inCentimetres : [...scales];
}

/** The scale most of the dimensions agree on (within 1%), when at least `quorum` do. */
export function agreedScale(scales: readonly number[], quorum = 3): number | undefined {
  let best: number[] = [];
  for (const candidate of scales) {
    const agreeing = scales.filter((s) => Math.abs(s / candidate - 1) <= 0.01);
    if (agreeing.length > best.length) best = agreeing;
  }
  if (best.length < quorum) return undefined;
  return best.reduce((a, b) => a + b, 0) / best.length;
}

/**
 * Where fewer than three dimensions agree: two that do (within 1%), different figures written on lines square
 * to each other (a plan's overall width and depth), as a sheet dimensioned only overall has. Not where any
 * other two agree too or where they are fewer than half of the dimensions read: one coincidence of a string
 * and a stray line is not to set a sheet's scale.
 */
export function crossedPair(
  dimensions: readonly PairedDimension[],
): { feetPerPoint: number; texts: [string, string] } | undefined {
  const scale = (d: PairedDimension) => d.feet / d.length;
  const agreeing: Array<[PairedDimension, PairedDimension]> = [];
  dimensions.forEach((d, i) =>
    dimensions.slice(i + 1).forEach((e) => {
      if (Math.abs(scale(d) / scale(e) - 1) <= 0.01) agreeing.push([d, e]);
    }),
  );
  if (agreeing.length !== 1 || dimensions.length > 4) return undefined;
  const [d, e] = agreeing[0];
  const square = Math.abs(d.direction.x * e.direction.x + d.direction.y * e.direction.y) <= 0.01;
  if (!square || Math.abs(d.feet - e.feet) < 1 / 24) return undefined;
  return { feetPerPoint: (scale(d) + scale(e)) / 2, texts: [d.text, e.text] };
}
