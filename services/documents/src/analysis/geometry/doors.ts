/**
 * Door swings in plan linework: a circular arc of about a quarter turn centred
 * on the hinge, with the leaf drawn from the hinge to one end of the arc. The
 * other end of the arc is where the closed door meets the far jamb, so the
 * hinge→far-jamb chord is the opening on the wall's face; the jamb drawn at
 * the hinge gives the wall's thickness, and the same chord across the wall's
 * other face closes the opening for the room behind.
 */
import type { Point, Segment } from './planar-graph';

export interface Arc {
  center: Point;
  radius: number;
  start: Point;
  end: Point;
  /** Swept angle in radians (0..2π). */
  sweep: number;
  /** The caller's id of the drawing the arc belongs to. */
  owner: number;
}

export interface OwnedSegment extends Segment {
  owner: number;
}

export interface Door {
  hinge: Point;
  /** The end of the swing where the door closes: the far side of the opening. */
  closedAt: Point;
  /** The tip of the leaf drawn open. */
  openAt: Point;
  radius: number;
  /** The arc's drawing and the leaf's drawing (the same when drawn as one path). */
  owners: number[];
  /** Segments that close the opening: on the swing side's wall face and, when the jamb shows it, on the other. */
  closures: Array<[Point, Point]>;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The circle a cubic Bézier follows, when it is a circular arc: the centre is
 * where the normals at its ends meet, and its middle lies on the same circle.
 */
export function arcOfBezier(p0: Point, c1: Point, c2: Point, p3: Point, owner: number): Arc | undefined {
  const t0 = { x: c1.x - p0.x, y: c1.y - p0.y };
  const t1 = { x: p3.x - c2.x, y: p3.y - c2.y };
  // (C - p0)·t0 = 0 and (C - p3)·t1 = 0.
  const det = t0.x * t1.y - t0.y * t1.x;
  if (Math.abs(det) < 1e-9 * Math.hypot(t0.x, t0.y) * Math.hypot(t1.x, t1.y) || det === 0) return undefined;
  const r0 = p0.x * t0.x + p0.y * t0.y;
  const r1 = p3.x * t1.x + p3.y * t1.y;
  const center = { x: (r0 * t1.y - r1 * t0.y) / det, y: (t0.x * r1 - t1.x * r0) / det };
  const radius = dist(center, p0);
  if (!(radius > 0) || Math.abs(dist(center, p3) - radius) > radius * 0.02) return undefined;
  const mid = {
    x: 0.125 * p0.x + 0.375 * c1.x + 0.375 * c2.x + 0.125 * p3.x,
    y: 0.125 * p0.y + 0.375 * c1.y + 0.375 * c2.y + 0.125 * p3.y,
  };
  if (Math.abs(dist(center, mid) - radius) > radius * 0.02) return undefined;
  const a0 = Math.atan2(p0.y - center.y, p0.x - center.x);
  const a3 = Math.atan2(p3.y - center.y, p3.x - center.x);
  let sweep = Math.abs(a3 - a0);
  if (sweep > Math.PI) sweep = 2 * Math.PI - sweep;
  return { center, radius, start: p0, end: p3, sweep, owner };
}

/** Joins arcs of one drawing that continue each other on the same circle (a quarter circle in two Béziers). */
export function mergeArcs(arcs: Arc[]): Arc[] {
  const merged: Arc[] = [];
  for (const arc of arcs) {
    const last = merged[merged.length - 1];
    if (
      last &&
      last.owner === arc.owner &&
      dist(last.center, arc.center) <= last.radius * 0.02 &&
      Math.abs(last.radius - arc.radius) <= last.radius * 0.02 &&
      dist(last.end, arc.start) <= last.radius * 0.02
    ) {
      merged[merged.length - 1] = { ...last, end: arc.end, sweep: last.sweep + arc.sweep };
    } else merged.push(arc);
  }
  return merged;
}

/**
 * Doors: arcs of 60°–100° with a leaf from the centre to one end. `radius`
 * limits (in the segments' unit) keep furniture curves and big arcs out.
 */
export function findDoors(
  arcs: readonly Arc[],
  segments: readonly OwnedSegment[],
  options: { minRadius: number; maxRadius: number },
): Door[] {
  // Segments by rounded endpoint, to find leaves and jambs at a hinge quickly.
  const cell = Math.max(options.minRadius / 4, 1e-6);
  const byCell = new Map<number, number[]>();
  const cellKey = (cx: number, cy: number) => cx * 134_217_728 + cy;
  const keyOf = (x: number, y: number) => cellKey(Math.floor(x / cell), Math.floor(y / cell));
  segments.forEach((s, i) => {
    for (const [x, y] of [
      [s.x1, s.y1],
      [s.x2, s.y2],
    ]) {
      const key = keyOf(x, y);
      const list = byCell.get(key);
      if (list) list.push(i);
      else byCell.set(key, [i]);
    }
  });
  const near = (p: Point, reach: number): Array<{ s: OwnedSegment; here: Point; there: Point }> => {
    const found: Array<{ s: OwnedSegment; here: Point; there: Point }> = [];
    const seen = new Set<number>();
    const cx = Math.floor(p.x / cell);
    const cy = Math.floor(p.y / cell);
    const span = Math.ceil(reach / cell);
    for (let ix = cx - span; ix <= cx + span; ix++) {
      for (let iy = cy - span; iy <= cy + span; iy++) {
        for (const i of byCell.get(cellKey(ix, iy)) ?? []) {
          if (seen.has(i)) continue;
          seen.add(i);
          const s = segments[i];
          const a = { x: s.x1, y: s.y1 };
          const b = { x: s.x2, y: s.y2 };
          if (dist(a, p) <= reach) found.push({ s, here: a, there: b });
          else if (dist(b, p) <= reach) found.push({ s, here: b, there: a });
        }
      }
    }
    return found;
  };

  const doors: Door[] = [];
  for (const arc of arcs) {
    if (arc.radius < options.minRadius || arc.radius > options.maxRadius) continue;
    if (arc.sweep < (60 * Math.PI) / 180 || arc.sweep > (100 * Math.PI) / 180) continue;
    const reach = arc.radius * 0.08;
    let leaf: { owner: number; open: Point; closed: Point } | undefined;
    for (const { s, there } of near(arc.center, reach)) {
      const length = dist(arc.center, there);
      if (length < arc.radius * 0.85 || length > arc.radius * 1.1) continue;
      if (dist(there, arc.start) <= arc.radius * 0.15) leaf = { owner: s.owner, open: arc.start, closed: arc.end };
      else if (dist(there, arc.end) <= arc.radius * 0.15) leaf = { owner: s.owner, open: arc.end, closed: arc.start };
      if (leaf) break;
    }
    if (!leaf) continue;
    const hinge = arc.center;
    const along = unit(hinge, leaf.closed);
    const swing = unit(hinge, leaf.open);
    const closures: Array<[Point, Point]> = [[hinge, leaf.closed]];
    // The jamb: from the hinge (or the far side), square to the opening, away from the swing.
    const thickness = jambLength(near(hinge, reach), hinge, along, swing, arc.radius);
    const farThickness = jambLength(near(leaf.closed, reach), leaf.closed, along, swing, arc.radius);
    const wall = thickness ?? farThickness;
    if (wall) {
      const back = { x: -swing.x * wall, y: -swing.y * wall };
      closures.push([
        { x: hinge.x + back.x, y: hinge.y + back.y },
        { x: leaf.closed.x + back.x, y: leaf.closed.y + back.y },
      ]);
    }
    doors.push({
      hinge,
      closedAt: leaf.closed,
      openAt: leaf.open,
      radius: arc.radius,
      owners: [...new Set([arc.owner, leaf.owner])],
      closures,
    });
  }
  return doors;
}

function unit(from: Point, to: Point): Point {
  const length = dist(from, to) || 1;
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}

function jambLength(
  candidates: Array<{ here: Point; there: Point }>,
  at: Point,
  along: Point,
  swing: Point,
  radius: number,
): number | undefined {
  let best: number | undefined;
  for (const { there } of candidates) {
    const d = { x: there.x - at.x, y: there.y - at.y };
    const length = Math.hypot(d.x, d.y);
    if (length < radius * 0.03 || length > radius * 0.9) continue;
    // Square to the opening (within ~6°) and on the side away from the swing.
    if (Math.abs(d.x * along.x + d.y * along.y) > length * 0.1) continue;
    if (d.x * swing.x + d.y * swing.y > -length * 0.9) continue;
    best = best === undefined ? length : Math.min(best, length);
  }
  return best;
}
