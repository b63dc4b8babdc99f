/**
 * Solid fills printed as hatching: AutoCAD's SOLID hatch (a wall's poché) sent
 * through Ghostscript, and some plotter drivers, arrive as thousands of
 * parallel lines closer together than their own width, each cut to the shape,
 * with no outline. Their ink is one solid area: its edges (the lines' ends)
 * are the wall's faces, as a fill's edges are. Each such run of lines becomes
 * one filled path (appended after the page's paths, so every other path keeps
 * its index), and its lines are taken out of their paths. Hatches drawn to be
 * seen as lines (ANSI31's, a tile pattern's) are spaced wider than their pen
 * and stay as they are.
 */
import { inDirectionFrame } from '../geometry/patterns';
import type { Point } from '../geometry/planar-graph';
import type { PagePath } from './page-geometry';

/** A run of lines this long at least paints an area (a few stray parallel strokes do not). */
const MIN_RUN_LINES = 8;
/** Lines this much further apart than their width still leave no paper between them (rounding). */
const SPACING_SLACK = 1.05;

/** A line a hatch may be made of: the single straight piece of a subpath of a stroked path. */
interface HatchLine {
  owner: number;
  subpath: number;
  a: Point;
  b: Point;
}

/** A path a hatch may be drawn with: stroked solid, straight, with a width. */
const stroking = (path: PagePath) => path.stroked && !path.dashed && path.curves.length === 0 && path.lineWidth > 0;
/** A subpath that is one straight open piece. */
const hatchPiece = (path: PagePath, points: readonly Point[], k: number) =>
  points.length === 2 && !path.closed[k] && (points[0].x !== points[1].x || points[0].y !== points[1].y);

const cache = new WeakMap<readonly PagePath[], PagePath[]>();

/**
 * The paths with each run of solid-hatch lines taken out and its area appended as a filled path of the lines'
 * style. The same array where there is none; computed once for a page's paths.
 */
export function withSolidHatchesFilled(paths: readonly PagePath[]): PagePath[] {
  const known = cache.get(paths);
  if (known) return known;
  const found = filled(paths);
  cache.set(paths, found);
  return found;
}

function filled(paths: readonly PagePath[]): PagePath[] {
  // Every single straight piece of a stroked path, as flat arrays (a sheet has tens of thousands, nearly
  // all no hatch: objects for each would cost more memory than the rest of the takeoff's first step).
  let count = 0;
  paths.forEach((path) => {
    if (stroking(path)) path.subpaths.forEach((points, k) => (count += hatchPiece(path, points, k) ? 1 : 0));
  });
  if (count < MIN_RUN_LINES) return paths as PagePath[];
  const owner = new Int32Array(count);
  const subpath = new Int32Array(count);
  // By pen and direction (1° buckets); across that direction, and the extent along it.
  const key = new Float64Array(count);
  const offset = new Float64Array(count);
  const from = new Float64Array(count);
  const to = new Float64Array(count);
  let n = 0;
  paths.forEach((path, o) => {
    if (!stroking(path)) return;
    const pen = path.style * 1024 + Math.min(1023, Math.round(path.lineWidth * 100));
    path.subpaths.forEach((points, k) => {
      if (!hatchPiece(path, points, k)) return;
      const [a, b] = points;
      const frame = inDirectionFrame(a.x, a.y, b.x, b.y);
      owner[n] = o;
      subpath[n] = k;
      key[n] = pen * 180 + frame.bucket;
      offset[n] = frame.offset;
      from[n] = frame.from;
      to[n] = frame.to;
      n++;
    });
  });
  const order = new Int32Array(count).map((_, i) => i);
  order.sort((i, j) => key[i] - key[j] || offset[i] - offset[j]);
  const runs: number[][] = [];
  for (let start = 0; start < count;) {
    let end = start + 1;
    while (end < count && key[order[end]] === key[order[start]]) end++;
    if (end - start >= MIN_RUN_LINES)
      runs.push(...runsOf(order.subarray(start, end), paths[owner[order[start]]].lineWidth));
    start = end;
  }

  /**
   * The runs among one pen's lines of one direction, in offset order: each open run continues with a line
   * within reach across that overlaps its last line along the direction (a shape the lines cross twice is
   * two runs side by side).
   */
  function runsOf(group: Int32Array, lineWidth: number): number[][] {
    const reach = lineWidth * SPACING_SLACK;
    const found: number[][] = [];
    let open: Array<{ lines: number[]; last: number }> = [];
    for (const i of group) {
      open = open.filter((run) => {
        if (offset[i] - offset[run.last] <= reach) return true;
        if (run.lines.length >= MIN_RUN_LINES) found.push(run.lines);
        return false;
      });
      const run = open.find((r) => from[i] < to[r.last] && to[i] > from[r.last]);
      if (run) {
        run.lines.push(i);
        run.last = i;
      } else open.push({ lines: [i], last: i });
    }
    for (const run of open) if (run.lines.length >= MIN_RUN_LINES) found.push(run.lines);
    return found;
  }
  const lines = (run: readonly number[]): HatchLine[] =>
    run.map((i) => {
      const [a, b] = paths[owner[i]].subpaths[subpath[i]];
      return { owner: owner[i], subpath: subpath[i], a, b };
    });
  if (runs.length === 0) return paths as PagePath[];
  const taken = new Map<number, Set<number>>();
  for (const run of runs)
    for (const i of run) (taken.get(owner[i]) ?? taken.set(owner[i], new Set()).get(owner[i])!).add(subpath[i]);
  const kept = paths.map((path, o) => {
    const out = taken.get(o);
    if (!out) return path;
    return {
      ...path,
      subpaths: path.subpaths.filter((_, k) => !out.has(k)),
      closed: path.closed.filter((_, k) => !out.has(k)),
    };
  });
  const areas = runs.map((run): PagePath => {
    const first = paths[owner[run[0]]];
    return {
      subpaths: [outlineOfRun(lines(run), first.lineWidth / 2)],
      closed: [true],
      curves: [],
      stroked: false,
      filled: true,
      style: first.style,
      lineWidth: 0,
      lineCap: 0,
      // The ink's colour is the stroke's, which paths do not keep (as for walls drawn as wide strokes).
      fill: undefined,
      dashed: false,
    };
  });
  return [...kept, ...areas];
}

/**
 * The area a run of parallel lines paints: the chain of their ends on one side, then back along the other,
 * with the points that lie on a straight edge (within `tolerance`, half a line's width) left out.
 */
function outlineOfRun(run: readonly HatchLine[], tolerance: number): Point[] {
  const ux = run[0].b.x - run[0].a.x;
  const uy = run[0].b.y - run[0].a.y;
  const along = (p: Point) => p.x * ux + p.y * uy;
  const starts = run.map(({ a, b }) => (along(a) <= along(b) ? a : b));
  const ends = run.map(({ a, b }) => (along(a) <= along(b) ? b : a));
  return simplified([...starts, ...ends.reverse()], tolerance);
}

/** A closed ring with its points closer than `tolerance` to the straight line past them dropped (Douglas–Peucker). */
function simplified(ring: readonly Point[], tolerance: number): Point[] {
  const keep = new Uint8Array(ring.length);
  // Spans still to split, as pairs of indices (a stack: a long curved edge would recurse too deep).
  const spans: number[] = [];
  const split = (from: number, to: number) => {
    spans.push(from, to);
    while (spans.length) {
      const end = spans.pop()!;
      const start = spans.pop()!;
      const a = ring[start];
      const b = ring[end];
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      let far = -1;
      let farthest = tolerance;
      for (let i = start + 1; i < end; i++) {
        const p = ring[i];
        const d =
          length === 0
            ? Math.hypot(p.x - a.x, p.y - a.y)
            : Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / length;
        if (d > farthest) {
          farthest = d;
          far = i;
        }
      }
      if (far < 0) continue;
      keep[far] = 1;
      spans.push(start, far, far, end);
    }
  };
  // The ring's two chains meet at its first point and at the last line's start: simplified as two open lines.
  const middle = ring.length / 2 - 1;
  keep[0] = keep[middle] = keep[middle + 1] = keep[ring.length - 1] = 1;
  split(0, middle);
  split(middle + 1, ring.length - 1);
  return ring.filter((_, i) => keep[i]);
}
