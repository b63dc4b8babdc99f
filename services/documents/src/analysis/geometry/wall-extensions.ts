/**
 * Wall lines drawn a few inches short of the line they run to. A draughtsman's
 * trim or a door block's jamb leaves a wall face ending an inch or a few short
 * of the jamb or the wall it meets: nothing a person could pass through, but a
 * gap the room's face leaks through into the next space (a bedroom running on
 * through its door jamb into the hall). A free end of a line, carried on along
 * the line, that meets another line's end within a few inches (a corner left
 * open, a face broken by a gap) is joined to it, as a CAD user's Extend would.
 * A line pointing at the middle of another (a fixture's or a counter's edge
 * stopping short of a wall) stays free, as does one pointing at nothing near.
 */
import { distanceToSegment, type Point, type Segment } from './planar-graph';

/** A straight line's ends, of any pen. */
type Line = Pick<Segment, 'x1' | 'y1' | 'x2' | 'y2'>;

/**
 * For each free end of `lines` (an end no other line's end or body lies within `tolerance` of) whose line is at
 * least `reach` long: the piece from it, along its line, to the first other line it meets within `reach`, at
 * that line's end.
 */
export function wallExtensions(
  lines: readonly Line[],
  reach: number,
  tolerance: number,
  /** Which lines may be carried on (all by default; every line is one to meet). */
  carried: (k: number) => boolean = () => true,
): Array<[Point, Point]> {
  if (lines.length === 0 || reach <= tolerance) return [];
  // Every line's two ends: end 2k is line k's first, 2k + 1 its second.
  const xs = new Float64Array(lines.length * 2);
  const ys = new Float64Array(lines.length * 2);
  lines.forEach((s, k) => {
    xs[2 * k] = s.x1;
    ys[2 * k] = s.y1;
    xs[2 * k + 1] = s.x2;
    ys[2 * k + 1] = s.y2;
  });
  // A line carried on meets another at (or just short of) one of its ends: the ends near a free end are where
  // to look, in cells twice the reach wide; an end meeting another end (a polyline's joint, a corner) is found
  // in cells twice the tolerance wide.
  const byCell = (cell: number) => {
    const grid = new Map<number, number[]>();
    for (let e = 0; e < xs.length; e++) {
      const id = cellKey(Math.floor(xs[e] / cell), Math.floor(ys[e] / cell));
      const list = grid.get(id);
      if (list) list.push(e);
      else grid.set(id, [e]);
    }
    return (x: number, y: number, visit: (e: number) => boolean | void) => {
      const i = Math.floor(x / cell);
      const j = Math.floor(y / cell);
      for (let di = -1; di <= 1; di++)
        for (let dj = -1; dj <= 1; dj++) for (const e of grid.get(cellKey(i + di, j + dj)) ?? []) if (visit(e)) return;
    };
  };
  const fine = byCell(tolerance * 2);
  const coarse = byCell(reach * 2);
  const slack = reach * END_SLACK;
  const found: Array<{ line: number; end: Point; to: Point }> = [];
  for (let e = 0; e < xs.length; e++) {
    const k = e >> 1;
    if (!carried(k)) continue;
    const s = lines[k];
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (length < reach) continue;
    const end = { x: xs[e], y: ys[e] };
    let meets = false;
    fine(
      end.x,
      end.y,
      (f) => (meets = f !== e && Math.abs(xs[f] - end.x) <= tolerance && Math.abs(ys[f] - end.y) <= tolerance),
    );
    if (meets) continue;
    // Along the line, out of this end.
    const sign = e % 2 === 1 ? 1 : -1;
    const dx = ((s.x2 - s.x1) / length) * sign;
    const dy = ((s.y2 - s.y1) / length) * sign;
    let nearest = reach;
    coarse(end.x, end.y, (f) => {
      const m = f >> 1;
      if (m === k) return;
      // The ray meets line m near its end f only where f lies within the slack of the ray, ahead of the end.
      const along = (xs[f] - end.x) * dx + (ys[f] - end.y) * dy;
      if (along < -slack || along > nearest + slack) return;
      if (Math.abs((xs[f] - end.x) * dy - (ys[f] - end.y) * dx) > slack) return;
      const at = rayHit(end, dx, dy, lines[m], slack);
      if (at !== undefined && at < nearest) nearest = at;
    });
    if (nearest < reach) found.push({ line: k, end, to: { x: end.x + dx * nearest, y: end.y + dy * nearest } });
  }
  if (found.length === 0) return [];
  // An end on another line's body (a T) is no free end: checked for those carried on, against the lines filed
  // (at half-cell steps along them) in the cells round them.
  const cell = reach * 2;
  // A line passing within the tolerance of an end has a step in the end's cell or a neighbour: those cells are
  // the ones filed, and an end's lines are gathered from its nine.
  const cellOf = (p: Point) => [Math.floor(p.x / cell), Math.floor(p.y / cell)];
  const wanted = new Set<number>();
  for (const { end } of found) {
    const [i, j] = cellOf(end);
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) wanted.add(cellKey(i + di, j + dj));
  }
  const around = new Map<number, number[]>();
  lines.forEach((s, k) => {
    const steps = Math.max(1, Math.ceil((Math.hypot(s.x2 - s.x1, s.y2 - s.y1) * 2) / cell));
    for (let t = 0; t <= steps; t++) {
      const id = cellKey(
        Math.floor((s.x1 + ((s.x2 - s.x1) * t) / steps) / cell),
        Math.floor((s.y1 + ((s.y2 - s.y1) * t) / steps) / cell),
      );
      if (!wanted.has(id)) continue;
      const list = around.get(id);
      if (!list) around.set(id, [k]);
      else if (list[list.length - 1] !== k) list.push(k);
    }
  });
  const linesNear = (p: Point) => {
    const [i, j] = cellOf(p);
    const near: number[] = [];
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++) near.push(...(around.get(cellKey(i + di, j + dj)) ?? []));
    return near;
  };
  return found
    .filter(({ line, end }) => !linesNear(end).some((k) => k !== line && distanceToSegment(lines[k], end) <= tolerance))
    .map(({ end, to }) => [end, to]);
}

/**
 * A cell's key, kept a small integer (V8 hashes those fast, and numbers past 2³⁰ slowly): cells 32,768 apart
 * share a key, and what is looked up in them is checked by its coordinates.
 */
const cellKey = (i: number, j: number) => (i & 0x7fff) * 0x8000 + (j & 0x7fff);

/** A line carried on meets the other within this share of the reach of that line's end (an open corner). */
const END_SLACK = 0.25;

/** How far along the ray from `p` (unit direction dx, dy) it crosses the line, if it does ahead of `p`. */
function rayHit(p: Point, dx: number, dy: number, s: Line, endSlack: number): number | undefined {
  const ex = s.x2 - s.x1;
  const ey = s.y2 - s.y1;
  const denominator = dx * ey - dy * ex;
  // Parallel: a line carried on into another in line with it (a wall face across a gap) meets its end.
  if (Math.abs(denominator) < 1e-12 * Math.hypot(ex, ey)) {
    const ahead = [
      [s.x1, s.y1],
      [s.x2, s.y2],
    ]
      .filter(([x, y]) => Math.abs((x - p.x) * dy - (y - p.y) * dx) <= 1e-9 * (1 + Math.abs(x) + Math.abs(y)))
      .map(([x, y]) => (x - p.x) * dx + (y - p.y) * dy)
      .filter((t) => t > 0);
    return ahead.length ? Math.min(...ahead) : undefined;
  }
  const t = ((s.x1 - p.x) * ey - (s.y1 - p.y) * ex) / denominator;
  const u = ((s.x1 - p.x) * dy - (s.y1 - p.y) * dx) / denominator;
  // Only at (or just short of) the other line's end: a corner left open. A line pointing at the middle of
  // another (a fixture's edge, a counter stopping short of a wall) is not carried on to it.
  const slack = endSlack / Math.hypot(ex, ey);
  return t > 0 && ((u >= 0 && u <= slack) || (u <= 1 && u >= 1 - slack)) ? t : undefined;
}
