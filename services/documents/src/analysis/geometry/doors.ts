/**
 * Door swings in plan linework: a circular arc of about a quarter turn centred
 * on the hinge, with the leaf drawn from the hinge to one end of the arc. The
 * other end of the arc is where the closed door meets the far jamb, so the
 * hinge→far-jamb chord is the opening on the wall's face; the jamb drawn at
 * the hinge gives the wall's thickness, and the same chord across the wall's
 * other face closes the opening for the room behind.
 */
import type { Point, Segment } from './planar-graph';
import { leaflessPairs, swingBetweenJambs, type Leaf } from './leafless-swings';

export interface Arc {
  center: Point;
  radius: number;
  start: Point;
  end: Point;
  /** Swept angle in radians (0..2π). */
  sweep: number;
  /** The caller's id of the drawing the arc belongs to. */
  owner: number;
  /** Further drawings it is made of (an arc exported as separate line pieces). */
  owners?: number[];
  /** A point on the arc between its ends: the side of its chord it bulges to. */
  mid?: Point;
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
  /** Where the closed door meets the far jamb on the wall's other face, when the jamb shows it. */
  back?: Point;
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
  return { center, radius, start: p0, end: p3, sweep, owner, mid };
}

/** Points a flattened arc has at least. */
const MIN_ARC_POINTS = 5;

/**
 * The circle a polyline follows, when it is an arc flattened into straight
 * pieces (many CAD exports write arcs so): every vertex on the circle through
 * its first, middle and last, turning one way.
 */
export function arcOfPolyline(points: readonly Point[], owner: number): Arc | undefined {
  if (points.length < MIN_ARC_POINTS) return undefined;
  const a = points[0];
  const b = points[points.length >> 1];
  const c = points[points.length - 1];
  const d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
  if (Math.abs(d) < 1e-9) return undefined;
  const a2 = a.x * a.x + a.y * a.y;
  const b2 = b.x * b.x + b.y * b.y;
  const c2 = c.x * c.x + c.y * c.y;
  const center = {
    x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
    y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d,
  };
  const radius = dist(center, a);
  let sweep = 0;
  let previous = Math.atan2(a.y - center.y, a.x - center.x);
  let direction = 0;
  for (const p of points) {
    if (Math.abs(dist(center, p) - radius) > radius * 0.02) return undefined;
    const angle = Math.atan2(p.y - center.y, p.x - center.x);
    let step = angle - previous;
    if (step > Math.PI) step -= 2 * Math.PI;
    if (step < -Math.PI) step += 2 * Math.PI;
    // Each piece turns the same way and by little: a circle's arc, not a zigzag on it.
    if (Math.abs(step) > Math.PI / 6) return undefined;
    if (step !== 0) {
      if (direction !== 0 && Math.sign(step) !== direction) return undefined;
      direction = Math.sign(step);
    }
    sweep += Math.abs(step);
    previous = angle;
  }
  return { center, radius, start: a, end: c, sweep, owner, mid: b };
}

/**
 * Arcs exported as separate short lines, one drawing each: pieces joined end to
 * end where exactly two meet, and the chains that follow a circle.
 */
export function arcsOfLinePieces(segments: readonly OwnedSegment[], tolerance: number, maxPiece: number): Arc[] {
  const cell = Math.max(tolerance, 1e-9);
  // Ends within `tolerance` of each other are one point (exporters leave hairline gaps between an arc's
  // pieces): each end takes the key of the first end found within reach, in its cell or the cells around it.
  const known = new Map<number, Array<{ x: number; y: number; key: number }>>();
  let keys = 0;
  const reach = tolerance * tolerance;
  const keyOf = (x: number, y: number) => {
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const near = known.get((cx + dx) * 134_217_728 + (cy + dy));
        if (near) for (const p of near) if ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y) <= reach) return p.key;
      }
    const key = keys++;
    const here = cx * 134_217_728 + cy;
    const list = known.get(here);
    if (list) list.push({ x, y, key });
    else known.set(here, [{ x, y, key }]);
    return key;
  };
  // Exports often draw the same line twice (or once per overlapping view): one copy of each piece,
  // found among the pieces already at its first end.
  const short: OwnedSegment[] = [];
  // Each kept piece's end cells, worked out once (a sheet has tens of thousands of pieces).
  const startKeys: number[] = [];
  const endKeys: number[] = [];
  const ends = new Map<number, number[]>();
  // The owners of each kept piece's copies.
  const copies: number[][] = [];
  for (const s of segments) {
    if (Math.hypot(s.x2 - s.x1, s.y2 - s.y1) > maxPiece) continue;
    const a = keyOf(s.x1, s.y1);
    const b = keyOf(s.x2, s.y2);
    const atA = ends.get(a);
    const copy = atA?.find((j) => startKeys[j] + endKeys[j] - a === b);
    if (copy !== undefined) {
      // The copy goes with the piece it repeats: a swing's copies are no walls either.
      copies[copy].push(s.owner);
      continue;
    }
    const i = short.length;
    copies.push([]);
    short.push(s);
    startKeys.push(a);
    endKeys.push(b);
    if (atA) atA.push(i);
    else ends.set(a, [i]);
    if (b === a) continue;
    const atB = ends.get(b);
    if (atB) atB.push(i);
    else ends.set(b, [i]);
  }
  const used = new Uint8Array(short.length);
  const arcs: Arc[] = [];
  const other = (i: number, key: number) => {
    const list = ends.get(key)!;
    return list.length === 2 ? (list[0] === i ? list[1] : list[0]) : -1;
  };
  for (let i = 0; i < short.length; i++) {
    if (used[i]) continue;
    used[i] = 1;
    const s = short[i];
    const points: Point[] = [
      { x: s.x1, y: s.y1 },
      { x: s.x2, y: s.y2 },
    ];
    const owners: number[] = [s.owner];
    // The chain's pieces by index, in step with `owners`.
    const pieces: number[] = [i];
    // Grow both ways while the chain continues through points where exactly two pieces meet.
    for (const forward of [true, false]) {
      let current = i;
      // The cell of the chain's tip on this side.
      let tipKey = forward ? endKeys[i] : startKeys[i];
      for (;;) {
        const j = other(current, tipKey);
        if (j < 0 || used[j]) break;
        used[j] = 1;
        const t = short[j];
        const near = startKeys[j] === tipKey;
        const far = near ? { x: t.x2, y: t.y2 } : { x: t.x1, y: t.y1 };
        tipKey = near ? endKeys[j] : startKeys[j];
        if (forward) {
          points.push(far);
          owners.push(t.owner);
          pieces.push(j);
        } else {
          points.unshift(far);
          owners.unshift(t.owner);
          pieces.unshift(j);
        }
        current = j;
      }
    }
    // A chain may run on into a jamb or a wall: split it where it turns sharply, and test each run.
    let runStart = 0;
    for (let k = 1; k < points.length; k++) {
      const sharp = k + 1 < points.length && turn(points[k - 1], points[k], points[k + 1]) > (35 * Math.PI) / 180;
      if (!sharp && k + 1 < points.length) continue;
      // A straight line running on from the arc's end (a jamb in line with the swing's end) turns less
      // than the arc's pieces turn: it is left off.
      const [from, to] = evenlyTurning(points, runStart, k);
      // Fewer points than an arc needs (arcOfPolyline): most pieces are single lines.
      const arc = to + 1 - from >= MIN_ARC_POINTS ? arcOfPolyline(points.slice(from, to + 1), owners[from]) : undefined;
      if (arc)
        arcs.push({
          ...arc,
          owners: [...owners.slice(from, to), ...pieces.slice(from, to).flatMap((j) => copies[j])],
        });
      runStart = k;
    }
  }
  return arcs;
}

/**
 * The stretch of points[from..to] whose pieces turn evenly, as an arc flattened into equal chords does:
 * an end piece turning less than three quarters or more than one and a half times the stretch's middle turn
 * is dropped.
 */
function evenlyTurning(points: readonly Point[], from: number, to: number): [number, number] {
  if (to - from + 1 < MIN_ARC_POINTS) return [from, to];
  const turns: number[] = [];
  for (let k = from + 1; k < to; k++) turns.push(turn(points[k - 1], points[k], points[k + 1]));
  const middle = [...turns].sort((a, b) => a - b)[turns.length >> 1];
  // A tangent line running on from a chord turns by half the chords' turn.
  const uneven = (t: number) => t < middle * 0.75 || t > middle * 1.5;
  let start = from;
  let end = to;
  // turns[k - from - 1] is the turn at point k.
  while (end - start + 1 > MIN_ARC_POINTS && uneven(turns[end - 1 - from - 1])) end--;
  while (end - start + 1 > MIN_ARC_POINTS && uneven(turns[start + 1 - from - 1])) start++;
  return [start, end];
}

/** The angle (0..π) a polyline turns through at b. */
function turn(a: Point, b: Point, c: Point): number {
  const d1 = Math.atan2(b.y - a.y, b.x - a.x);
  const d2 = Math.atan2(c.y - b.y, c.x - b.x);
  let t = Math.abs(d2 - d1);
  if (t > Math.PI) t = 2 * Math.PI - t;
  return t;
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
      merged[merged.length - 1] = { ...last, end: arc.end, sweep: last.sweep + arc.sweep, mid: last.end };
    } else merged.push(arc);
  }
  return merged;
}

/**
 * Doors: arcs of 60°–100° with a leaf from the centre to one end, or of about
 * a half turn (a door swung open flat against the wall, its leaf drawn there)
 * with the leaf at one end and the opening at the other. `radius` limits (in
 * the segments' unit) keep furniture curves and big arcs out; `dashed` tells
 * the drawings stroked dashed, which are a leaf only where no solid line is
 * (a leaf drawn dashed where it closes, solid where it stands).
 */
export function findDoors(
  arcs: readonly Arc[],
  segments: readonly OwnedSegment[],
  options: {
    minRadius: number;
    maxRadius: number;
    dashed?: (owner: number) => boolean;
    /** More lines that may be jambs but never leaves: the outlines of walls drawn as solid fills. */
    jambs?: readonly OwnedSegment[];
  },
): Door[] {
  // Segments by rounded endpoint, to find leaves and jambs at a hinge quickly.
  const cell = Math.max(options.minRadius / 4, 1e-6);
  const near = endpointIndex(segments, cell);
  const jambs = options.jambs?.length ? endpointIndex(options.jambs, cell) : undefined;
  const nearJambs = jambs ? (p: Point, reach: number) => [...near(p, reach), ...jambs(p, reach)] : near;

  const doors: Door[] = [];
  // Quarter swings no leaf or jamb reading explains: maybe one of a leafless pair.
  const unread: Arc[] = [];
  for (const arc of arcs) {
    if (arc.radius < options.minRadius || arc.radius > options.maxRadius) continue;
    const halfTurn = arc.sweep >= HALF_TURN_MIN && arc.sweep <= HALF_TURN_MAX;
    if (!halfTurn && (arc.sweep < (60 * Math.PI) / 180 || arc.sweep > (100 * Math.PI) / 180)) continue;
    const reach = arc.radius * HINGE_REACH;
    let leaf: Leaf | undefined = leafOf(leafCandidates(arc, near(arc.center, reach), options.dashed), arc, near);
    if (!halfTurn) {
      const between = swingBetweenJambs(arc, near, reach);
      // A line from the hinge to the swing's end at the strike jamb, where the other end stands free, lies
      // across the opening: a threshold, or a header, drawn where the leaf is not.
      if (!leaf || (between && dist(between.closed, leaf.open) <= arc.radius * 0.15)) leaf = between;
    }
    if (leaf) doors.push(doorOfSwing(arc, leaf, halfTurn, nearJambs, reach));
    else if (!halfTurn) unread.push(arc);
  }
  // Pairs of swings drawn without leaves meet each other between their jambs.
  for (const { arc, leaf } of leaflessPairs(unread, near))
    doors.push(doorOfSwing(arc, leaf, false, nearJambs, arc.radius * 0.08));
  return doors;
}

type Near = (p: Point, reach: number) => Array<{ s: OwnedSegment; here: Point; there: Point }>;

/** The door a swing and its leaf (or the closed and open ends its jambs tell) make, with its closures. */
function doorOfSwing(arc: Arc, leaf: Leaf, halfTurn: boolean, near: Near, reach: number): Door {
  const hinge = arc.center;
  const along = unit(hinge, leaf.closed);
  // The side the door swings to: its leaf drawn open, or for a half turn (the leaf flat against the wall,
  // in line with the opening) the side the arc bulges to.
  let swing = unit(hinge, leaf.open);
  if (halfTurn) {
    const mid = arc.mid ?? leaf.open;
    const normal = { x: -along.y, y: along.x };
    swing = (mid.x - hinge.x) * normal.x + (mid.y - hinge.y) * normal.y >= 0 ? normal : { x: along.y, y: -along.x };
  }
  const closures: Array<[Point, Point]> = [[hinge, leaf.closed]];
  // The jamb: from the hinge (or the far side), square to the opening, away from the swing.
  const thickness = jambLength(near(hinge, reach), hinge, along, swing, arc.radius);
  const farThickness = jambLength(near(leaf.closed, reach), leaf.closed, along, swing, arc.radius);
  const wall = thickness ?? farThickness;
  let backAt: Point | undefined;
  if (wall) {
    const back = { x: -swing.x * wall, y: -swing.y * wall };
    backAt = { x: leaf.closed.x + back.x, y: leaf.closed.y + back.y };
    closures.push([{ x: hinge.x + back.x, y: hinge.y + back.y }, backAt]);
  }
  const door: Door = {
    hinge,
    closedAt: leaf.closed,
    openAt: leaf.open,
    radius: arc.radius,
    owners: [...new Set([arc.owner, ...(arc.owners ?? []), leaf.owner])],
    closures,
  };
  if (backAt) door.back = backAt;
  return door;
}

interface LeafCandidate {
  owner: number;
  open: Point;
  closed: Point;
  dashed: boolean;
  /** The line's end at the swing's end, and the line. */
  tip: Point;
  segment: OwnedSegment;
  /** How far the line's ends are from the hinge and the swing's end: the door's own lines meet them exactly. */
  gap: number;
}

/**
 * Lines from the hinge to either end of the swing, of about its radius: at
 * each end the one that joins the hinge and that end most closely, a solid line
 * before a dashed one (a leaf drawn dashed where it closes).
 */
function leafCandidates(
  arc: Arc,
  atHinge: Array<{ s: OwnedSegment; here: Point; there: Point }>,
  dashedOwner?: (owner: number) => boolean,
): Array<LeafCandidate | undefined> {
  const atEnds: Array<LeafCandidate | undefined> = [undefined, undefined];
  for (const { s, here, there } of atHinge) {
    const length = dist(arc.center, there);
    if (length < arc.radius * 0.85 || length > arc.radius * 1.1) continue;
    const end = dist(there, arc.start) <= arc.radius * 0.15 ? 0 : dist(there, arc.end) <= arc.radius * 0.15 ? 1 : -1;
    if (end < 0) continue;
    const dashed = dashedOwner?.(s.owner) ?? false;
    const [open, closed] = end === 0 ? [arc.start, arc.end] : [arc.end, arc.start];
    const gap = dist(here, arc.center) + dist(there, open);
    const current = atEnds[end];
    if (current && (dashed !== current.dashed ? dashed : gap >= current.gap)) continue;
    atEnds[end] = { owner: s.owner, open, closed, dashed, tip: there, segment: s, gap };
  }
  return atEnds;
}

/**
 * The leaf among the lines from the hinge to the swing's ends. Where both ends
 * have one (a header or threshold drawn across the opening, hinge to far jamb,
 * besides the leaf standing open): a solid line before a dashed one; then the
 * line across the opening is the one the wall's linework runs straight on from
 * at its far end, the open leaf's tip standing free in the room; else the leaf
 * is the line that joins the hinge and its end most closely (a threshold stops
 * a little short of both).
 */
function leafOf(
  [atStart, atEnd]: Array<LeafCandidate | undefined>,
  arc: Arc,
  near: (p: Point, reach: number) => Array<{ s: OwnedSegment; here: Point; there: Point }>,
): LeafCandidate | undefined {
  if (!atStart || !atEnd) return atStart ?? atEnd;
  if (atStart.dashed !== atEnd.dashed) return atStart.dashed ? atEnd : atStart;
  const runsOn = (c: LeafCandidate) => {
    const along = unit(arc.center, c.tip);
    return near(c.tip, arc.radius * 0.08).some(({ s, there }) => {
      if (s === c.segment) return false;
      const d = { x: there.x - c.tip.x, y: there.y - c.tip.y };
      const ahead = d.x * along.x + d.y * along.y;
      return ahead >= arc.radius * 0.1 && Math.abs(d.x * along.y - d.y * along.x) <= ahead * 0.1;
    });
  };
  const [startRunsOn, endRunsOn] = [runsOn(atStart), runsOn(atEnd)];
  if (startRunsOn !== endRunsOn) return startRunsOn ? atEnd : atStart;
  return atStart.gap <= atEnd.gap ? atStart : atEnd;
}

/**
 * A leaf's hinge end lies this close to its swing's centre, as a share of the swing's radius: hand-drafted and
 * small-scale plans draw the arc a couple of inches off the hinge (a 3' swing centred 3" from its leaf's end).
 */
const HINGE_REACH = 0.1;
/** A swing of about a half turn: the door opened flat against the wall. */
const HALF_TURN_MIN = (160 * Math.PI) / 180;
const HALF_TURN_MAX = (200 * Math.PI) / 180;

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

/** The lines with an end within `reach` of a point (that end first), from a grid of `cell` over their ends. */
function endpointIndex(segments: readonly OwnedSegment[], cell: number): Near {
  const byCell = new Map<number, number[]>();
  const cellKey = (cx: number, cy: number) => cx * 134_217_728 + cy;
  const keyOf = (x: number, y: number) => cellKey(Math.floor(x / cell), Math.floor(y / cell));
  const add = (key: number, i: number) => {
    const list = byCell.get(key);
    if (list) list.push(i);
    else byCell.set(key, [i]);
  };
  segments.forEach((s, i) => {
    add(keyOf(s.x1, s.y1), i);
    add(keyOf(s.x2, s.y2), i);
  });
  return (p: Point, reach: number) => {
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
}
