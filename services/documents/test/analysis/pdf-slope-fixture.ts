/**
 * Lines drawn across rooms that are no walls, at 1/8" = 1'-0": a toilet whose
 * whole floor slopes to a drain in its shower corner, drawn as the finish
 * plans draw it, a single thin line from corner to corner through the drain
 * and two more from the drain to the wall faces; its far corner is a chase
 * behind an aslant wall drawn in the same thin pen, but with two faces. Beside
 * it two showers drawn open to each other (the partition between them stops
 * short, offset), whose only line between them is one thin aslant line from
 * one partition's end to the other's. Walls are 6" thick, each face a line
 * of its own. True areas: TOILET 101 (8' × 12' less the chase and its wall,
 * a 3.5' right triangle) 89.875 sq ft, SHOWER 102 71.75 sq ft, SHOWER 103
 * 55.25 sq ft.
 */
import { tagLines, type PdfLine, type PdfPage } from './pdf-fixture-writer';

type Pt = [number, number];

export const SLOPE_SHEET_AREAS: Record<string, number> = {
  'TOILET 101': 89.875,
  'SHOWER 102': 71.75,
  'SHOWER 103': 55.25,
};
const FEET_PER_POINT = 1 / 9;

export function slopeSheet(): PdfPage {
  const width = 792;
  const height = 612;
  // Feet from the plan's top-left corner, y down the sheet.
  const x = (ft: number) => +(100 + ft / FEET_PER_POINT).toFixed(4);
  const y = (ft: number) => +(height - (100 + ft / FEET_PER_POINT)).toFixed(4);
  const at = ([px, py]: Pt) => `${x(px)} ${y(py)}`;
  const segment = ([x1, y1, x2, y2]: number[]) => `${at([x1, y1])} m ${at([x2, y2])} l S`;
  // Inner faces: the toilet 0.5..8.5 × 0.5..12.5; the showers 9..20 × 0.5..12.5, parted by a partition
  // 9..14 × 6..6.5 and another 15..20 × 8..8.5.
  const walls = [
    // The outer faces.
    [0, 0, 20.5, 0],
    [20.5, 0, 20.5, 13],
    [20.5, 13, 0, 13],
    [0, 13, 0, 0],
    // The toilet.
    [0.5, 0.5, 8.5, 0.5],
    [8.5, 0.5, 8.5, 12.5],
    [8.5, 12.5, 0.5, 12.5],
    [0.5, 12.5, 0.5, 0.5],
    // The showers.
    [9, 0.5, 20, 0.5],
    [20, 0.5, 20, 12.5],
    [20, 12.5, 9, 12.5],
    [9, 12.5, 9, 0.5],
    // The partitions.
    [9, 6, 14, 6],
    [14, 6, 14, 6.5],
    [14, 6.5, 9, 6.5],
    [15, 8, 20, 8],
    [15, 8, 15, 8.5],
    [15, 8.5, 20, 8.5],
  ];
  const thin = [
    // The toilet's slope lines: corner to corner through the drain at (6.5, 10.5), and from the drain to
    // the wall faces.
    [0.5, 4.5, 8.5, 12.5],
    [6.5, 10.5, 8.5, 8.5],
    [6.5, 10.5, 4.5, 12.5],
    // The chase's aslant wall, two faces 0.7' apart across the corner (about 6" thick).
    [5, 0.5, 8.5, 4],
    [5.7, 0.5, 8.5, 3.3],
    // The line between the showers.
    [14, 6.5, 15, 8],
  ];
  const ops = ['q 0.84 w 0 0 0 RG', ...walls.map(segment), 'Q', 'q 0.24 w 0 0 0 RG', ...thin.map(segment), 'Q'];
  const size = 6;
  const text: PdfLine[] = [];
  const tag = (texts: string[], where: Pt) => text.push(...tagLines(texts, [x(where[0]), y(where[1])], size));
  tag(['TOILET', '101'], [2.2, 9.3]);
  tag(['SHOWER', '102'], [12, 3]);
  tag(['SHOWER', '103'], [16, 10.5]);
  text.push({ text: 'FIRST FLOOR FINISH PLAN', x: 60, y: 40, size: 12 });
  text.push({ text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines: text, graphics: ops.join('\n'), width, height };
}
