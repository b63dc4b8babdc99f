/**
 * Doors drawn the way finish plans draw them, at 1/8" = 1'-0": a storage room
 * with one 3' door and a soiled utility room with an unequal pair (3' and 2'),
 * both swinging out into a corridor. Each leaf is drawn open, square to the
 * wall, with its quarter swing back to the far jamb; and a thinner threshold
 * line (where the floor finish changes under the closed door) runs across
 * each opening from beside the hinge to the swing's closed end: a line of a
 * leaf's length from the hinge to the arc's other end, drawn before the leaf.
 * With `leafless`, the storage room's door is drawn as its swing alone (no
 * leaf, no threshold), between its two jambs; with `leafless: 'threshold'`,
 * as its swing and its threshold, no leaf; with `leaflessPair`, the pair is
 * drawn as its two swings alone, each 1.8" short of the opening's middle
 * (leaves narrower than half the opening), so neither ends on a jamb. With
 * `offOpening`, the door blocks stand a little off their openings, as an
 * AutoCAD house plan's blocks do: each hinged 0.4" inside its jamb, touching
 * nothing, and the single door swinging to 2" short of its far jamb, where a
 * small square stop mark of the door's pen stands free of the wall. With `shortJamb`, the storage room's
 * south face stops 3" short of the single door's east jamb (a trim left open): the room would run on into
 * the walls' thickness through that gap. True areas: STORAGE 110 48 sq ft, SOILED UTILITY 120 63 sq ft,
 * CORRIDOR 100 104.5 sq ft.
 */
import { tagLines, type PdfLine, type PdfPage } from './pdf-fixture-writer';

type Pt = [number, number];

export const DOOR_SHEET_AREAS: Record<string, number> = {
  'STORAGE 110': 48,
  'SOILED UTILITY 120': 63,
  'CORRIDOR 100': 104.5,
};
const FEET_PER_POINT = 1 / 9;
/** A quarter circle's Bézier control distance, as a fraction of its radius. */
const KAPPA = 0.5522847498;

export function doorSheet(
  options: {
    leafless?: boolean | 'threshold';
    leaflessPair?: boolean;
    dashedSwings?: boolean;
    offOpening?: boolean;
    shortJamb?: boolean;
  } = {},
): PdfPage {
  const width = 792;
  const height = 612;
  const x = (ft: number) => +(100 + ft / FEET_PER_POINT).toFixed(4);
  const y = (ft: number) => +(height - (100 + ft / FEET_PER_POINT)).toFixed(4);
  const at = ([px, py]: Pt) => `${x(px)} ${y(py)}`;
  const segment = (a: Pt, b: Pt) => `${at(a)} m ${at(b)} l S`;
  const polyline = (points: string[]) =>
    `${points[0]} m ${points
      .slice(1)
      .map((p) => `${p} l`)
      .join(' ')} S`;
  // Walls 6" thick. Inner faces: storage 0.5..8.5 × 0.5..6.5, soiled utility 9..19.5 × 0.5..6.5,
  // corridor 0.5..19.5 × 7..12.5. Openings in the wall y = 6.5..7: 2'..5' (one door), 11'..16' (a pair).
  // Each wall face a line of its own, as CAD exports write them: [x1, y1, x2, y2] in feet.
  const walls: Array<[number, number, number, number]> = [
    // The outer faces.
    [0, 0, 20, 0],
    [20, 0, 20, 13],
    [20, 13, 0, 13],
    [0, 13, 0, 0],
    // Storage.
    [0.5, 0.5, 8.5, 0.5],
    [8.5, 0.5, 8.5, 6.5],
    [0.5, 0.5, 0.5, 6.5],
    [0.5, 6.5, 2, 6.5],
    [options.shortJamb ? 5.25 : 5, 6.5, 8.5, 6.5],
    // Soiled utility.
    [9, 0.5, 19.5, 0.5],
    [9, 0.5, 9, 6.5],
    [19.5, 0.5, 19.5, 6.5],
    [9, 6.5, 11, 6.5],
    [16, 6.5, 19.5, 6.5],
    // Corridor.
    [0.5, 7, 2, 7],
    [5, 7, 11, 7],
    [16, 7, 19.5, 7],
    [19.5, 7, 19.5, 12.5],
    [19.5, 12.5, 0.5, 12.5],
    [0.5, 12.5, 0.5, 7],
    // The jambs.
    [2, 6.5, 2, 7],
    [5, 6.5, 5, 7],
    [11, 6.5, 11, 7],
    [16, 6.5, 16, 7],
  ];
  const ops = ['q 0.84 w 0 0 0 RG', ...walls.map(([x1, y1, x2, y2]) => segment([x1, y1], [x2, y2])), 'Q'];
  // Doors: hinge and closed end on the corridor's face (y = 7), the leaf open into the corridor.
  const single = options.leafless;
  const pair = options.leaflessPair;
  // Off its opening, a hinge stands 0.4" inside its jamb and the single door closes 2" short of its far jamb.
  const hingeOff = options.offOpening ? 0.4 / 12 : 0;
  const strikeOff = options.offOpening ? 2 / 12 : 0;
  const doors: Array<{ hinge: Pt; closed: Pt; leaf: boolean; threshold: boolean }> = [
    {
      hinge: [2 + hingeOff, 7],
      closed: [5 - strikeOff, 7],
      leaf: !single,
      threshold: !single || single === 'threshold',
    },
    { hinge: [11 + hingeOff, 7], closed: [pair ? 13.85 : 14, 7], leaf: !pair, threshold: !pair },
    { hinge: [16 - hingeOff, 7], closed: [pair ? 14.15 : 14, 7], leaf: !pair, threshold: !pair },
  ];
  // Thresholds first, 1.8" inside the swing face, from the hinge's line to the closed end's.
  ops.push('q 0.36 w 0 0 0 RG');
  for (const { hinge, closed, threshold } of doors)
    if (threshold) ops.push(segment([hinge[0], hinge[1] - 0.15], [closed[0], closed[1] - 0.15]));
  ops.push('Q', 'q 0.24 w 0 0 0 RG');
  for (const { hinge, closed, leaf } of doors) {
    const radius = Math.abs(closed[0] - hinge[0]);
    const open: Pt = [hinge[0], hinge[1] + radius];
    if (leaf) ops.push(segment(hinge, open));
    // The swing from the open leaf's tip to the closed end: tangents square to each radius.
    const c1: Pt = [open[0] + KAPPA * (closed[0] - hinge[0]), open[1] + KAPPA * (closed[1] - hinge[1])];
    const c2: Pt = [closed[0] + KAPPA * (open[0] - hinge[0]), closed[1] + KAPPA * (open[1] - hinge[1])];
    if (options.dashedSwings) ops.push(...swingDashes(hinge, open, closed).map((dash) => polyline(dash.map(at))));
    else ops.push(`${at(open)} m ${at(c1)} ${at(c2)} ${at(closed)} c S`);
  }
  // The single door's stop mark: 1.2" square, from its closed end into the opening's depth.
  if (options.offOpening) {
    const [cx, cy] = doors[0].closed;
    ops.push(`${at([cx, cy])} m ${at([cx + 0.1, cy])} l ${at([cx + 0.1, cy - 0.1])} l ${at([cx, cy - 0.1])} l h S`);
  }
  ops.push('Q');
  const size = 6;
  const text: PdfLine[] = [];
  const tag = (texts: string[], where: Pt) => text.push(...tagLines(texts, [x(where[0]), y(where[1])], size));
  tag(['STORAGE', '110'], [4.5, 3]);
  tag(['SOILED UTILITY', '120'], [14.25, 3]);
  tag(['CORRIDOR', '100'], [8, 10.5]);
  text.push({ text: 'FIRST FLOOR FINISH PLAN', x: 60, y: 40, size: 12 });
  text.push({ text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines: text, graphics: ops.join('\n'), width, height };
}

/**
 * A quarter swing from `open` to `closed` round `hinge` as AutoCAD plots a dashed linetype: each dash (9°, three
 * points on the circle) a path of its own, 6° apart, the first and last dash at the swing's ends.
 */
function swingDashes(hinge: Pt, open: Pt, closed: Pt): Pt[][] {
  const radius = Math.hypot(open[0] - hinge[0], open[1] - hinge[1]);
  const from = Math.atan2(open[1] - hinge[1], open[0] - hinge[0]);
  let to = Math.atan2(closed[1] - hinge[1], closed[0] - hinge[0]);
  if (to - from > Math.PI) to -= 2 * Math.PI;
  if (from - to > Math.PI) to += 2 * Math.PI;
  const dash = (9 * Math.PI) / 180;
  const gap = (Math.abs(to - from) - 6 * dash) / 5;
  const sign = Math.sign(to - from);
  const on = (angle: number): Pt => [hinge[0] + radius * Math.cos(angle), hinge[1] + radius * Math.sin(angle)];
  return Array.from({ length: 6 }, (_, k) => {
    const start = from + sign * k * (dash + gap);
    return [0, 0.5, 1].map((t) => on(start + sign * dash * t));
  });
}
