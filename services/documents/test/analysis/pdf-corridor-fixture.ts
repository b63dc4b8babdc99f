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
 */
import type { PdfLine, PdfPage } from './pdf-fixture-writer';

type Pt = [number, number];

export const CORRIDOR_AREAS = {
  dimensioned: { 'CORRIDOR C-1': 240 },
  zones: { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 },
} as const;
const FEET_PER_POINT = 1 / 9;
const SIZE = 8;

export function corridorSheet(kind: keyof typeof CORRIDOR_AREAS): PdfPage {
  const width = 792;
  const height = 612;
  const origin: Pt = [100, 100];
  const x = (ft: number) => +(origin[0] + ft / FEET_PER_POINT).toFixed(4);
  const y = (ft: number) => +(height - (origin[1] + ft / FEET_PER_POINT)).toFixed(4);
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
  const lineFeet = SIZE * 1.2 * FEET_PER_POINT;

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
    const baseline = 3 - 2 * FEET_PER_POINT;
    text(`40'-0"`, [20.5, baseline]);
    const numberCentre = 20.5 - (textWidth(`40'-0"`) / 2 + SIZE * 1.5 + textWidth('C-1') / 2) * FEET_PER_POINT;
    text('CORRIDOR', [numberCentre, baseline - lineFeet]);
    text('C-1', [numberCentre, baseline]);
    text('240 SF', [numberCentre, baseline + lineFeet]);
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
  lines.push({ text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines, graphics: ops.join('\n'), width, height };
}
