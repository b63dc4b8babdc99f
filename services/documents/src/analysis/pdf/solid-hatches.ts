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
import { linesByPenAndDirection } from '../geometry/patterns';
import type { Point, Segment } from '../geometry/planar-graph';
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
  const lines: HatchLine[] = [];
  paths.forEach((path, owner) => {
    if (!path.stroked || path.dashed || path.curves.length > 0 || path.lineWidth <= 0) return;
    path.subpaths.forEach((points, subpath) => {
      if (points.length === 2 && !path.closed[subpath] && (points[0].x !== points[1].x || points[0].y !== points[1].y))
        lines.push({ owner, subpath, a: points[0], b: points[1] });
    });
  });
  if (lines.length < MIN_RUN_LINES) return paths as PagePath[];
  const segments: Segment[] = lines.map(({ owner, a, b }) => ({
    x1: a.x,
    y1: a.y,
    x2: b.x,
    y2: b.y,
    group: paths[owner].style * 1024 + Math.min(1023, Math.round(paths[owner].lineWidth * 100)),
  }));
  const runs: number[][] = [];
  for (const group of linesByPenAndDirection(segments).values()) {
    if (group.length < MIN_RUN_LINES) continue;
    group.sort((p, q) => p.offset - q.offset);
    const reach = paths[lines[group[0].index].owner].lineWidth * SPACING_SLACK;
    // Runs still open at the current offset: each continues with a line within reach across that overlaps
    // its last line along the direction (a shape the lines cross twice is two runs side by side).
    let open: Array<{ lines: number[]; offset: number; from: number; to: number }> = [];
    for (const line of group) {
      open = open.filter((run) => {
        if (line.offset - run.offset <= reach) return true;
        if (run.lines.length >= MIN_RUN_LINES) runs.push(run.lines);
        return false;
      });
      const run = open.find((r) => line.from < r.to && line.to > r.from);
      if (run) {
        run.lines.push(line.index);
        Object.assign(run, { offset: line.offset, from: line.from, to: line.to });
      } else open.push({ lines: [line.index], offset: line.offset, from: line.from, to: line.to });
    }
    for (const run of open) if (run.lines.length >= MIN_RUN_LINES) runs.push(run.lines);
  }
  if (runs.length === 0) return paths as PagePath[];
  const taken = new Map<number, Set<number>>();
  for (const run of runs)
    for (const i of run) {
      const { owner, subpath } = lines[i];
      (taken.get(owner) ?? taken.set(owner, new Set()).get(owner)!).add(subpath);
    }
  const kept = paths.map((path, owner) => {
    const out = taken.get(owner);
    if (!out) return path;
    return {
      ...path,
      subpaths: path.subpaths.filter((_, k) => !out.has(k)),
      closed: path.closed.filter((_, k) => !out.has(k)),
    };
  });
  const areas = runs.map((run): PagePath => {
    const first = paths[lines[run[0]].owner];
    return {
      subpaths: [
        outlineOfRun(
          run.map((i) => lines[i]),
          first.lineWidth / 2,
        ),
      ],
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
