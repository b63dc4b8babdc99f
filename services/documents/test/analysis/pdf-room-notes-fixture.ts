/**
 * A finish plan at 1/8" = 1'-0" with a room for each note the analysis keeps on rooms to check
 * (RoomNote), for the notes' spec and the viewer's screenshots. A page point is (100 + 9 × ft,
 * 100 + 9 × ft) from the top left, as in pdf-corridor-fixture.ts, whose `zones` corridor it holds:
 *
 * - CORRIDOR C-1 and C-2: the `zones` L-shaped corridor (0..31 × 0..31), divided at its corner by the
 *   analysis's guess ('divided').
 * - OPEN OFFICE 101 and OPEN OFFICE 102: one 20' × 8' room (inner faces 36.5..56.5 × 0.5..8.5) with both
 *   tags in it and nothing drawn between them ('shared').
 * - LINK CORRIDOR 6: two walls 8' apart (inner faces at y 14.5 and 22.5) from x 36 to 66, open at both
 *   ends ('no-closed-space').
 * - OFFICE 103: a 10' × 12' room (inner faces 36.5..46.5 × 28.5..40.5, 120 SF) whose tag prints 150 SF
 *   ('printed-area-differs').
 */
import { tagLines, type PdfPage } from './pdf-fixture-writer';
import { corridorSheet } from './pdf-corridor-fixture';

type Pt = [number, number];

const HEIGHT = 612;
const SIZE = 8;
const x = (ft: number) => +(100 + 9 * ft).toFixed(4);
const y = (ft: number) => +(HEIGHT - (100 + 9 * ft)).toFixed(4);
/** The page point of a point in feet (origin top left, y down), as the analysis reports it. */
export const pagePoint = (xFt: number, yFt: number): Pt => [100 + 9 * xFt, 100 + 9 * yFt];

const polyline = (points: Pt[]) =>
  `${x(points[0][0])} ${y(points[0][1])} m ` +
  points
    .slice(1)
    .map(([px, py]) => `${x(px)} ${y(py)} l`)
    .join(' ') +
  ' S';
const line = (x1: number, y1: number, x2: number, y2: number) => `${x(x1)} ${y(y1)} m ${x(x2)} ${y(y2)} l S`;
/** A room's walls 6" thick, each face a closed line: inner faces minX..maxX × minY..maxY. */
const walls = (minX: number, minY: number, maxX: number, maxY: number) => [
  polyline([
    [minX - 0.5, minY - 0.5],
    [maxX + 0.5, minY - 0.5],
    [maxX + 0.5, maxY + 0.5],
    [minX - 0.5, maxY + 0.5],
    [minX - 0.5, minY - 0.5],
  ]),
  polyline([
    [minX, minY],
    [maxX, minY],
    [maxX, maxY],
    [minX, maxY],
    [minX, minY],
  ]),
];
/** A tag whose first line's baseline is at `at` (feet). */
const tag = (texts: string[], at: Pt) => tagLines(texts, [x(at[0]), y(at[1])], SIZE);

export function roomNotesSheet(): PdfPage {
  const zones = corridorSheet('zones');
  const graphics = [
    zones.graphics,
    'q 0.84 w 0 0 0 RG',
    ...walls(36.5, 0.5, 56.5, 8.5),
    // The link corridor: wall faces at 14, 14.5, 22.5 and 23, from x 36 to 66, each wall's ends capped.
    ...[14, 14.5, 22.5, 23].map((face) => line(36, face, 66, face)),
    ...[36, 66].flatMap((end) => [line(end, 14, end, 14.5), line(end, 22.5, end, 23)]),
    ...walls(36.5, 28.5, 46.5, 40.5),
    'Q',
  ].join('\n');
  return {
    graphics,
    lines: [
      ...zones.lines,
      ...tag(['OPEN OFFICE', '101', '80 SF'], [41.5, 4]),
      ...tag(['OPEN OFFICE', '102', '80 SF'], [51.5, 4]),
      ...tag(['LINK', 'CORRIDOR', '6'], [51, 17.5]),
      ...tag(['OFFICE', '103', '150 SF'], [41.5, 33.5]),
    ],
    width: 792,
    height: HEIGHT,
  };
}
