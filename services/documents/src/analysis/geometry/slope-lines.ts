/**
 * Single aslant lines: a shower floor's slope lines to its drain, a leader
 * drawn across a room's corner. Walls have two faces a wall's thickness
 * apart and mostly run square to the plan; a line drawn at a slant with no
 * line parallel to it within a wall's thickness has a face on neither side
 * and is no wall by itself, though it may be the only line between two rooms
 * drawn open to each other: the caller decides by what lies beyond it.
 */
import type { Segment } from './planar-graph';

/** Lines within this angle of square to the page are not aslant. */
const SQUARE_WITHIN = (10 * Math.PI) / 180;
/** Lines within this angle of each other are parallel (two faces of a wall). */
const PARALLEL_WITHIN = (2 * Math.PI) / 180;

/**
 * The single aslant lines among `candidates`: crossing none of the `walls`
 * that are not `thin` away from both lines' ends (a line drawn across a room
 * runs from wall face to wall face; one crossing a wall's face runs on into
 * the wall, or beyond the room), and with no parallel face among the aslant
 * walls (see `hasParallelFace`). Each candidate is compared with the walls
 * near it only, found through a grid of the candidates.
 */
export function singleAslantLines<S extends Segment>(
  candidates: readonly S[],
  walls: readonly Segment[],
  thin: ReadonlySet<Segment>,
  options: { maxThickness: number; minAlongside: number; tolerance: number; overshoot: number },
): S[] {
  if (candidates.length === 0) return [];
  const cell = options.maxThickness * 4;
  const grid = new Map<number, number[]>();
  candidates.forEach((s, i) =>
    forCells(s, options.maxThickness, cell, (key) => {
      const list = grid.get(key);
      if (list) list.push(i);
      else grid.set(key, [i]);
    }),
  );
  const heavier = candidates.map((): Segment[] => []);
  const aslant = candidates.map((): Segment[] => []);
  // The candidates' bounds, grown: most of a sheet's walls lie far from every candidate.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of candidates) {
    minX = Math.min(minX, s.x1, s.x2);
    minY = Math.min(minY, s.y1, s.y2);
    maxX = Math.max(maxX, s.x1, s.x2);
    maxY = Math.max(maxY, s.y1, s.y2);
  }
  minX -= options.maxThickness;
  minY -= options.maxThickness;
  maxX += options.maxThickness;
  maxY += options.maxThickness;
  // The last wall each candidate was given, so a wall over a few of its cells is given once.
  const last = new Int32Array(candidates.length).fill(-1);
  walls.forEach((wall, w) => {
    if (
      Math.max(wall.x1, wall.x2) < minX ||
      Math.min(wall.x1, wall.x2) > maxX ||
      Math.max(wall.y1, wall.y2) < minY ||
      Math.min(wall.y1, wall.y2) > maxY
    )
      return;
    let heavy: boolean | undefined;
    let slanted = false;
    forCells(wall, 0, cell, (key) => {
      const list = grid.get(key);
      if (!list) return;
      if (heavy === undefined) {
        heavy = !thin.has(wall);
        slanted = isAslant(wall);
      }
      if (!heavy && !slanted) return;
      for (const i of list) {
        if (last[i] === w) continue;
        last[i] = w;
        if (heavy) heavier[i].push(wall);
        if (slanted) aslant[i].push(wall);
      }
    });
  });
  return candidates.filter(
    (s, i) =>
      !crossesAny(s, heavier[i], options.tolerance, options.overshoot) && !hasParallelFace(s, aslant[i], options),
  );
}

/** Calls `visit` with the key of every grid cell the segment's bounds, grown by `margin`, meet. */
function forCells(s: Segment, margin: number, cell: number, visit: (key: number) => void): void {
  const x0 = Math.floor((Math.min(s.x1, s.x2) - margin) / cell);
  const x1 = Math.floor((Math.max(s.x1, s.x2) + margin) / cell);
  const y0 = Math.floor((Math.min(s.y1, s.y2) - margin) / cell);
  const y1 = Math.floor((Math.max(s.y1, s.y2) + margin) / cell);
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) visit(x * 134_217_728 + y);
}

/** Whether the segment runs at a slant: more than 10° off both axes of the page. */
export function isAslant(s: Segment): boolean {
  const angle = Math.abs(Math.atan2(s.y2 - s.y1, s.x2 - s.x1)) % (Math.PI / 2);
  return Math.min(angle, Math.PI / 2 - angle) > SQUARE_WITHIN;
}

/**
 * Whether another of `others` runs parallel to `s`, more than `tolerance` and
 * at most `maxThickness` apart, alongside it for at least `minAlongside` (a
 * wall's other face; a fixture's short curve pieces are none). Collinear
 * pieces (a line drawn in pieces, the arms of a cross) are no second face.
 */
function hasParallelFace(
  s: Segment,
  others: readonly Segment[],
  options: { maxThickness: number; minAlongside: number; tolerance: number },
): boolean {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
  if (length === 0) return false;
  const ux = (s.x2 - s.x1) / length;
  const uy = (s.y2 - s.y1) / length;
  const across = (x: number, y: number) => (x - s.x1) * uy - (y - s.y1) * ux;
  const along = (x: number, y: number) => (x - s.x1) * ux + (y - s.y1) * uy;
  return others.some((o) => {
    const otherLength = Math.hypot(o.x2 - o.x1, o.y2 - o.y1);
    if (o === s || otherLength < options.minAlongside) return false;
    // Parallel: the directions' cross product is the sine of the angle between them.
    if (Math.abs(((o.x2 - o.x1) * uy - (o.y2 - o.y1) * ux) / otherLength) > Math.sin(PARALLEL_WITHIN)) return false;
    const apart = Math.abs(across(o.x1, o.y1) + across(o.x2, o.y2)) / 2;
    if (apart <= options.tolerance || apart > options.maxThickness) return false;
    const from = Math.min(along(o.x1, o.y1), along(o.x2, o.y2));
    const to = Math.max(along(o.x1, o.y1), along(o.x2, o.y2));
    return Math.min(to, length) - Math.max(from, 0) >= options.minAlongside;
  });
}

/**
 * Whether `s` crosses one of `others` away from both lines' ends (by more than
 * `overshoot` from the ends of `s`, `tolerance` from the other's): a line drawn
 * across a room runs from wall face to wall face, perhaps a hair past one (a
 * drafting overshoot, or a writer's rounding); a line crossing a wall's face
 * runs on into the wall, or beyond the room.
 */
function crossesAny(s: Segment, others: readonly Segment[], tolerance: number, overshoot: number): boolean {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const length = Math.hypot(dx, dy);
  return others.some((o) => {
    const ex = o.x2 - o.x1;
    const ey = o.y2 - o.y1;
    const otherLength = Math.hypot(ex, ey);
    const denominator = dx * ey - dy * ex;
    if (o === s || Math.abs(denominator) < 1e-9 * length * otherLength) return false;
    const t = ((o.x1 - s.x1) * ey - (o.y1 - s.y1) * ex) / denominator;
    const u = ((o.x1 - s.x1) * dy - (o.y1 - s.y1) * dx) / denominator;
    const inS = Math.max(tolerance, overshoot) / length;
    const inO = tolerance / otherLength;
    return t > inS && t < 1 - inS && u > inO && u < 1 - inO;
  });
}
