/**
 * Door closures joined to the walls they stop short of. A door block drawn a
 * little off its opening (turned a degree or two, or ending on small jamb or
 * stop marks of its own that stand off the wall) leaves its closure's ends a
 * fraction of an inch to a couple of inches from the wall faces: the room
 * leaks past both ends (or, a hairline short of a door frame, runs on into the
 * doorway's depth). An end not on a wall line is joined to the nearest wall
 * line within a tenth of the door's width (not to a threshold drawn beside the
 * closure, which stands in the opening as the closure does).
 */
import type { Door } from './doors';
import { distanceToSegment, nearestOnSegment, type Point, type Segment } from './planar-graph';

/** A closure's end this share of the door's width from a wall line is joined to it. */
const JOIN_SHARE = 0.1;
/** A straight line's ends, of any pen. */
type Line = Pick<Segment, 'x1' | 'y1' | 'x2' | 'y2'>;

/** Within about 6°: a door block turned a degree or two off its opening is still in line with it. */
const PARALLEL_SIN = 0.1;

/**
 * The segments (pairs of points) joining door closures' ends to the nearest of `walls` (with the doors'
 * closures) within a tenth of the door's width, for the ends not yet on one (within `tolerance`). Lines shorter than that reach are marks (a
 * door block's jamb or stop marks, standing off the wall as the swing does), never walls an end is joined to.
 */
export function closureJoins(
  doors: readonly Door[],
  walls: readonly Segment[],
  tolerance: number,
): Array<[Point, Point]> {
  const ends = doors.flatMap((door) =>
    door.closures.flatMap(([a, b]) =>
      [a, b].map((at) => ({ at, closure: { x1: a.x, y1: a.y, x2: b.x, y2: b.y }, reach: door.radius * JOIN_SHARE })),
    ),
  );
  if (ends.length === 0) return [];
  // The wall lines round each end, through a grid of cells as wide as the widest reach.
  const cell = Math.max(...ends.map((e) => e.reach), 1e-6);
  const grid = new Map<string, number[]>();
  const key = (i: number, j: number) => `${i},${j}`;
  ends.forEach((e, k) => {
    const id = key(Math.floor(e.at.x / cell), Math.floor(e.at.y / cell));
    grid.set(id, [...(grid.get(id) ?? []), k]);
  });
  const around: Segment[][] = ends.map(() => []);
  const take = (k: number, s: Segment) => {
    const { at, closure, reach } = ends[k];
    if (length(s) >= reach && distanceToSegment(s, at) <= reach && !alongside(s, closure)) around[k].push(s);
  };
  for (const s of walls) {
    const i0 = Math.floor((Math.min(s.x1, s.x2) - cell) / cell);
    const i1 = Math.floor((Math.max(s.x1, s.x2) + cell) / cell);
    const j0 = Math.floor((Math.min(s.y1, s.y2) - cell) / cell);
    const j1 = Math.floor((Math.max(s.y1, s.y2) + cell) / cell);
    // A line longer than the grid has cells with ends: every end is tested instead.
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > grid.size) ends.forEach((_, k) => take(k, s));
    else
      for (let i = i0; i <= i1; i++)
        for (let j = j0; j <= j1; j++) for (const k of grid.get(key(i, j)) ?? []) take(k, s);
  }
  const joins: Array<[Point, Point]> = [];
  ends.forEach(({ at, reach }, k) => {
    const lines = around[k];
    // An end on a wall line already closes; one on a mark only is not on the walls (the mark's pen may be left
    // out later, with a room's furniture), so it is joined past the mark.
    if (lines.some((s) => distanceToSegment(s, at) <= tolerance)) return;
    let best: { distance: number; point: Point } | undefined;
    for (const s of lines) {
      const point = nearestOnSegment(s, at);
      const distance = Math.hypot(point.x - at.x, point.y - at.y);
      if (distance <= reach && !(best && best.distance <= distance)) best = { distance, point };
    }
    if (best) joins.push([at, best.point]);
  });
  return joins;
}

/**
 * Whether a line runs beside the closure, across most of the opening: a threshold, a sill or a header drawn
 * in the doorway, no wall (its ends stand in the opening as the closure's do).
 */
function alongside(s: Line, closure: Line): boolean {
  const span = length(closure);
  if (span === 0) return false;
  const ux = (closure.x2 - closure.x1) / span;
  const uy = (closure.y2 - closure.y1) / span;
  if (Math.abs(ux * (s.y2 - s.y1) - uy * (s.x2 - s.x1)) > PARALLEL_SIN * length(s)) return false;
  const t1 = ux * (s.x1 - closure.x1) + uy * (s.y1 - closure.y1);
  const t2 = ux * (s.x2 - closure.x1) + uy * (s.y2 - closure.y1);
  return Math.min(span, Math.max(t1, t2)) - Math.max(0, Math.min(t1, t2)) > span / 2;
}

function length(s: Line): number {
  return Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
}
