/**
 * A small floor plan drawn as a vector PDF sheet at a given scale, with the
 * true areas, wall lengths and counts it was drawn from: walls as double lines
 * (each room's inner face, 6" apart) with door openings closed by jambs, door
 * leaves and swings, room name tags with and without printed areas, optional
 * room outline polylines, and a repeated light-fixture symbol placed rotated
 * and mirrored.
 */
import type { PdfLine, PdfPage } from './pdf-fixture-writer';

type Pt = [number, number];

export interface PlanRoom {
  name: string[];
  /** Inner face, feet, origin top-left, y down. */
  ring: Pt[];
  label: Pt;
  printed?: string;
}

export interface PlanDoor {
  hinge: Pt;
  /** Where the closed door meets the far jamb (on the same wall face as the hinge). */
  closed: Pt;
  /** Unit vector from the hinge into the room the door swings into. */
  swing: Pt;
}

/** Wall thickness, feet. */
export const WALL = 0.5;

export const PLAN_ROOMS: PlanRoom[] = [
  {
    name: ['OFFICE'],
    ring: [
      [0.5, 0.5],
      [12.5, 0.5],
      [12.5, 10.5],
      [0.5, 10.5],
    ],
    label: [6.5, 5],
    printed: '120 SF',
  },
  {
    // L-shaped: the closet takes the bottom-right corner.
    name: ['BEDROOM 2'],
    ring: [
      [13, 0.5],
      [25, 0.5],
      [25, 6.5],
      [21, 6.5],
      [21, 10.5],
      [13, 10.5],
    ],
    label: [17, 4],
  },
  {
    name: ['CLOSET'],
    ring: [
      [21.5, 7],
      [25, 7],
      [25, 10.5],
      [21.5, 10.5],
    ],
    label: [23.25, 8.5],
    printed: '1.14 m2',
  },
  {
    name: ['CORRIDOR', 'C-1'],
    ring: [
      [0.5, 11],
      [25, 11],
      [25, 15],
      [0.5, 15],
    ],
    label: [10, 12.6],
    printed: '98 SF',
  },
];

/** True interior areas of the rooms above, square feet. */
export const PLAN_AREAS: Record<string, number> = {
  OFFICE: 120,
  'BEDROOM 2': 104,
  CLOSET: 12.25,
  'CORRIDOR C-1': 98,
};

export const DOORS: PlanDoor[] = [
  { hinge: [3, 10.5], closed: [6, 10.5], swing: [0, -1] }, // office ← corridor
  { hinge: [15, 10.5], closed: [18, 10.5], swing: [0, -1] }, // bedroom ← corridor
  { hinge: [21, 7.5], closed: [21, 10], swing: [-1, 0] }, // closet → swings into the bedroom
];

const FIXTURES: Array<{ at: Pt; angle: number; mirror: boolean }> = [
  { at: [3, 3], angle: 0, mirror: false },
  { at: [10, 8], angle: 30, mirror: false },
  { at: [20, 2.5], angle: 90, mirror: true },
  { at: [14.5, 8], angle: 200, mirror: false },
  { at: [20, 13], angle: 45, mirror: true },
];

/** The legend's sample of the light fixture, right of the plan (not a fixture of the plan). */
const LEGEND_SAMPLE = { at: [31, 4] as Pt, angle: 0, mirror: false };

export interface PlanSheet {
  page: PdfPage;
  /** Total length of the wall faces drawn (feet), doors and jambs included. */
  wallLengthFt: number;
  doorCount: number;
  fixtureCount: number;
}

/**
 * The plan drawn at `feetPerPoint` on a `width`×`height` page, with `note` as
 * its scale note (omitted when undefined). Walls: 0.7 pt black; doors 0.25 pt;
 * fixtures 0.5 pt blue; room outlines (when asked) 1.5 pt dashed red.
 */
export function planSheet(options: {
  feetPerPoint: number;
  note?: string;
  printedAreas?: boolean;
  roomOutlines?: boolean;
  layers?: boolean;
  /** A type tag ("L1") written beside each light fixture. */
  fixtureTags?: boolean;
  /**
   * Dimension strings over the plan: the building's width and the two rooms along the top, in feet and inches,
   * or as a metric sheet writes them, bare millimetres (7772) or centimetres (777).
   */
  dimensions?: boolean | 'mm' | 'cm';
  /**
   * The building's overall width (25'-6") above the plan and its depth (`depth`, 15'-6" true) written upright
   * left of it, between extension lines, as AutoCAD draws them: with `arrows`, each string centred in a line
   * broken round it, the line stopping at the base of closed arrowheads whose tips touch the extension lines;
   * with `ticks`, the string over the line, which runs 2 pt past the extension lines, a slash at each. `upright:
   * false` leaves the depth out. `width` writes another string for the width (a metric sheet's "7,77").
   */
  overall?: { style: 'arrows' | 'ticks'; upright?: boolean; depth?: string; width?: string };
  /**
   * Door swings exported as separate short lines, each drawn twice, with hairline gaps between them (as
   * some CAD exports write them).
   */
  arcsAsLines?: boolean;
  width?: number;
  height?: number;
  /** Where the plan's top-left corner is, in page points from the page's top-left corner. */
  origin?: Pt;
  /** A legend right of the plan: "LEGEND", and one light fixture drawn with "RECESSED DOWNLIGHT" beside it. */
  legend?: boolean;
  /** Room sizes written under the names (`12'-0" x 10'-0"`), by room name, as residential plans print them. */
  sizes?: Record<string, string>;
  /**
   * A graphic scale bar below the plan, true to `feetPerPoint`: a tick at each of `at` (feet, or metres with
   * `metres`) under its label, as ticks on a line or as alternate black and white boxes; the unit on each
   * label (8'), or once after the last (`unitWord`: "FEET"); `ticks: false` writes the labels alone.
   */
  scaleBar?: { at: number[]; metres?: boolean; boxes?: boolean; unitWord?: string; ticks?: boolean };
  /**
   * The whole sheet drawn turned a quarter on a page of its sides swapped (a landscape plan printed on a
   * portrait sheet): anticlockwise, its text reads up the page; clockwise, down it.
   */
  turned?: 'anticlockwise' | 'clockwise';
}): PlanSheet {
  const width = options.width ?? 792;
  const height = options.height ?? 612;
  const f = options.feetPerPoint;
  const origin: Pt = options.origin ?? [60, 80];
  const x = (ft: number) => +(origin[0] + ft / f).toFixed(4);
  const y = (ft: number) => +(height - (origin[1] + ft / f)).toFixed(4);
  const move = (p: Pt) => `${x(p[0])} ${y(p[1])} m`;
  const line = (p: Pt) => `${x(p[0])} ${y(p[1])} l`;
  const ops: string[] = [];
  const layer = (index: number, body: string[]) => (options.layers ? [`/OC /L${index} BDC`, ...body, 'EMC'] : body);

  // Walls: each room's inner face with its door gaps, the building's outer face, and the jambs.
  const walls: string[] = ['q 0.7 w 0 0 0 RG'];
  let wallFeet = 0;
  const gapsOn = (a: Pt, b: Pt): Array<[Pt, Pt]> => {
    const gaps: Array<[Pt, Pt]> = [];
    for (const door of DOORS) {
      for (const offset of [0, WALL]) {
        const h: Pt = [door.hinge[0] - door.swing[0] * offset, door.hinge[1] - door.swing[1] * offset];
        const c: Pt = [door.closed[0] - door.swing[0] * offset, door.closed[1] - door.swing[1] * offset];
        if (onSegment(h, a, b) && onSegment(c, a, b)) gaps.push(along(a, h) < along(a, c) ? [h, c] : [c, h]);
      }
    }
    return gaps.sort((p, q) => along(a, p[0]) - along(a, q[0]));
    function along(o: Pt, p: Pt) {
      return Math.hypot(p[0] - o[0], p[1] - o[1]);
    }
  };
  const drawEdge = (a: Pt, b: Pt) => {
    let from = a;
    for (const [g0, g1] of gapsOn(a, b)) {
      walls.push(move(from), line(g0), 'S');
      wallFeet += dist(from, g0);
      from = g1;
    }
    walls.push(move(from), line(b), 'S');
    wallFeet += dist(from, b);
  };
  for (const room of PLAN_ROOMS) room.ring.forEach((a, i) => drawEdge(a, room.ring[(i + 1) % room.ring.length]));
  const outer: Pt[] = [
    [0, 0],
    [25.5, 0],
    [25.5, 15.5],
    [0, 15.5],
  ];
  walls.push(move(outer[0]), ...outer.slice(1).map(line), 'h S');
  wallFeet += 2 * (25.5 + 15.5);
  for (const door of DOORS) {
    for (const end of [door.hinge, door.closed]) {
      const back: Pt = [end[0] - door.swing[0] * WALL, end[1] - door.swing[1] * WALL];
      walls.push(move(end), line(back), 'S');
      wallFeet += WALL;
    }
  }
  walls.push('Q');
  ops.push(...layer(0, walls));

  // Doors: leaf open square to the wall, swing from its tip to the far jamb (a quarter circle as one Bézier).
  const doors: string[] = ['q 0.25 w 0 0 0 RG'];
  for (const door of DOORS) {
    const r = dist(door.hinge, door.closed);
    const tip: Pt = [door.hinge[0] + door.swing[0] * r, door.hinge[1] + door.swing[1] * r];
    const k = 0.5522847498 * r;
    const toClosed: Pt = [(door.closed[0] - door.hinge[0]) / r, (door.closed[1] - door.hinge[1]) / r];
    const c1: Pt = [tip[0] + toClosed[0] * k, tip[1] + toClosed[1] * k];
    const c2: Pt = [door.closed[0] + door.swing[0] * k, door.closed[1] + door.swing[1] * k];
    doors.push(move(door.hinge), line(tip), 'S');
    if (options.arcsAsLines) {
      // Twelve straight pieces, each a path of its own drawn twice, with a hairline gap (0.1 pt) before the
      // next, as some exports write them.
      const at = (i: number): [number, number] => {
        const t = (i / 12) * (Math.PI / 2);
        const p: Pt = [
          door.hinge[0] + r * (door.swing[0] * Math.cos(t) + toClosed[0] * Math.sin(t)),
          door.hinge[1] + r * (door.swing[1] * Math.cos(t) + toClosed[1] * Math.sin(t)),
        ];
        return [x(p[0]), y(p[1])];
      };
      for (let i = 0; i < 12; i++) {
        const [ax, ay] = at(i);
        const [bx, by] = at(i + 1);
        const length = Math.hypot(bx - ax, by - ay);
        const [ex, ey] = [bx - ((bx - ax) / length) * 0.1, by - ((by - ay) / length) * 0.1];
        const piece = `${ax.toFixed(3)} ${ay.toFixed(3)} m ${ex.toFixed(3)} ${ey.toFixed(3)} l S`;
        doors.push(piece, piece);
      }
    } else
      doors.push(
        `${move(tip)} ${x(c1[0])} ${y(c1[1])} ${x(c2[0])} ${y(c2[1])} ${x(door.closed[0])} ${y(door.closed[1])} c S`,
      );
  }
  doors.push('Q');
  ops.push(...layer(1, doors));

  // Light fixtures: a 1' circle with a cross and a tail, rotated and mirrored.
  const fixtures: string[] = ['q 0.5 w 0 0 1 RG'];
  for (const fixture of [...FIXTURES, ...(options.legend ? [LEGEND_SAMPLE] : [])]) {
    const a = (fixture.angle * Math.PI) / 180;
    const place = (p: Pt): Pt => {
      const px = fixture.mirror ? -p[0] : p[0];
      return [
        fixture.at[0] + px * Math.cos(a) - p[1] * Math.sin(a),
        fixture.at[1] + px * Math.sin(a) + p[1] * Math.cos(a),
      ];
    };
    const r = 0.5;
    const k = 0.5522847498 * r;
    const quarter = (p0: Pt, c1: Pt, c2: Pt, p3: Pt) =>
      `${x(place(c1)[0])} ${y(place(c1)[1])} ${x(place(c2)[0])} ${y(place(c2)[1])} ${x(place(p3)[0])} ${y(place(p3)[1])} c`;
    fixtures.push(
      `${move(place([r, 0]))} ${quarter([r, 0], [r, k], [k, r], [0, r])} ${quarter([0, r], [-k, r], [-r, k], [-r, 0])} ` +
        `${quarter([-r, 0], [-r, -k], [-k, -r], [0, -r])} ${quarter([0, -r], [k, -r], [r, -k], [r, 0])} S`,
      `${move(place([-r, 0]))} ${line(place([r, 0]))} S`,
      `${move(place([0, -r]))} ${line(place([0, r]))} ${line(place([0.3, r + 0.4]))} S`,
    );
  }
  fixtures.push('Q');
  ops.push(...layer(2, fixtures));

  if (options.roomOutlines) {
    const outlines: string[] = ['q 1.5 w [6 3] 0 d 1 0 0 RG'];
    for (const room of PLAN_ROOMS) outlines.push(`${move(room.ring[0])} ${room.ring.slice(1).map(line).join(' ')} h S`);
    outlines.push('Q');
    ops.push(...layer(3, outlines));
  }

  const size = 8;
  const lines: PdfLine[] = [];
  for (const room of PLAN_ROOMS) {
    const written = options.sizes?.[room.name.join(' ')];
    const tag = [
      ...room.name,
      ...(written ? [written] : []),
      ...(options.printedAreas && room.printed ? [room.printed] : []),
    ];
    tag.forEach((text, i) => {
      const textWidth = text.length * size * 0.55;
      lines.push({
        text,
        x: +(x(room.label[0]) - textWidth / 2).toFixed(2),
        y: +(y(room.label[1]) - i * size * 1.2).toFixed(2),
        size,
        // A size with a fraction glyph (7½") is written in an encoding that has it.
        ...(/[^\x20-\x7e]/.test(text) ? { winAnsi: true } : {}),
      });
    });
  }
  if (options.legend) {
    lines.push({ text: 'LEGEND', x: x(LEGEND_SAMPLE.at[0] - 0.5), y: y(LEGEND_SAMPLE.at[1] - 2), size: 10 });
    lines.push({ text: 'RECESSED DOWNLIGHT', x: x(LEGEND_SAMPLE.at[0] + 1.2), y: y(LEGEND_SAMPLE.at[1]) - 3, size });
  }
  if (options.fixtureTags) {
    for (const fixture of FIXTURES)
      lines.push({ text: 'L1', x: x(fixture.at[0] + 0.8), y: y(fixture.at[1]) - 3, size: 6 });
  }
  if (options.dimensions) {
    const dims: Array<[number, number, number, string]> = [
      [0, 25.5, -4, `25'-6"`],
      [0.5, 12.5, -1.5, `12'-0"`],
      [13, 25, -1.5, `12'-0"`],
    ];
    const dimOps = ['q 0.25 w 0 0 0 RG'];
    const perFoot = { mm: 304.8, cm: 30.48 };
    for (const [from, to, at, feet] of dims) {
      const text = options.dimensions === true ? feet : String(Math.round((to - from) * perFoot[options.dimensions]));
      dimOps.push(`${move([from, at])} ${line([to, at])} S`);
      const textWidth = text.length * size * 0.55;
      lines.push({ text, x: +(x((from + to) / 2) - textWidth / 2).toFixed(2), y: +(y(at) + 2).toFixed(2), size });
    }
    dimOps.push('Q');
    ops.push(...dimOps);
  }
  if (options.overall) {
    const { style, upright = true, depth = `15'-6"`, width = `25'-6"` } = options.overall;
    const overallOps = ['q 0.25 w 0 0 0 RG 0 0 0 rg'];
    // A dimension from `from` to `to` (feet), `offset` feet off the building; `at` is page points (PDF space,
    // y up) along it and `side` square to it, to its left.
    const drawDimension = (text: string, from: Pt, to: Pt, offset: number, turned: boolean) => {
      const [ax, ay, bx, by] = [x(from[0]), y(from[1]), x(to[0]), y(to[1])];
      const length = Math.hypot(bx - ax, by - ay);
      const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
      const at = (along: number, side = 0): string =>
        `${(ax + ux * along - uy * side).toFixed(3)} ${(ay + uy * along + ux * side).toFixed(3)}`;
      const piece = (p: [number, number], q: [number, number]) => `${at(...p)} m ${at(...q)} l S`;
      const textWidth = helveticaWidth(text, size);
      const middle = length / 2;
      // The letters' baseline, square to the line: through the letters' middle, or 2 pt over the line.
      const baseline = style === 'arrows' ? -2.8 : 2;
      if (style === 'arrows') {
        const arrow = 12;
        overallOps.push(piece([arrow, 0], [middle - textWidth / 2 - 2, 0]));
        overallOps.push(piece([middle + textWidth / 2 + 2, 0], [length - arrow, 0]));
        overallOps.push(`${at(0)} m ${at(arrow, 2)} l ${at(arrow, -2)} l h f`);
        overallOps.push(`${at(length)} m ${at(length - arrow, 2)} l ${at(length - arrow, -2)} l h f`);
      } else {
        overallOps.push(piece([-2, 0], [length + 2, 0]));
        for (const end of [0, length]) overallOps.push(piece([end - 2, -2], [end + 2, 2]));
      }
      // Extension lines from 6" off the building (on the line's right) to 2 pt past the dimension line.
      for (const end of [0, length]) overallOps.push(piece([end, -(offset - 0.5) / f], [end, 2]));
      // The glyphs stand on the line's left (+side) whichever way it runs.
      const start = at(middle - textWidth / 2, baseline).split(' ');
      const matrix = turned ? '0 1 -1 0' : '1 0 0 1';
      overallOps.push(`BT /F1 ${size} Tf ${matrix} ${start[0]} ${start[1]} Tm (${text}) Tj ET`);
    };
    drawDimension(width, [0, -6], [25.5, -6], 6, false);
    if (upright) drawDimension(depth, [-3, 15.5], [-3, 0], 3, true);
    overallOps.push('Q');
    ops.push(...overallOps);
  }
  if (options.scaleBar) {
    const bar = options.scaleBar;
    const [left, base] = [420, 40];
    const xOf = (v: number) => left + (bar.metres ? v * 3.280839895013123 : v) / f;
    const barOps = ['q 0.5 w 0 0 0 RG 0 0 0 rg'];
    if (bar.ticks !== false) {
      if (bar.boxes)
        bar.at.slice(1).forEach((v, i) => {
          const [from, to] = [xOf(bar.at[i]), xOf(v)];
          barOps.push(`${from.toFixed(3)} ${base} ${(to - from).toFixed(3)} 4 re ${i % 2 ? 'S' : 'B'}`);
        });
      else {
        barOps.push(`${xOf(bar.at[0]).toFixed(3)} ${base} m ${xOf(bar.at.at(-1)!).toFixed(3)} ${base} l S`);
        for (const v of bar.at) barOps.push(`${xOf(v).toFixed(3)} ${base} m ${xOf(v).toFixed(3)} ${base + 5} l S`);
      }
    }
    barOps.push('Q');
    ops.push(...barOps);
    const labelSize = 6;
    bar.at.forEach((v, i) => {
      const text = i === 0 || bar.unitWord ? String(v) : bar.metres ? `${v}m` : `${v}'`;
      lines.push({
        text,
        x: +(xOf(v) - (text.length * labelSize * 0.55) / 2).toFixed(2),
        y: base + 8,
        size: labelSize,
      });
    });
    if (bar.unitWord) lines.push({ text: bar.unitWord, x: xOf(bar.at.at(-1)!) + 8, y: base + 8, size: labelSize });
  }
  lines.push({ text: 'FIRST FLOOR PLAN', x: 60, y: 40, size: 12 });
  if (options.note) lines.push({ text: `SCALE: ${options.note}`, x: 60, y: 26, size: 8 });
  return {
    page: options.turned
      ? turnedPage(lines, ops.join('\n'), width, height, options.turned)
      : { lines, graphics: ops.join('\n'), width, height },
    wallLengthFt: wallFeet,
    doorCount: DOORS.length,
    fixtureCount: FIXTURES.length,
  };
}

/**
 * A `width`×`height` sheet's lines and graphics turned a quarter onto a page `height` wide and `width` high:
 * the graphics under a turning `cm`, each line moved to where its start goes and written turned alike.
 */
function turnedPage(
  lines: readonly PdfLine[],
  graphics: string,
  width: number,
  height: number,
  turn: 'anticlockwise' | 'clockwise',
): PdfPage {
  // In PDF space (y up): anticlockwise, (x, y) goes to (height - y, x); clockwise, to (y, width - x).
  const anticlockwise = turn === 'anticlockwise';
  const to = (x: number, y: number): Pt => (anticlockwise ? [height - y, x] : [y, width - x]);
  const cm = anticlockwise ? `0 1 -1 0 ${height} 0 cm` : `0 -1 1 0 0 ${width} cm`;
  return {
    lines: lines.map((l) => {
      const [x, y] = to(l.x, l.y);
      return { ...l, x: +x.toFixed(2), y: +y.toFixed(2), turn };
    }),
    graphics: `q ${cm}\n${graphics}\nQ`,
    width: height,
    height: width,
  };
}

function dist(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function onSegment(p: Pt, a: Pt, b: Pt): boolean {
  const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  if (Math.abs(cross) > 1e-9) return false;
  const dot = (p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1]);
  return dot >= 0 && dot <= (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2;
}

/** Helvetica's widths (thousandths of the size) of the characters dimension strings are written in. */
const HELVETICA: Record<string, number> = { "'": 191, '-': 333, '"': 355, ' ': 278 };

function helveticaWidth(text: string, size: number): number {
  return ([...text].reduce((sum, c) => sum + (HELVETICA[c] ?? 556), 0) / 1000) * size;
}
