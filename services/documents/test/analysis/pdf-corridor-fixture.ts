/**
 * Corridors at 1/8" = 1'-0" as finish plans draw them, for the rules that keep
 * annotation out of the walls and divide a space between the names it holds.
 *
 * - `dimensioned`: a 40' × 6' corridor with its length dimensioned down its
 *   middle (a thin line wall face to wall face, with ticks), the dimension
 *   string written on the baseline of the tag's number line. True area 240.
 * - `zones`: an L-shaped corridor, two zones with a name each and no line drawn
 *   between them; a wall stub on the outer wall points across the junction at
 *   the inner corner's wall end. True areas: C-1 (the 30' × 6' leg) 180, C-2
 *   (the 6' × 24' leg) 144.
 * - `doubleDoors`: a 7' × 28' corridor opening into a wider hall (no name) through
 *   a pair of doors held open flat against the hall's wall: each swing drawn
 *   solid to the open leaf and dashed on to where the leaf closes, the closed
 *   leaves dashed, and the leaves 3'-3" each, so their closed ends stop 6" apart
 *   in the 7' opening. True area 196.
 * - `uprightDimension`: an 8' × 40' corridor running up the sheet, its length
 *   dimensioned by a plumb line 1'-6" from its west wall (wall face to wall
 *   face, with ticks), the string written upright beside it. True area 320.
 * - `metricDimensions`: the same corridor on a metric sheet at 1:100,
 *   dimensioned in millimetres: its length "12,192" with a thousands comma, as
 *   ArchiCAD writes them, upright by the plumb line, and its width written bare,
 *   "2438", on a chain across it at 30' (wall, width, wall: one thin polyline,
 *   ticked), the walls' "152" on the same baseline. True area 320.
 */
import type { PdfLine, PdfPage } from './pdf-fixture-writer';

type Pt = [number, number];

export const CORRIDOR_AREAS = {
  dimensioned: { 'CORRIDOR C-1': 240 },
  zones: { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 },
  doubleDoors: { 'CORRIDOR C-1': 196 },
  uprightDimension: { 'CORRIDOR C-1': 320 },
  metricDimensions: { 'CORRIDOR C-1': 320 },
} as const;
const FEET_PER_POINT = 1 / 9;
/** 1:100. */
const METRIC_FEET_PER_POINT = 100 / 864;
const SIZE = 8;

export function corridorSheet(kind: keyof typeof CORRIDOR_AREAS): PdfPage {
  const width = 792;
  const height = 612;
  const origin: Pt = [100, 100];
  const feetPerPoint = kind === 'metricDimensions' ? METRIC_FEET_PER_POINT : FEET_PER_POINT;
  const x = (ft: number) => +(origin[0] + ft / feetPerPoint).toFixed(4);
  const y = (ft: number) => +(height - (origin[1] + ft / feetPerPoint)).toFixed(4);
  const segment = (a: Pt, b: Pt) => `${x(a[0])} ${y(a[1])} m ${x(b[0])} ${y(b[1])} l S`;
  const polyline = (points: Pt[]) =>
    points
      .slice(1)
      .map((p, i) => segment(points[i], p))
      .join('\n');
  const ops: string[] = [];
  const lines: PdfLine[] = [];
  const textWidth = (text: string) => text.length * SIZE * 0.55;
  /** Text centred on `at` (feet), its baseline `at[1]` (feet grow down the page, as the walls' y). */
  const text = (value: string, at: Pt) =>
    lines.push({ text: value, x: +(x(at[0]) - textWidth(value) / 2).toFixed(2), y: y(at[1]), size: SIZE });
  const lineFeet = SIZE * 1.2 * feetPerPoint;

  if (kind === 'dimensioned') {
    // Walls 6" thick, each face a line of its own; inner faces 0.5..40.5 × 0.5..6.5.
    ops.push(
      'q 0.84 w 0 0 0 RG',
      polyline([
        [0, 0],
        [41, 0],
        [41, 7],
        [0, 7],
        [0, 0],
      ]),
      polyline([
        [0.5, 0.5],
        [40.5, 0.5],
        [40.5, 6.5],
        [0.5, 6.5],
        [0.5, 0.5],
      ]),
      'Q',
    );
    // The dimension line at 3', wall face to wall face, thin, with a tick at each end.
    ops.push(
      'q 0.24 w 0 0 0 RG',
      segment([0.5, 3], [40.5, 3]),
      segment([0.2, 2.7], [0.8, 3.3]),
      segment([40.2, 2.7], [40.8, 3.3]),
      'Q',
    );
    // Its string just above the middle of the line; the tag's number on the same baseline, 1.5 text heights
    // to its left.
    const baseline = 3 - 2 * feetPerPoint;
    text(`40'-0"`, [20.5, baseline]);
    const numberCentre = 20.5 - (textWidth(`40'-0"`) / 2 + SIZE * 1.5 + textWidth('C-1') / 2) * feetPerPoint;
    text('CORRIDOR', [numberCentre, baseline - lineFeet]);
    text('C-1', [numberCentre, baseline]);
    text('240 SF', [numberCentre, baseline + lineFeet]);
  } else if (kind === 'uprightDimension' || kind === 'metricDimensions') {
    // Inner faces 0.5..8.5 × 0.5..40.5, walls 6" thick.
    ops.push(
      'q 0.84 w 0 0 0 RG',
      polyline([
        [0, 0],
        [9, 0],
        [9, 41],
        [0, 41],
        [0, 0],
      ]),
      polyline([
        [0.5, 0.5],
        [8.5, 0.5],
        [8.5, 40.5],
        [0.5, 40.5],
        [0.5, 0.5],
      ]),
      'Q',
      // The plumb dimension line at x = 2', wall face to wall face, with a tick at each end.
      'q 0.24 w 0 0 0 RG',
      segment([2, 0.5], [2, 40.5]),
      segment([1.7, 0.2], [2.3, 0.8]),
      segment([1.7, 40.2], [2.3, 40.8]),
      'Q',
    );
    // Its string written up the sheet (rotated a quarter turn), the letters' feet 2 pt from the line, centred
    // on it (Helvetica's widths: 4 0 ' - 0 " are 556 556 191 333 556 355 thousandths; digits 556, the comma 278).
    const metric = kind === 'metricDimensions';
    const label = metric ? '12,192' : `40'-0"`;
    const labelWidth = ((metric ? 3058 : 2547) / 1000) * SIZE;
    ops.push(`BT /F1 ${SIZE} Tf 0 1 -1 0 ${x(2) - 2} ${+(y(20.5) - labelWidth / 2).toFixed(2)} Tm (${label}) Tj ET`);
    if (metric) {
      // The chain across at 30': 152 mm of wall, the corridor's 2438, the other wall's 152, one polyline, a
      // tick at each joint; its strings on one baseline 2 pt above it, each centred on its piece.
      const ticks = [0, 0.5, 8.5, 9].map((at) => segment([at - 0.3, 30.3], [at + 0.3, 29.7]));
      const chain = `${x(0)} ${y(30)} m ${x(0.5)} ${y(30)} l ${x(8.5)} ${y(30)} l ${x(9)} ${y(30)} l S`;
      ops.push('q 0.24 w 0 0 0 RG', chain, ...ticks, 'Q');
      const baseline = 30 - 2 * feetPerPoint;
      text('152', [0.25, baseline]);
      text('2438', [4.5, baseline]);
      text('152', [8.75, baseline]);
    }
    text('CORRIDOR', [5.5, 18]);
    text('C-1', [5.5, 18 + lineFeet]);
    text('320 SF', [5.5, 18 + 2 * lineFeet]);
  } else if (kind === 'doubleDoors') {
    // The hall 15' × 12' (inner faces -3.5..11.5 × 0.5..12.5) and the corridor 0.5..7.5 × 12.5..40.5 below it,
    // open to each other between (0.5, 12.5) and (7.5, 12.5); walls 6" thick.
    ops.push(
      'q 0.84 w 0 0 0 RG',
      polyline([
        [-4, 0],
        [12, 0],
        [12, 13],
        [8, 13],
        [8, 41],
        [0, 41],
        [0, 13],
        [-4, 13],
        [-4, 0],
      ]),
      polyline([
        [-3.5, 0.5],
        [11.5, 0.5],
        [11.5, 12.5],
        [7.5, 12.5],
        [7.5, 40.5],
        [0.5, 40.5],
        [0.5, 12.5],
        [-3.5, 12.5],
        [-3.5, 0.5],
      ]),
      'Q',
    );
    // The arc of the circle round `c` (feet, y down) from angle a0 to a1 (degrees, a quarter turn at most).
    const arc = (c: Pt, r: number, a0: number, a1: number) => {
      const [t0, t1] = [(a0 * Math.PI) / 180, (a1 * Math.PI) / 180];
      const k = (4 / 3) * Math.tan((t1 - t0) / 4) * r;
      const p0: Pt = [c[0] + r * Math.cos(t0), c[1] + r * Math.sin(t0)];
      const p3: Pt = [c[0] + r * Math.cos(t1), c[1] + r * Math.sin(t1)];
      const c1: Pt = [p0[0] - k * Math.sin(t0), p0[1] + k * Math.cos(t0)];
      const c2: Pt = [p3[0] + k * Math.sin(t1), p3[1] - k * Math.cos(t1)];
      return `${x(p0[0])} ${y(p0[1])} m ${x(c1[0])} ${y(c1[1])} ${x(c2[0])} ${y(c2[1])} ${x(p3[0])} ${y(p3[1])} c S`;
    };
    // A leaf 2" thick along y = 12.5 on the hall's side, from x0 to x1 (a rectangle: PDF y grows up the page).
    const leaf = (x0: number, x1: number) =>
      `${x(Math.min(x0, x1))} ${y(12.5)} ${+(Math.abs(x1 - x0) / feetPerPoint).toFixed(4)} ${+(2 / 12 / feetPerPoint).toFixed(4)} re S`;
    const r = 3.25;
    ops.push(
      // Solid: the leaves standing open against the hall's wall, and their swings up to square to the wall.
      'q 0.24 w 0 0 0 RG',
      leaf(0.5 - r, 0.5),
      leaf(7.5, 7.5 + r),
      arc([0.5, 12.5], r, 180, 270),
      arc([7.5, 12.5], r, 0, -90),
      'Q',
      // Dashed: the swings on to where the leaves close, and the leaves closed.
      'q 0.24 w [3 2] 0 d 0 0 0 RG',
      arc([0.5, 12.5], r, 270, 360),
      arc([7.5, 12.5], r, -90, -180),
      leaf(0.5, 0.5 + r),
      leaf(7.5 - r, 7.5),
      'Q',
    );
    text('CORRIDOR', [4, 25]);
    text('C-1', [4, 25 + lineFeet]);
    text('196 SF', [4, 25 + 2 * lineFeet]);
  } else {
    // Inner faces: the leg 0.5..30.5 × 0.5..6.5 and the leg 24.5..30.5 × 6.5..30.5; outer faces 6" beyond.
    ops.push(
      'q 0.84 w 0 0 0 RG',
      polyline([
        [0, 0],
        [31, 0],
        [31, 31],
        [24, 31],
        [24, 7],
        [0, 7],
        [0, 0],
      ]),
      polyline([
        [0.5, 0.5],
        [30.5, 0.5],
        [30.5, 30.5],
        [24.5, 30.5],
        [24.5, 6.5],
        [0.5, 6.5],
        [0.5, 0.5],
      ]),
      // A stub on the outer wall, 1' into the space, in line with the inner wall.
      segment([30.5, 6.5], [29.5, 6.5]),
      'Q',
    );
    text('CORRIDOR', [10, 4]);
    text('C-1', [10, 4 + lineFeet]);
    text('180 SF', [10, 4 + 2 * lineFeet]);
    text('CORRIDOR', [27.5, 20]);
    text('C-2', [27.5, 20 + lineFeet]);
    text('144 SF', [27.5, 20 + 2 * lineFeet]);
  }
  lines.push({ text: 'FIRST FLOOR FINISH PLAN', x: 60, y: 40, size: 12 });
  lines.push({ text: kind === 'metricDimensions' ? 'SCALE 1:100' : `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines, graphics: ops.join('\n'), width, height };
}
