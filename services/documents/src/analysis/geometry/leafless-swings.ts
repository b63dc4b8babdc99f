/**
 * Door swings drawn without their leaves (the leaf left on a layer not
 * printed, or never drawn): the jambs the swing runs between tell where the
 * door closes. A single swing runs from its hinge jamb to the strike jamb in
 * line with it; the two swings of a pair meet each other between their hinge
 * jambs.
 */
import type { Arc, OwnedSegment } from './doors';
import type { Point } from './planar-graph';

/** A door's leaf as read: the swing's end where it stands open and the end where it closes. */
export interface Leaf {
  owner: number;
  open: Point;
  closed: Point;
  dashed: boolean;
}

type Near = (p: Point, reach: number) => Array<{ s: OwnedSegment; here: Point; there: Point }>;

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Whether `at` is a wall end facing `across` (the other side of an opening): a
 * line ends there square to the opening (a jamb) or running on along it away
 * from the opening (a wall's face). The lines of the drawings in `own` (the
 * swings themselves) do not count.
 */
function wallEnd(at: Point, across: Point, own: ReadonlySet<number>, near: Near, reach: number): boolean {
  const along = unit(at, across);
  return near(at, reach).some(({ s, there }) => {
    if (own.has(s.owner)) return false;
    const d = { x: there.x - at.x, y: there.y - at.y };
    const length = Math.hypot(d.x, d.y);
    if (length < reach) return false;
    const dot = (d.x * along.x + d.y * along.y) / length;
    return Math.abs(dot) <= 0.1 || dot <= -0.995;
  });
}

const ownersOf = (arc: Arc) => [arc.owner, ...(arc.owners ?? [])];

/**
 * A quarter swing between two jambs: the arc is centred on a wall end, the
 * hinge jamb, and one of its ends lies on another wall end in line with the
 * hinge, the strike jamb, while the other end is free. The opening runs
 * between the two jambs; the door stands open towards the free end.
 */
export function swingBetweenJambs(arc: Arc, near: Near, reach: number): Leaf | undefined {
  const own = new Set(ownersOf(arc));
  const startJamb = wallEnd(arc.start, arc.center, own, near, reach);
  const endJamb = wallEnd(arc.end, arc.center, own, near, reach);
  if (startJamb === endJamb) return undefined;
  const [closed, open] = startJamb ? [arc.start, arc.end] : [arc.end, arc.start];
  if (!wallEnd(arc.center, closed, own, near, reach)) return undefined;
  return { owner: arc.owner, open, closed, dashed: false };
}

/**
 * The pairs among quarter swings drawn alone: two swings centred on wall ends
 * (the jambs) that face each other across one opening, an end of each lying
 * on the line between the hinges, between them, the two ends a third of a
 * leaf apart at most (leaves of a pair may be unequal, or narrower than half
 * the opening), and their other ends free on one side of that line: the
 * doors stand open to the same side. Each closes from its hinge to its end
 * on the line; the double-door rule closes the gap between those ends.
 */
export function leaflessPairs(arcs: readonly Arc[], near: Near): Array<{ arc: Arc; leaf: Leaf }> {
  const pairs: Array<{ arc: Arc; leaf: Leaf }> = [];
  if (arcs.length < 2) return pairs;
  // The arcs by the cell of each end, for finding swings whose ends meet without comparing every pair.
  const cell = Math.max(...arcs.map((a) => a.radius)) * 0.35;
  const cellKey = (cx: number, cy: number) => cx * 134_217_728 + cy;
  const byCell = new Map<number, number[]>();
  arcs.forEach((arc, i) => {
    for (const p of [arc.start, arc.end]) {
      const key = cellKey(Math.floor(p.x / cell), Math.floor(p.y / cell));
      const list = byCell.get(key);
      if (list) list.push(i);
      else byCell.set(key, [i]);
    }
  });
  const paired = new Set<number>();
  arcs.forEach((a, i) => {
    for (const [meetA, freeA] of [
      [a.start, a.end],
      [a.end, a.start],
    ]) {
      if (paired.has(i)) return;
      const cx = Math.floor(meetA.x / cell);
      const cy = Math.floor(meetA.y / cell);
      for (let ix = cx - 1; ix <= cx + 1 && !paired.has(i); ix++)
        for (let iy = cy - 1; iy <= cy + 1 && !paired.has(i); iy++)
          for (const j of byCell.get(cellKey(ix, iy)) ?? []) {
            if (j <= i || paired.has(j)) continue;
            const b = arcs[j];
            const leaves = pairOf(a, meetA, freeA, b, near);
            if (!leaves) continue;
            pairs.push({ arc: a, leaf: leaves[0] }, { arc: b, leaf: leaves[1] });
            paired.add(i).add(j);
            break;
          }
    }
  });
  return pairs;
}

/** The two leaves, when swing `b` meets swing `a`'s end `meetA` as the other half of a pair. */
function pairOf(a: Arc, meetA: Point, freeA: Point, b: Arc, near: Near): [Leaf, Leaf] | undefined {
  const r = Math.min(a.radius, b.radius);
  const [meetB, freeB] = dist(meetA, b.start) <= dist(meetA, b.end) ? [b.start, b.end] : [b.end, b.start];
  if (dist(meetA, meetB) > r * 0.35) return undefined;
  const span = dist(a.center, b.center);
  const line = unit(a.center, b.center);
  const at = (p: Point) => (p.x - a.center.x) * line.x + (p.y - a.center.y) * line.y;
  const side = (p: Point) => (p.x - a.center.x) * line.y - (p.y - a.center.y) * line.x;
  // Both meeting ends on the line between the hinges, a's nearer a's hinge, the leaves' lengths apart.
  if (Math.abs(side(meetA)) > r * 0.05 || Math.abs(side(meetB)) > r * 0.05) return undefined;
  if (!(at(meetA) > 0 && at(meetA) <= at(meetB) + r * 0.05 && at(meetB) < span)) return undefined;
  if (Math.abs(span - a.radius - b.radius - (at(meetB) - at(meetA))) > r * 0.05) return undefined;
  // Open to the same side.
  if (side(freeA) * side(freeB) <= 0) return undefined;
  const own = new Set([...ownersOf(a), ...ownersOf(b)]);
  const reach = r * 0.08;
  if (!wallEnd(a.center, meetA, own, near, reach) || !wallEnd(b.center, meetB, own, near, reach)) return undefined;
  return [
    { owner: a.owner, open: freeA, closed: meetA, dashed: false },
    { owner: b.owner, open: freeB, closed: meetB, dashed: false },
  ];
}

function unit(from: Point, to: Point): Point {
  const length = dist(from, to) || 1;
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}
