/**
 * A small plan at 1/8" = 1'-0" drawn the way CAD finish plans draw closets:
 * an office and a 3' × 6' storage closet beside it whose tag is wider than
 * the closet (its name runs into the walls), with the room number in a frame
 * wider still. Options add what such sheets carry over the rooms: the frame
 * drawn as four loose lines straddling the closet's walls, a floor-tile grid in
 * a thinner pen than the walls, an area's grey shading whose edge crosses
 * the rooms (with its boundary stroked in lines of its own, as CAD filled
 * regions are), and each room filled with a colour to the faces of its walls.
 * True areas: OFFICE 96 sq ft, STORAGE 18 sq ft.
 */
import { tagLines, type PdfLine, type PdfPage } from './pdf-fixture-writer';

type Pt = [number, number];

export const TAG_SHEET_AREAS: Record<string, number> = { 'OFFICE 101': 96, 'STORAGE 101A': 18 };
const FEET_PER_POINT = 1 / 9;

export function tagSheet(options: {
  looseFrame?: boolean;
  tiles?: boolean;
  shading?: boolean;
  /** The shading's boundary stroked as four lines in a thin pen. */
  shadingOutline?: boolean;
  /** Each room filled with a colour whose edges lie on its walls' inner faces (a colour-fill plan). */
  roomColours?: boolean;
  /** A revision cloud (1' scallops, one path) drawn across the office. */
  cloud?: boolean;
}): PdfPage {
  const width = 792;
  const height = 612;
  const origin: Pt = [100, 100];
  const x = (ft: number) => +(origin[0] + ft / FEET_PER_POINT).toFixed(4);
  const y = (ft: number) => +(height - (origin[1] + ft / FEET_PER_POINT)).toFixed(4);
  const segment = (a: Pt, b: Pt) => `${x(a[0])} ${y(a[1])} m ${x(b[0])} ${y(b[1])} l S`;
  // Each wall face a line of its own, as CAD exports write them (a closed outline would be a room outline).
  const rect = (x0: number, y0: number, x1: number, y1: number) =>
    [
      segment([x0, y0], [x1, y0]),
      segment([x1, y0], [x1, y1]),
      segment([x1, y1], [x0, y1]),
      segment([x0, y1], [x0, y0]),
    ].join('\n');
  const ops: string[] = [];

  // Shading first, under the walls: a single grey rectangle whose right edge runs through both rooms.
  if (options.shading) ops.push(`q 0.88 0.88 0.88 rg ${x(-6)} ${y(12)} ${x(5) - x(-6)} ${y(-6) - y(12)} re f Q`);
  if (options.shadingOutline) ops.push('q 0.24 w 0.3 0.3 0.3 RG', rect(-6, -6, 5, 12), 'Q');
  if (options.roomColours) {
    const fill = (x0: number, y0: number, x1: number, y1: number) =>
      `${x(x0)} ${y(y1)} ${x(x1) - x(x0)} ${y(y0) - y(y1)} re f`;
    ops.push(`q 0.8 0.9 1 rg ${fill(0.5, 0.5, 12.5, 8.5)} ${fill(13, 0.5, 16, 6.5)} Q`);
  }
  // Walls 6" thick, inner faces: office 0.5..12.5 × 0.5..8.5, closet 13..16 × 0.5..6.5.
  ops.push(
    'q 0.84 w 0 0 0 RG',
    rect(0, 0, 16.5, 9),
    rect(0.5, 0.5, 12.5, 8.5),
    rect(13, 0.5, 16, 6.5),
    rect(13, 7, 16, 8.5),
    'Q',
  );
  if (options.tiles) {
    // A 1' tile grid in both rooms, in the thinnest pen, grey.
    const tiles: string[] = ['q 0.24 w 0.52 0.52 0.52 RG'];
    for (const [x0, y0, x1, y1] of [
      [0.5, 0.5, 12.5, 8.5],
      [13, 0.5, 16, 6.5],
    ]) {
      for (let gx = x0 + 1; gx < x1; gx++) tiles.push(segment([gx, y0], [gx, y1]));
      for (let gy = y0 + 1; gy < y1; gy++) tiles.push(segment([x0, gy], [x1, gy]));
    }
    tiles.push('Q');
    ops.push(...tiles);
  }

  if (options.cloud) {
    // Scallops bulging upward along y = 3', from x = -1' to 13', each half a circle in two Béziers.
    const k = 0.5522847498 * 0.5;
    const parts: string[] = [`${x(-1)} ${y(3)} m`];
    for (let cx = -0.5; cx < 13; cx++) {
      const c = (px: number, py: number) => `${x(px)} ${y(py)}`;
      parts.push(`${c(cx - 0.5, 3 - k)} ${c(cx - k, 2.5)} ${c(cx, 2.5)} c`);
      parts.push(`${c(cx + k, 2.5)} ${c(cx + 0.5, 3 - k)} ${c(cx + 0.5, 3)} c`);
    }
    ops.push(`q 1.2 w 0 0 0 RG ${parts.join(' ')} S Q`);
  }

  const size = 8;
  const lines: PdfLine[] = [];
  const tag = (texts: string[], at: Pt) => lines.push(...tagLines(texts, [x(at[0]), y(at[1])], size));
  tag(['OFFICE', '101'], [6.5, 5]);
  // The closet's name (about 3.4' long at this scale) runs over its 3' width into the walls.
  tag(['STORAGE', '101A', '18 SF'], [14.5, 2]);
  // The number's frame: 5' wide, so it straddles both of the closet's walls.
  const numberY = y(2) - size * 1.2; // baseline of the number line, PDF space (y up)
  const frame = {
    left: x(14.5) - 22.5,
    right: x(14.5) + 22.5,
    bottom: +(numberY - 2).toFixed(2),
    top: +(numberY + size + 1).toFixed(2),
  };
  const frameOps = ['q 0.84 w 0 0 0 RG'];
  if (options.looseFrame) {
    frameOps.push(
      `${frame.left} ${frame.top} m ${frame.right} ${frame.top} l S`,
      `${frame.right} ${frame.top} m ${frame.right} ${frame.bottom} l S`,
      `${frame.right} ${frame.bottom} m ${frame.left} ${frame.bottom} l S`,
      `${frame.left} ${frame.bottom} m ${frame.left} ${frame.top} l S`,
    );
  }
  frameOps.push('Q');
  ops.push(...frameOps);
  lines.push({ text: 'FIRST FLOOR FINISH PLAN', x: 60, y: 40, size: 12 });
  lines.push({ text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines, graphics: ops.join('\n'), width, height };
}

export const GRID_SHEET_AREAS: Record<string, number> = { 'CLASSROOM 164': 384, 'STORAGE 164A': 16 };

/**
 * A 24' × 16' classroom at 1/8" = 1'-0" with a floor grid drawn over it in a
 * thinner pen than the walls, its tag inside one cell of the grid, and a
 * 4' × 4' storage closet beside it bounded by walls only. `spacing` is the
 * grid's, in feet: at 4' a cell is larger than a closet. With `noisyPen`
 * every fifth grid line is written a few millionths of a point wider (as CAD
 * exports write one pen after scaling): still the same pen. True areas:
 * CLASSROOM 384 sq ft, STORAGE 16 sq ft.
 */
export function gridSheet(options: { spacing: number; noisyPen?: boolean }): PdfPage {
  const width = 792;
  const height = 612;
  const x = (ft: number) => +(100 + ft / FEET_PER_POINT).toFixed(4);
  const y = (ft: number) => +(height - (100 + ft / FEET_PER_POINT)).toFixed(4);
  const segment = (a: Pt, b: Pt) => `${x(a[0])} ${y(a[1])} m ${x(b[0])} ${y(b[1])} l S`;
  const rect = (x0: number, y0: number, x1: number, y1: number) =>
    [
      segment([x0, y0], [x1, y0]),
      segment([x1, y0], [x1, y1]),
      segment([x1, y1], [x0, y1]),
      segment([x0, y1], [x0, y0]),
    ].join('\n');
  // Walls 6" thick, inner faces: classroom 0.5..24.5 × 0.5..16.5, closet 25..29 × 0.5..4.5, the rest of the
  // east strip a space of its own.
  const ops = [
    'q 0.84 w 0 0 0 RG',
    rect(0, 0, 29.5, 17),
    rect(0.5, 0.5, 24.5, 16.5),
    rect(25, 0.5, 29, 4.5),
    rect(25, 5, 29, 16.5),
    'Q',
  ];
  const s = options.spacing;
  const lines: Array<[Pt, Pt]> = [];
  for (let gx = 0.5 + s; gx < 24.5 - 1e-9; gx += s)
    lines.push([
      [gx, 0.5],
      [gx, 16.5],
    ]);
  for (let gy = 0.5 + s; gy < 16.5 - 1e-9; gy += s)
    lines.push([
      [0.5, gy],
      [24.5, gy],
    ]);
  ops.push('q 0.52 0.52 0.52 RG');
  lines.forEach(([a, b], i) => ops.push(`${options.noisyPen && i % 5 === 4 ? '0.240002' : '0.24'} w ${segment(a, b)}`));
  ops.push('Q');
  const size = 6;
  const text: PdfLine[] = [];
  const tag = (texts: string[], at: Pt) => text.push(...tagLines(texts, [x(at[0]), y(at[1])], size));
  // In the middle of the cell 8.5..12.5 × 4.5..8.5 of a 4' grid (of a 1' grid, across a few tiles).
  tag(['CLASSROOM', '164'], [10.5, 6.2]);
  tag(['STORAGE', '164A'], [27, 2.2]);
  text.push({ text: 'FIRST FLOOR FINISH PLAN', x: 60, y: 40, size: 12 });
  text.push({ text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines: text, graphics: ops.join('\n'), width, height };
}

export const DOORWAY_SHEET_AREAS: Record<string, number> = { 'ELEVATOR E-1': 52, 'OFFICE 102': 80 };
/** The hall of the doorway sheet, tagged: its 20' × 15'-6" and the 4' × 6" of the doorway in its wall. */
export const DOORWAY_SHEET_LOBBY_SQ_FT = 312;

export interface DoorwaySheetOptions {
  /**
   * The doorway's face on the hall side this much shorter than the car's (feet), as a writer's rounding
   * leaves the two faces of one opening: the analysis must not end the car at whichever is the shorter.
   */
  hallFaceShorterFt?: number;
  /** The hall tagged ELEVATOR LOBBY: one space of two names, divided at the doorway. */
  hallTagged?: boolean;
}

/**
 * An elevator car (8' × 6'-6") at 1/8" = 1'-0" whose 4' doorway has no door
 * drawn (elevator doors slide), opening into a 20' × 15'-6" hall no tag names,
 * and an office beside it with a 4' × 3' niche between wall ends. True areas:
 * ELEVATOR E-1 52 sq ft (the car, to its own wall faces), OFFICE 102 80 sq ft
 * (the niche included).
 */
export function doorwaySheet({ hallFaceShorterFt = 0, hallTagged = false }: DoorwaySheetOptions = {}): PdfPage {
  const width = 792;
  const height = 612;
  const x = (ft: number) => +(100 + ft / FEET_PER_POINT).toFixed(4);
  const y = (ft: number) => +(height - (100 + ft / FEET_PER_POINT)).toFixed(4);
  // Each wall face a polyline of its own, as CAD exports write them.
  const polyline = (...points: Pt[]) =>
    points.map(([px, py], i) => `${x(px)} ${y(py)} ${i === 0 ? 'm' : 'l'}`).join(' ') + ' S';
  const e = hallFaceShorterFt / 2;
  const ops = [
    'q 0.84 w 0 0 0 RG',
    polyline([0, 0], [32.5, 0], [32.5, 16.5], [0, 16.5], [0, 0]),
    // The hall's faces, open between y = 2' and 6' on its east side; the doorway's jambs.
    polyline([20.5, 2 + e], [20.5, 0.5], [0.5, 0.5], [0.5, 16], [20.5, 16], [20.5, 6 - e]),
    polyline([20.5, 2 + e], [21, 2]),
    polyline([20.5, 6 - e], [21, 6]),
    // The car: 21..29 × 0.5..7.
    polyline([21, 2], [21, 0.5], [29, 0.5], [29, 7], [21, 7], [21, 6]),
    // The office, 21..29 × 7.5..16, with its niche 29..32 × 10..14.
    polyline([21, 7.5], [29, 7.5], [29, 10], [32, 10], [32, 14], [29, 14], [29, 16], [21, 16], [21, 7.5]),
    'Q',
  ];
  const size = 6;
  const text: PdfLine[] = [];
  const tag = (texts: string[], at: Pt) => text.push(...tagLines(texts, [x(at[0]), y(at[1])], size));
  tag(['ELEVATOR', 'E-1'], [25, 3.5]);
  tag(['OFFICE', '102'], [25, 11.5]);
  if (hallTagged) tag(['ELEVATOR LOBBY'], [10, 8]);
  text.push({ text: 'FIRST FLOOR PLAN', x: 60, y: 40, size: 12 });
  text.push({ text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 });
  return { lines: text, graphics: ops.join('\n'), width, height };
}

/**
 * A closet 2' × `depthFt` at 1/2" = 1'-0", its walls 6" thick drawn as two faces, with a shelf drawn in a
 * casework pen of its own from end wall to end wall `shelfOffFt` right of its middle. At 8' deep (16 sq ft)
 * each half behind the shelf is the smallest room's 8 sq ft, the labelled one less `shelfOffFt × 8` (a
 * writer's rounding); at 6', each is 6 sq ft, smaller than a room. Beside it, an office 10' × `depthFt`.
 */
export function shelvedClosetSheet(shelfOffFt: number, depthFt = 8): PdfPage {
  const width = 792;
  const height = 612;
  const x = (ft: number) => +(100 + ft * 36).toFixed(4);
  const y = (ft: number) => +(height - (150 + ft * 36)).toFixed(4);
  const polyline = (...points: Pt[]) =>
    points.map(([px, py], i) => `${x(px)} ${y(py)} ${i === 0 ? 'm' : 'l'}`).join(' ') + ' S';
  const ring = (x0: number, y0: number, x1: number, y1: number) =>
    polyline([x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]);
  const ops = [
    'q 0.7 w 0 0 0 RG',
    // Outer faces round both rooms, the closet's and the office's inner faces (a 6" partition between them).
    ring(-0.5, -0.5, 13, depthFt + 0.5),
    ring(0, 0, 2, depthFt),
    ring(2.5, 0, 12.5, depthFt),
    'Q',
    // The shelf: casework's own pen (a colour of its own, as CAD layers plot).
    'q 0.7 w 0 0.6 0 RG',
    polyline([1 + shelfOffFt, 0], [1 + shelfOffFt, depthFt]),
    'Q',
  ];
  const text: PdfLine[] = [];
  text.push(...tagLines(['CLOSET'], [x(1.5), y(depthFt / 2)], 6));
  text.push(...tagLines(['OFFICE'], [x(7.5), y(depthFt / 2)], 8));
  text.push({ text: 'FLOOR PLAN', x: 60, y: 60, size: 12 });
  text.push({ text: `SCALE: 1/2" = 1'-0"`, x: 60, y: 46, size: 8 });
  return { lines: text, graphics: ops.join('\n'), width, height };
}

/**
 * An office 10' × 10' (100 sq ft) with 6" walls drawn as two faces, and a line of the wall pen across it 3'
 * from its south wall that stops 0.4" short of both side walls (a counter's edge, a leader): no wall. Drawn at
 * 1/8" = 1'-0" or 1/16" = 1'-0" (`inchesPerFoot`), where 0.4" is 0.3 pt or 0.15 pt of paper.
 */
export function lineShortOfWallsSheet(inchesPerFoot: number): PdfPage {
  const width = 792;
  const height = 612;
  const pointsPerFoot = inchesPerFoot * 72;
  const x = (ft: number) => +(200 + ft * pointsPerFoot).toFixed(4);
  const y = (ft: number) => +(height - (200 + ft * pointsPerFoot)).toFixed(4);
  const polyline = (...points: Pt[]) =>
    points.map(([px, py], i) => `${x(px)} ${y(py)} ${i === 0 ? 'm' : 'l'}`).join(' ') + ' S';
  const ring = (x0: number, y0: number, x1: number, y1: number) =>
    polyline([x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]);
  const gap = 0.4 / 12;
  const ops = [
    'q 0.5 w 0 0 0 RG',
    ring(-0.5, -0.5, 10.5, 10.5),
    ring(0, 0, 10, 10),
    polyline([gap, 7], [10 - gap, 7]),
    'Q',
  ];
  const note = inchesPerFoot === 1 / 8 ? `1/8" = 1'-0"` : `1/16" = 1'-0"`;
  const text: PdfLine[] = [
    ...tagLines(['OFFICE'], [x(5), y(4)], 6),
    { text: 'FLOOR PLAN', x: 60, y: 60, size: 12 },
    { text: `SCALE: ${note}`, x: 60, y: 46, size: 8 },
  ];
  return { lines: text, graphics: ops.join('\n'), width, height };
}

/** 1,300 × 2,000 mm in square feet. */
export const WASHROOM_SQ_FT = (1.3 * 2.0 * 1e6) / 304.8 ** 2;

/**
 * A toilet with a shower, 1,300 × 2,000 mm inside 100 mm walls at 1:50, named for both its uses by two-letter
 * abbreviations joined by a slash ("WC/SH"), as ArchiCAD house plans name it. True area WASHROOM_SQ_FT.
 */
export function washroomSheet(): PdfPage {
  const width = 792;
  const height = 612;
  const pointsPerMm = 72 / 25.4 / 50;
  const x = (mm: number) => +(200 + mm * pointsPerMm).toFixed(4);
  const y = (mm: number) => +(height - (200 + mm * pointsPerMm)).toFixed(4);
  const polyline = (...points: Pt[]) =>
    points.map(([px, py], i) => `${x(px)} ${y(py)} ${i === 0 ? 'm' : 'l'}`).join(' ') + ' S';
  const ring = (x0: number, y0: number, x1: number, y1: number) =>
    polyline([x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]);
  const ops = ['q 0.5 w 0 0 0 RG', ring(-100, -100, 1400, 2100), ring(0, 0, 1300, 2000), 'Q'];
  const text: PdfLine[] = [
    ...tagLines(['WC/SH'], [x(650), y(700)], 8),
    { text: 'FLOOR PLAN', x: 60, y: 60, size: 12 },
    { text: 'SCALE 1:50', x: 60, y: 46, size: 8 },
  ];
  return { lines: text, graphics: ops.join('\n'), width, height };
}
