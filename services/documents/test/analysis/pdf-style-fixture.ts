/**
 * The plan of pdf-plan-fixture.ts (its rooms, doors and 6" walls, so the true
 * areas are known) drawn the ways real exporters write plans: walls as solid
 * poché fills (with or without an outline, as one shape or a rectangle per
 * wall piece), as faces with a diagonal hatch between them (drawn line by line
 * or through a clipping path), or as single strokes as thick as the wall;
 * doors as a leaf rectangle and swing in a form XObject placed once per door;
 * the whole drawing inside a form with a clip and a scaled CTM in plot units;
 * text sized by its text matrix, compressed (Tz), spaced (Tc) or set in a
 * Type3 font with its own font matrix; a portrait page turned by /Rotate 90;
 * imperial and metric tags and notes.
 */
import { DOORS, PLAN_AREAS, PLAN_ROOMS, WALL, type PlanDoor } from './pdf-plan-fixture';
import { pdfString, TYPE3_WIDTH, type StyledPage } from './pdf-style-writer';

export { writeStyledPdf, type StyledPage } from './pdf-style-writer';

type Pt = [number, number];

export const SQ_FT_PER_SQ_M = 10.763910416709722;

export interface StyleOptions {
  feetPerPoint: number;
  /** The scale note as written on the sheet ("SCALE: 1/4\" = 1'-0\"", "M 1:100"). */
  note: string;
  walls:
    | 'faces'
    | 'poche'
    | 'poche-outline'
    | 'poche-outline-apart'
    | 'poche-pieces'
    | 'poche-pattern'
    | 'hatch'
    | 'hatch-clip'
    | 'hatch-solid'
    | 'thick';
  /**
   * Doors: leaf line and swing; the same with the swing's centre 9% of its radius behind the hinge (drafted
   * loosely, as small plans are); a form with a leaf rectangle and swing (Revit); the same with a solid leaf.
   */
  doors: 'lines' | 'lines-off-centre' | 'form' | 'form-solid-leaf';
  /** How tags print areas: none, "120 SF", "AREA: 120 SF", "11.15 m²", "11.15 m2", "11,15 m²". */
  areas?: 'none' | 'sf' | 'area-sf' | 'm²' | 'm2' | 'm²-comma';
  /** Room numbers under the names (Revit and ArchiCAD tags: name, number, area). */
  numbers?: boolean;
  /** How text is written: placed with Td at its size, sized by Tm (Tz 80 and Tc too), or in a Type3 font. */
  text?: 'td' | 'tm-scaled' | 'type3' | 'shx';
  /** Everything inside one form XObject, clipped to the viewport, in 1/600" plot units (AutoCAD's DWG to PDF). */
  plotForm?: boolean;
  /** Stored portrait and turned for showing by /Rotate 90 (a quarter clockwise) or 270. */
  rotate?: 90 | 270;
  /** The sheet's size as shown, points (792 × 612 unless given: ARCH D is 2592 × 1728). */
  sheet?: { width: number; height: number };
  /** The MediaBox's lower-left corner, when not at 0 0. */
  origin?: [number, number];
  textSize?: number;
  /** Each room filled with a light colour under the walls (Revit's colour schemes). */
  roomFills?: boolean;
  /** Each room's size under its name (`12'-0" x 10'-0"`, or `3.66 x 3.05 m`), as residential plans print it. */
  sizes?: 'imperial' | 'metric';
}

export interface StyledPlan {
  page: StyledPage;
  /** Expected room names (name lines and number) and their true areas, square feet. */
  areas: Record<string, number>;
  /** Areas the tags print, square feet, by room name (as the tag's rounding gives them). */
  printed: Record<string, number>;
  doorCount: number;
}

const NUMBERS: Record<string, string | undefined> = {
  OFFICE: '101',
  'BEDROOM 2': '102',
  CLOSET: '103',
  'CORRIDOR C-1': undefined, // its tag already ends with its number
};

/** Plan size: the rooms' inner faces and the outer wall round them. */
const OUTER: [Pt, Pt] = [
  [0, 0],
  [
    Math.max(...PLAN_ROOMS.flatMap((r) => r.ring.map((p) => p[0]))) + WALL,
    Math.max(...PLAN_ROOMS.flatMap((r) => r.ring.map((p) => p[1]))) + WALL,
  ],
];
/** Every corner of the plan lies on this grid (feet): its walls are unions of cells. */
const CELL = 0.5;

/** Landscape sheet size in points, unless the options give one. */
const LETTER = { width: 792, height: 612 };
/** The plan's top-left corner from the sheet's top-left (points). */
const ORIGIN: Pt = [60, 80];
/** Plot units per point in the plot form (1/600 inch). */
const PLOT_UNITS = 600 / 72;

export function styledPlan(options: StyleOptions): StyledPlan {
  const f = options.feetPerPoint;
  const SHEET = options.sheet ?? LETTER;
  const size = options.textSize ?? 8;
  // Feet (y down, plan origin) to the drawing's user space: sheet points, or plot units inside the plot form.
  const plot = options.plotForm ? PLOT_UNITS : 1;
  // The plot form writes whole plot units, as AutoCAD does: every point moves by up to 1/1200".
  const digits = options.plotForm ? 0 : 4;
  const sx = (ft: number) => round((ORIGIN[0] + ft / f) * plot, digits);
  const sy = (ft: number) => round((SHEET.height - (ORIGIN[1] + ft / f)) * plot, digits);
  const xy = (p: Pt) => `${sx(p[0])} ${sy(p[1])}`;
  const pen = (points: number) => round(points * plot);
  const ops: string[] = [];
  const forms: NonNullable<StyledPage['forms']> = {};

  // Walls.
  const cells = wallCells();
  const rings = boundaryRings(cells);
  const pieces = wallPieces(cells);
  const ringPath = (ring: Pt[]) =>
    `${xy(ring[0])} m ${ring
      .slice(1)
      .map((p) => `${xy(p)} l`)
      .join(' ')} h`;
  if (options.roomFills) {
    const colours = ['0.85 0.92 1 rg', '1 0.9 0.8 rg', '0.9 1 0.85 rg', '1 1 0.8 rg'];
    PLAN_ROOMS.forEach((room, k) => ops.push(`q ${colours[k % colours.length]} ${ringPath(room.ring)} f Q`));
  }
  switch (options.walls) {
    case 'faces':
      ops.push(`q ${pen(0.7)} w 0 0 0 RG`, ...rings.map((r) => `${ringPath(r)} S`), 'Q');
      break;
    case 'poche':
      // Revit: the walls' cut pattern as one solid shape, no outline.
      ops.push('q 0 0 0 rg', `${rings.map(ringPath).join(' ')} f*`, 'Q');
      break;
    case 'poche-pattern':
      // The paper painted white first (as plotters do), then the walls filled with a tiling pattern (a
      // hatch as a pattern colour) in the same graphics state.
      ops.push(
        `1 1 1 rg 0 0 ${pen(SHEET.width)} ${pen(SHEET.height)} re f`,
        `/Pattern cs /P0 scn ${rings.map(ringPath).join(' ')} f*`,
      );
      break;
    case 'poche-outline':
      ops.push(`q 0.2 0.2 0.2 rg ${pen(0.25)} w 0 0 0 RG`, `${rings.map(ringPath).join(' ')} B*`, 'Q');
      break;
    case 'poche-outline-apart':
      // The same shape filled, then stroked, as two paths (as cairo and others write what Revit writes as B*).
      ops.push(
        `q 0.2 0.2 0.2 rg ${pen(0.25)} w 0 0 0 RG`,
        `${rings.map(ringPath).join(' ')} f*`,
        `${rings.map(ringPath).join(' ')} S`,
        'Q',
      );
      break;
    case 'poche-pieces':
      // A filled rectangle per wall piece, grey, no outline.
      ops.push(
        'q 0.5 g',
        ...pieces.map(([a, b]) => `${xy([a[0], b[1]])} ${pen((b[0] - a[0]) / f)} ${pen((b[1] - a[1]) / f)} re f`),
        'Q',
      );
      break;
    case 'hatch':
    case 'hatch-clip': {
      ops.push(`q ${pen(0.5)} w 0 0 0 RG`, ...rings.map((r) => `${ringPath(r)} S`), 'Q');
      const spacing = 0.35;
      if (options.walls === 'hatch') {
        // ArchiCAD and AutoCAD: each hatch line cut to the wall it crosses.
        const lines = pieces.flatMap((piece) => hatchIn(piece, spacing));
        ops.push(`q ${pen(0.18)} w 0 0 0 RG`, ...lines.map(([a, b]) => `${xy(a)} m ${xy(b)} l S`), 'Q');
      } else {
        // Lines across the whole plan shown only inside the walls: the walls' outline as the clipping path.
        const lines = hatchIn(OUTER, spacing);
        ops.push(
          `q ${rings.map(ringPath).join(' ')} W* n ${pen(0.18)} w 0 0 0 RG`,
          ...lines.map(([a, b]) => `${xy(a)} m ${xy(b)} l S`),
          'Q',
        );
      }
      break;
    }
    case 'hatch-solid': {
      // AutoCAD's SOLID hatch printed through Ghostscript: each wall piece painted by 45° lines closer together
      // than their width, with no outline.
      const lines = pieces.flatMap((piece) => hatchIn(piece, 0.18 * f));
      ops.push(`q ${pen(0.72)} w 0 0 0 RG`, ...lines.map(([a, b]) => `${xy(a)} m ${xy(b)} l S`), 'Q');
      break;
    }
    case 'thick': {
      // Each wall a single line along its middle as wide as the wall (butt caps), run on to the middle of
      // the wall it meets, as a wall's centre line is drawn.
      const wallAt = (x: number, y: number) => cells[Math.floor(y / CELL)]?.[Math.floor(x / CELL)] === true;
      ops.push('q 0 0 0 RG 0 J');
      for (const [a, b] of pieces) {
        const across = Math.min(b[0] - a[0], b[1] - a[1]);
        const level =
          b[0] - a[0] > b[1] - a[1] ||
          (b[0] - a[0] === b[1] - a[1] &&
            !wallAt(a[0] + across / 2, a[1] - CELL / 2) &&
            !wallAt(a[0] + across / 2, b[1] + CELL / 2));
        const mid = level ? (a[1] + b[1]) / 2 : (a[0] + b[0]) / 2;
        const half = WALL / 2;
        const from: Pt = level
          ? [a[0] - (wallAt(a[0] - CELL / 2, mid) ? half : 0), mid]
          : [mid, a[1] - (wallAt(mid, a[1] - CELL / 2) ? half : 0)];
        const to: Pt = level
          ? [b[0] + (wallAt(b[0] + CELL / 2, mid) ? half : 0), mid]
          : [mid, b[1] + (wallAt(mid, b[1] + CELL / 2) ? half : 0)];
        ops.push(`${pen(across / f)} w ${xy(from)} m ${xy(to)} l S`);
      }
      ops.push('Q');
      break;
    }
  }

  // Doors.
  if (options.doors === 'lines' || options.doors === 'lines-off-centre') {
    ops.push(`q ${pen(0.25)} w 0 0 0 RG`);
    for (const door of DOORS) {
      const r = dist(door.hinge, door.closed);
      const tip = add(door.hinge, door.swing, r);
      const along = unit2(door.hinge, door.closed);
      const k = 0.5522847498 * r;
      // The swing's circle: round the hinge, or centred behind it.
      const centre = options.doors === 'lines' ? door.hinge : add(door.hinge, door.swing, -0.09 * r);
      const [from, to] = [add(centre, door.swing, r), add(centre, along, r)];
      const c1 = add(from, along, k);
      const c2 = add(to, door.swing, k);
      ops.push(`${xy(door.hinge)} m ${xy(tip)} l S`, `${xy(from)} m ${xy(c1)} ${xy(c2)} ${xy(to)} c S`);
    }
    ops.push('Q');
  } else {
    // Revit: one form per door type, in feet (hinge at the origin, opening along x, swing towards y), placed per door.
    for (const door of DOORS) {
      const r = dist(door.hinge, door.closed);
      const name = `Door${Math.round(r * 12)}`;
      forms[name] ??= {
        content: doorSymbol(r, options.doors === 'form-solid-leaf'),
        bbox: [-0.5, -0.5, r + 0.5, r + 0.5],
      };
      ops.push(`q ${placement(door, f, plot, sx, sy).join(' ')} cm /${name} Do Q`);
    }
  }

  // Room tags.
  const areas: Record<string, number> = {};
  const printed: Record<string, number> = {};
  const texts: Array<{ text: string; at: Pt; size: number }> = [];
  for (const room of PLAN_ROOMS) {
    const full = room.name.join(' ');
    const number = options.numbers ? NUMBERS[full] : undefined;
    const name = number ? `${full} ${number}` : full;
    areas[name] = PLAN_AREAS[full];
    const lines = [
      ...room.name,
      ...(options.sizes ? [sizeText(room.ring, options.sizes)] : []),
      ...(number ? [number] : []),
    ];
    const area = areaText(PLAN_AREAS[full], options.areas ?? 'none');
    if (area) {
      lines.push(area.text);
      printed[name] = area.sqFt;
    }
    lines.forEach((text, i) => texts.push({ text, at: [room.label[0], room.label[1]], size: -i }));
  }
  const textOps: string[] = [];
  const shx: NonNullable<StyledPage['shx']> = [];
  const write = (text: string, x: number, y: number, textSize: number) => {
    if (options.text !== 'shx') {
      textOps.push(textOperators(text, x, y, textSize, options.text ?? 'td', plot));
      return;
    }
    // AutoCAD's SHX lettering: each letter a stroked zigzag, the string in a hidden comment round it.
    const advance = textSize * SHX_WIDTH;
    const strokes = [...text].flatMap((c, k) => {
      if (c === ' ') return [];
      const x0 = round(x + k * advance);
      const x1 = round(x0 + advance * 0.7);
      const top = round(y + textSize);
      return [`${x0} ${top} m ${x1} ${top} l ${x0} ${round(y)} l ${x1} ${round(y)} l S`];
    });
    textOps.push(`q ${pen(0.18)} w 0 0 0 RG`, ...strokes, 'Q');
    shx.push({ contents: text, rect: [x / plot, y / plot, (x + text.length * advance) / plot, (y + textSize) / plot] });
  };
  for (const { text, at, size: line } of texts) {
    const width = textWidth(text, size, options.text ?? 'td');
    write(
      text,
      (ORIGIN[0] + at[0] / f - width / 2) * plot,
      (SHEET.height - (ORIGIN[1] + at[1] / f) + line * size * 1.2) * plot,
      size * plot,
    );
  }
  write('FIRST FLOOR PLAN', 60 * plot, 40 * plot, 12 * plot);
  write(options.note, 60 * plot, 26 * plot, 8 * plot);
  ops.push(...textOps);

  let content = ops.join('\n');
  if (options.plotForm) {
    // AutoCAD: the sheet's drawing in one form, clipped to the viewport, scaled from plot units to points.
    forms.Plot = {
      content: `q 40 20 ${SHEET.width - 80} ${SHEET.height - 40} re W n q ${round(1 / plot, 6)} 0 0 ${round(1 / plot, 6)} 0 0 cm\n${content}\nQ Q`,
      bbox: [0, 0, SHEET.width, SHEET.height],
    };
    content = 'q /Plot Do Q';
  }
  // Stored portrait: the landscape drawing turned the other way, shown turned back by /Rotate.
  const turn = { 90: `0 1 -1 0 ${SHEET.height} 0`, 270: `0 -1 1 0 0 ${SHEET.width}` };
  const page: StyledPage = options.rotate
    ? {
        content: `q ${turn[options.rotate]} cm\n${content}\nQ`,
        width: SHEET.height,
        height: SHEET.width,
        rotate: options.rotate,
      }
    : { content, width: SHEET.width, height: SHEET.height };
  if (options.origin) {
    page.origin = options.origin;
    page.content = `q 1 0 0 1 ${options.origin.join(' ')} cm\n${page.content}\nQ`;
  }
  if (Object.keys(forms).length) page.forms = forms;
  if (shx.length) {
    // The rectangles in the page's own space: turned as the content is, then moved with the MediaBox.
    const [a, b, c, d, e, g] = options.rotate ? turn[options.rotate].split(' ').map(Number) : [1, 0, 0, 1, 0, 0];
    const [ox, oy] = options.origin ?? [0, 0];
    const at = (x: number, y: number) => [a * x + c * y + e + ox, b * x + d * y + g + oy];
    page.shx = shx.map(({ contents, rect: [x0, y0, x1, y1] }) => {
      const [p, q] = [at(x0, y0), at(x1, y1)];
      return {
        contents,
        rect: [Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1])],
      };
    });
  }
  return { page, areas, printed, doorCount: DOORS.length };
}

/** The area as a tag prints it, and what that print says in square feet. */
/** A room's size over all (width by depth of its ring), written as a plan's tag writes it. */
function sizeText(ring: readonly Pt[], style: NonNullable<StyleOptions['sizes']>): string {
  const span = (k: 0 | 1) => Math.max(...ring.map((p) => p[k])) - Math.min(...ring.map((p) => p[k]));
  const [width, depth] = [span(0), span(1)];
  if (style === 'metric') return `${(width * 0.3048).toFixed(2)} x ${(depth * 0.3048).toFixed(2)} m`;
  const feetInches = (feet: number) => {
    const inches = Math.round(feet * 12);
    return `${Math.floor(inches / 12)}'-${inches % 12}"`;
  };
  return `${feetInches(width)} x ${feetInches(depth)}`;
}

function areaText(sqFt: number, style: NonNullable<StyleOptions['areas']>): { text: string; sqFt: number } | undefined {
  if (style === 'none') return undefined;
  if (style === 'sf' || style === 'area-sf') {
    const text = `${Math.round(sqFt)} SF`;
    return { text: style === 'sf' ? text : `AREA: ${text}`, sqFt: Math.round(sqFt) };
  }
  const m2 = (sqFt / SQ_FT_PER_SQ_M).toFixed(2);
  const text = style === 'm²-comma' ? `${m2.replace('.', ',')} m²` : `${m2} ${style}`;
  return { text, sqFt: Number(m2) * SQ_FT_PER_SQ_M };
}

/** A door's leaf (a 1 3/4" rectangle standing open) and its swing, in feet: hinge at the origin. */
function doorSymbol(r: number, solidLeaf: boolean): string {
  const t = 1.75 / 12;
  const k = 0.5522847498 * r;
  // The line width is in feet here (the placement scales it): 0.25 pt at the sheet's scale is drawn by the caller's CTM.
  return [
    '0.02 w 0 0 0 RG',
    `0 0 m 0 ${r} l ${-t} ${r} l ${-t} 0 l h ${solidLeaf ? 'f' : 'S'}`,
    `0 ${r} m ${k} ${r} ${r} ${k} ${r} 0 c S`,
  ].join('\n');
}

/** The CTM placing a door symbol (hinge at its origin, opening along x, swing along y) at a door, in user space. */
function placement(
  door: PlanDoor,
  f: number,
  unit: number,
  sx: (ft: number) => number,
  sy: (ft: number) => number,
): number[] {
  const along = unit2(door.hinge, door.closed);
  // Feet to user space: x right, y up (the plan's y runs down the sheet).
  const s = unit / f;
  return [along[0] * s, -along[1] * s, door.swing[0] * s, -door.swing[1] * s, sx(door.hinge[0]), sy(door.hinge[1])].map(
    (v) => round(v, 6),
  );
}

function unit2(a: Pt, b: Pt): Pt {
  const d = dist(a, b);
  return [(b[0] - a[0]) / d, (b[1] - a[1]) / d];
}

const HELVETICA_MEAN_WIDTH = 0.55;
/** tm-scaled text: glyphs compressed to 80% and 0.3 pt apart (an AutoCAD width factor and tracking). */
const COMPRESSION = 0.8;
const TRACKING = 0.3;

/** SHX letters (romans.shx and the like) advance about 0.8 of the text height. */
const SHX_WIDTH = 0.8;

function textWidth(text: string, size: number, style: NonNullable<StyleOptions['text']>): number {
  if (style === 'shx') return text.length * size * SHX_WIDTH;
  if (style === 'type3') return text.length * size * TYPE3_WIDTH;
  if (style === 'tm-scaled') return text.length * (size * HELVETICA_MEAN_WIDTH + TRACKING) * COMPRESSION;
  return text.length * size * HELVETICA_MEAN_WIDTH;
}

function textOperators(
  text: string,
  x: number,
  y: number,
  size: number,
  style: NonNullable<StyleOptions['text']>,
  unit: number,
): string {
  const s = pdfString(text);
  const at = `${round(x)} ${round(y)}`;
  if (style === 'type3') return `BT /F3 ${round(size)} Tf ${at} Td (${s}) Tj ET`;
  if (style === 'tm-scaled')
    return `BT /F1 1 Tf ${COMPRESSION * 100} Tz ${round((TRACKING * unit) / size, 5)} Tc ${round(size)} 0 0 ${round(size)} ${at} Tm (${s}) Tj ET`;
  return `BT /F1 ${round(size)} Tf ${at} Td (${s}) Tj ET`;
}

// ---- The plan's walls as cells of a grid ----

type Cells = boolean[][];

/** Grid cells (CELL feet square) inside the outer wall, in no room and in no door opening. */
function wallCells(): Cells {
  const columns = Math.round(OUTER[1][0] / CELL);
  const rows = Math.round(OUTER[1][1] / CELL);
  const openings = DOORS.map((door) => {
    const back = add(door.closed, door.swing, -WALL);
    return [
      Math.min(door.hinge[0], back[0]),
      Math.min(door.hinge[1], back[1]),
      Math.max(door.hinge[0], back[0]),
      Math.max(door.hinge[1], back[1]),
    ];
  });
  const cells: Cells = [];
  for (let j = 0; j < rows; j++) {
    cells.push([]);
    for (let i = 0; i < columns; i++) {
      const cx = (i + 0.5) * CELL;
      const cy = (j + 0.5) * CELL;
      const inRoom = PLAN_ROOMS.some((room) => contains(room.ring, cx, cy));
      const inOpening = openings.some(([x0, y0, x1, y1]) => cx > x0 && cx < x1 && cy > y0 && cy < y1);
      cells[j].push(!inRoom && !inOpening);
    }
  }
  return cells;
}

/** The wall cells' outlines: closed rings of level and plumb sides (outer face, then the rooms' faces). */
function boundaryRings(cells: Cells): Pt[][] {
  const at = (i: number, j: number) => cells[j]?.[i] === true;
  // Directed cell sides with the wall on their left (y down: walking +x along a cell's bottom side...).
  const next = new Map<string, Pt>();
  const key = (p: Pt) => `${p[0]},${p[1]}`;
  cells.forEach((row, j) =>
    row.forEach((wall, i) => {
      if (!wall) return;
      if (!at(i, j - 1)) next.set(key([i, j]), [i + 1, j]);
      if (!at(i + 1, j)) next.set(key([i + 1, j]), [i + 1, j + 1]);
      if (!at(i, j + 1)) next.set(key([i + 1, j + 1]), [i, j + 1]);
      if (!at(i - 1, j)) next.set(key([i, j + 1]), [i, j]);
    }),
  );
  const rings: Pt[][] = [];
  while (next.size) {
    const [startKey, first] = next.entries().next().value as [string, Pt];
    const start = startKey.split(',').map(Number) as Pt;
    const ring: Pt[] = [start];
    next.delete(startKey);
    let current = first;
    while (key(current) !== startKey) {
      ring.push(current);
      const to = next.get(key(current))!;
      next.delete(key(current));
      current = to;
    }
    // Only the corners: drop points in line with their neighbours.
    const corners = ring.filter((p, k) => {
      const a = ring[(k + ring.length - 1) % ring.length];
      const b = ring[(k + 1) % ring.length];
      return (a[0] - p[0]) * (b[1] - p[1]) - (a[1] - p[1]) * (b[0] - p[0]) !== 0;
    });
    rings.push(corners.map(([i, j]) => [i * CELL, j * CELL]));
  }
  return rings;
}

/** The wall cells as rectangles (top-left, bottom-right, feet): runs along rows, stacked where rows repeat. */
function wallPieces(cells: Cells): Array<[Pt, Pt]> {
  const open = new Map<string, [Pt, Pt]>();
  const pieces: Array<[Pt, Pt]> = [];
  cells.forEach((row, j) => {
    const runs: Array<[number, number]> = [];
    for (let i = 0; i < row.length; i++) {
      if (!row[i]) continue;
      const start = i;
      while (i + 1 < row.length && row[i + 1]) i++;
      runs.push([start, i + 1]);
    }
    const still = new Set<string>();
    for (const [a, b] of runs) {
      const k = `${a},${b}`;
      const piece = open.get(k);
      if (piece && (b - a) * CELL <= WALL) piece[1][1] = (j + 1) * CELL;
      else {
        if (piece) pieces.push(piece);
        open.set(k, [
          [a * CELL, j * CELL],
          [b * CELL, (j + 1) * CELL],
        ]);
      }
      still.add(k);
    }
    for (const [k, piece] of open)
      if (!still.has(k)) {
        pieces.push(piece);
        open.delete(k);
      }
  });
  pieces.push(...open.values());
  return pieces;
}

/** 45° hatch lines `spacing` feet apart across a rectangle, cut to it. */
function hatchIn([a, b]: [Pt, Pt], spacing: number): Array<[Pt, Pt]> {
  const lines: Array<[Pt, Pt]> = [];
  // Lines x + y = c, on one grid for the whole plan so they run on from piece to piece.
  for (let c = Math.ceil((a[0] + a[1]) / spacing) * spacing; c < b[0] + b[1]; c += spacing) {
    const from: Pt = [Math.max(a[0], c - b[1]), 0];
    from[1] = c - from[0];
    const to: Pt = [Math.min(b[0], c - a[1]), 0];
    to[1] = c - to[0];
    if (to[0] - from[0] > 1e-9) lines.push([from, to]);
  }
  return lines;
}

function contains(ring: Pt[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function dist(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function add(p: Pt, d: Pt, by: number): Pt {
  return [p[0] + d[0] * by, p[1] + d[1] * by];
}

function round(value: number, digits = 4): number {
  return +value.toFixed(digits);
}
