/**
 * Lines drawn along the edge of an area's shading (a "no work" zone, a
 * finish colour: one fill wider than any wall) are the shading's outline, not
 * walls: CAD exporters stroke a filled region's boundary as lines of their
 * own, and where the region stops in the middle of a space (a renovation's
 * limit across a lobby) that line divides nothing on the floor.
 *
 * A line with another face beside it (a parallel line a wall's thickness
 * away, along most of it) is kept: where the shading stops at a wall, the
 * line is the wall's face.
 */
import type { Point, Segment } from '../geometry/planar-graph';

/** How far off a shading's edge (in points) a line may lie and still be drawn along it. */
const ON_EDGE = 0.1;
/** Directions this close (sine of the angle) are parallel. */
const PARALLEL = 0.02;
/** A wall's other face runs beside this much of the line at least. */
const FACED_SHARE = 0.5;

interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Indices of `segments` that are outlines of the `shadings` (rings of fills wider than a wall).
 * Only stroked lines (finite `width`) are outlines; `wallThickness` bounds a wall's thickness and `shortest`
 * the length (both in points) of a line that can be a wall's other face (not a dash or a tick).
 */
export function shadingOutlines(
  segments: ReadonlyArray<Segment & { width: number }>,
  shadings: ReadonlyArray<readonly Point[]>,
  wallThickness: number,
  shortest: number,
): Set<number> {
  const outlines = new Set<number>();
  if (shadings.length === 0) return outlines;
  const edges = new CellIndex<Line>(CELL);
  for (const ring of shadings)
    ring.forEach((a, i) => {
      const b = ring[(i + 1) % ring.length];
      if (a.x !== b.x || a.y !== b.y) edges.add({ x1: a.x, y1: a.y, x2: b.x, y2: b.y }, ON_EDGE);
    });
  // A line lies on an edge only if its first end does: the edges listed at that end are all to look at.
  const candidates: number[] = [];
  segments.forEach((s, i) => {
    if (Number.isFinite(s.width) && edges.near(s.x1, s.y1, s.x1, s.y1).some((edge) => lies(s, edge, ON_EDGE)))
      candidates.push(i);
  });
  if (candidates.length === 0) return outlines;
  const faces = new CellIndex<Line>(CELL);
  for (const s of segments) if (Math.hypot(s.x2 - s.x1, s.y2 - s.y1) >= shortest) faces.add(s, 0);
  for (const i of candidates) {
    const s = segments[i];
    const near = faces.near(
      Math.min(s.x1, s.x2) - wallThickness,
      Math.min(s.y1, s.y2) - wallThickness,
      Math.max(s.x1, s.x2) + wallThickness,
      Math.max(s.y1, s.y2) + wallThickness,
    );
    if (!faced(s, near, wallThickness)) outlines.add(i);
  }
  return outlines;
}

/** Page points a cell of the look-up grids spans. */
const CELL = 64;

/** Lines listed in every square cell their box touches, for finding the lines near a place. */
class CellIndex<T extends Line> {
  private readonly cells = new Map<string, T[]>();
  constructor(private readonly size: number) {}

  add(line: T, grow: number): void {
    this.visit(
      Math.min(line.x1, line.x2) - grow,
      Math.min(line.y1, line.y2) - grow,
      Math.max(line.x1, line.x2) + grow,
      Math.max(line.y1, line.y2) + grow,
      (key) => {
        const list = this.cells.get(key);
        if (list) list.push(line);
        else this.cells.set(key, [line]);
      },
    );
  }

  /** The lines listed in the cells the box touches, each once. */
  near(minX: number, minY: number, maxX: number, maxY: number): T[] {
    const found = new Set<T>();
    this.visit(minX, minY, maxX, maxY, (key) => this.cells.get(key)?.forEach((line) => found.add(line)));
    return [...found];
  }

  private visit(minX: number, minY: number, maxX: number, maxY: number, at: (key: string) => void): void {
    for (let cy = Math.floor(minY / this.size); cy <= Math.floor(maxY / this.size); cy++)
      for (let cx = Math.floor(minX / this.size); cx <= Math.floor(maxX / this.size); cx++) at(`${cx},${cy}`);
  }
}

/** Whether both ends of `line` lie on `edge` (within `tolerance` of it, between its ends). */
function lies(line: Line, edge: Line, tolerance: number): boolean {
  const dx = edge.x2 - edge.x1;
  const dy = edge.y2 - edge.y1;
  const length = Math.hypot(dx, dy);
  const onIt = (x: number, y: number) => {
    const off = Math.abs(dx * (y - edge.y1) - dy * (x - edge.x1)) / length;
    const along = ((x - edge.x1) * dx + (y - edge.y1) * dy) / length;
    return off <= tolerance && along >= -tolerance && along <= length + tolerance;
  };
  return onIt(line.x1, line.y1) && onIt(line.x2, line.y2);
}

/** Whether parallel lines at most `thickness` away (and not on it) run beside most of `line`. */
function faced(line: Line, segments: readonly Line[], thickness: number): boolean {
  const dx = line.x2 - line.x1;
  const dy = line.y2 - line.y1;
  const length = Math.hypot(dx, dy);
  if (length === 0) return true;
  const ux = dx / length;
  const uy = dy / length;
  // Stretches of the line (as distances along it) that another face runs beside.
  const beside: Array<[number, number]> = [];
  for (const other of segments) {
    const ox = other.x2 - other.x1;
    const oy = other.y2 - other.y1;
    const otherLength = Math.hypot(ox, oy);
    if (Math.abs(ux * oy - uy * ox) > otherLength * PARALLEL) continue;
    const off = Math.abs(ux * (other.y1 - line.y1) - uy * (other.x1 - line.x1));
    if (off <= ON_EDGE || off > thickness) continue;
    const a = (other.x1 - line.x1) * ux + (other.y1 - line.y1) * uy;
    const b = (other.x2 - line.x1) * ux + (other.y2 - line.y1) * uy;
    const from = Math.max(0, Math.min(a, b));
    const to = Math.min(length, Math.max(a, b));
    if (to > from) beside.push([from, to]);
  }
  beside.sort((p, q) => p[0] - q[0]);
  let covered = 0;
  let reached = 0;
  for (const [from, to] of beside) {
    if (to <= reached) continue;
    covered += to - Math.max(from, reached);
    reached = to;
  }
  return covered >= length * FACED_SHARE;
}
