/**
 * Doors drawn as pairs and doors drawn wide open. A swing is often drawn in
 * pieces of one circle by different pens (solid to where the door stands open,
 * dashed beyond it, for doors held open against the wall): the pieces are one
 * swing. The two leaves of a double door close the opening between them, even
 * where their closed ends stop short of each other.
 */
import type { Arc, Door } from './doors';
import type { Point } from './planar-graph';
import { lowerBound } from './lower-bound';

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Pieces of one swing add up to a half turn at most (a door opened flat against the wall). */
const MAX_JOINED_SWEEP = (200 * Math.PI) / 180;

/**
 * Arcs of one circle drawn apart that continue each other end to end, joined
 * into one arc of their whole sweep (up to a half turn); other arcs as given.
 */
export function joinContinuingArcs(arcs: readonly Arc[]): Arc[] {
  if (arcs.length < 2) return [...arcs];
  // By the centre's x, for finding the arcs of the same circle without comparing every pair.
  const order = arcs.map((_, i) => i).sort((a, b) => arcs[a].center.x - arcs[b].center.x);
  const xs = order.map((i) => arcs[i].center.x);
  const sameCircle = (a: Arc, b: Arc) =>
    dist(a.center, b.center) <= Math.min(a.radius, b.radius) * 0.02 &&
    Math.abs(a.radius - b.radius) <= Math.min(a.radius, b.radius) * 0.02;
  // For each arc, the arc continuing it at its start (0) and at its end (1), with the end of that arc met.
  const next: Array<[number, number]> = arcs.map(() => [-1, -1]);
  const meetsAt = (a: Arc, end: 0 | 1, b: Arc): 0 | 1 | undefined => {
    const p = end === 0 ? a.start : a.end;
    const reach = a.radius * 0.02;
    if (dist(p, b.start) <= reach) return 0;
    if (dist(p, b.end) <= reach) return 1;
    return undefined;
  };
  arcs.forEach((a, i) => {
    for (
      let k = lowerBound(xs, a.center.x - a.radius * 0.02);
      k < order.length && xs[k] <= a.center.x + a.radius * 0.02;
      k++
    ) {
      const j = order[k];
      if (j === i || !sameCircle(a, arcs[j])) continue;
      for (const end of [0, 1] as const) {
        if (next[i][end] >= 0) continue;
        const other = meetsAt(a, end, arcs[j]);
        // The other arc's end must be free too, and the two must lie on either side of the point they share.
        if (other === undefined || next[j][other] >= 0) continue;
        const shared = end === 0 ? a.start : a.end;
        const away = (arc: Arc, from: Point) => ({ x: arc.center.x - from.x, y: arc.center.y - from.y });
        if (!onOppositeSides(a, arcs[j], shared, away(a, shared))) continue;
        next[i][end] = j;
        next[j][other] = i;
      }
    }
  });
  const used = new Uint8Array(arcs.length);
  const joined: Arc[] = [];
  arcs.forEach((arc, i) => {
    if (used[i]) return;
    if (next[i][0] < 0 && next[i][1] < 0) {
      used[i] = 1;
      joined.push(arc);
      return;
    }
    // Start a chain at an arc with a free end; an arc in a closed ring of pieces (a full circle) has none.
    if (next[i][0] >= 0 && next[i][1] >= 0) return;
    const chain: number[] = [i];
    let current = i;
    let from = next[i][0] >= 0 ? 0 : 1;
    for (;;) {
      const j = next[current][from];
      if (j < 0 || used[j] || chain.includes(j)) break;
      chain.push(j);
      from = next[j][0] === current ? 1 : 0;
      current = j;
    }
    for (const k of chain) used[k] = 1;
    const sweep = chain.reduce((total, k) => total + arcs[k].sweep, 0);
    if (sweep > MAX_JOINED_SWEEP) {
      for (const k of chain) joined.push(arcs[k]);
      return;
    }
    const first = arcs[chain[0]];
    const last = arcs[chain[chain.length - 1]];
    const firstFree = next[chain[0]][0] < 0 ? first.start : first.end;
    const lastFree = next[chain[chain.length - 1]][0] < 0 ? last.start : last.end;
    const owners = chain.flatMap((k) => [arcs[k].owner, ...(arcs[k].owners ?? [])]);
    joined.push({
      center: first.center,
      radius: first.radius,
      start: firstFree,
      end: lastFree,
      sweep,
      owner: first.owner,
      owners: [...new Set(owners)],
      // Where the first two pieces meet: on the arc, between its ends.
      mid: next[chain[0]][0] === chain[1] ? first.start : first.end,
    });
  });
  // Arcs of closed rings were never started from: kept as they are.
  arcs.forEach((arc, i) => {
    if (!used[i]) joined.push(arc);
  });
  return joined;
}

/** Two arcs sharing a point continue each other when their middles lie on either side of the radius through it. */
function onOppositeSides(a: Arc, b: Arc, shared: Point, toCentre: Point): boolean {
  const side = (arc: Arc) => {
    const m = arc.mid ?? midOf(arc);
    return (m.x - shared.x) * toCentre.y - (m.y - shared.y) * toCentre.x;
  };
  return side(a) * side(b) < 0;
}

function midOf(arc: Arc): Point {
  // The ends' midpoint pushed out to the circle (for arcs under a half turn).
  const m = { x: (arc.start.x + arc.end.x) / 2 - arc.center.x, y: (arc.start.y + arc.end.y) / 2 - arc.center.y };
  const length = Math.hypot(m.x, m.y) || 1;
  return { x: arc.center.x + (m.x / length) * arc.radius, y: arc.center.y + (m.y / length) * arc.radius };
}

/**
 * The leaves of a double door close the opening between them: two doors in
 * line whose closed ends face each other a little apart (leaves drawn narrower
 * than half the opening) get the piece between those ends as a closure, on
 * each wall face both of them close.
 */
export function closeDoubleDoors(doors: Door[]): void {
  for (let i = 0; i < doors.length; i++) {
    const a = doors[i];
    for (let j = i + 1; j < doors.length; j++) {
      const b = doors[j];
      const r = Math.min(a.radius, b.radius);
      const gap = dist(a.closedAt, b.closedAt);
      if (gap > r * 0.35 || gap <= 1e-9 * r) continue;
      const alongA = unit(a.hinge, a.closedAt);
      const alongB = unit(b.hinge, b.closedAt);
      // Facing each other along one line.
      if (alongA.x * alongB.x + alongA.y * alongB.y > -Math.cos((5 * Math.PI) / 180)) continue;
      const off = (p: Point) => Math.abs((p.x - a.hinge.x) * alongA.y - (p.y - a.hinge.y) * alongA.x);
      if (off(b.closedAt) > r * 0.05 || off(b.hinge) > r * 0.05) continue;
      // Between the hinges: the closed ends lie inside the opening, not beyond either hinge.
      const at = (p: Point) => (p.x - a.hinge.x) * alongA.x + (p.y - a.hinge.y) * alongA.y;
      if (!(at(b.closedAt) > 0 && at(b.closedAt) < at(b.hinge))) continue;
      // The other wall face (a door's second closure), where both doors found it at the same offset.
      const backA = a.back;
      const backB = b.back;
      a.closures.push([a.closedAt, b.closedAt]);
      if (backA && backB && Math.abs(dist(backA, a.closedAt) - dist(backB, b.closedAt)) <= r * 0.05)
        a.closures.push([backA, backB]);
    }
  }
}

function unit(from: Point, to: Point): Point {
  const length = dist(from, to) || 1;
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}
