/**
 * Floor plans drawn in SVG and printed to PDF by Chromium (Skia's PDF
 * backend): an exporter none of the other fixtures writes. Skia places the
 * glyphs after a kerning pair with a text move of their own, fills walls as
 * rectangles with no outline (poché), and draws door swings as Béziers under
 * a scaled CTM. The true areas and wall lengths come from the layout itself.
 */
import { chromium } from 'playwright-core';

/** A room of a column: its clear depth (feet); `split` divides it with a wall `atFt` from the column's left face. */
export interface PlanRow {
  name: string;
  depthFt: number;
  split?: { atFt: number; name: string };
}

export interface PrintedPlanOptions {
  /** Clear widths of the left and right columns, feet. */
  leftFt: number;
  rightFt: number;
  left: PlanRow[];
  /** The right column's last room takes the depth the left column leaves. */
  right: PlanRow[];
  exteriorFt: number;
  interiorFt: number;
  doorFt: number;
  /** Real feet per PDF point, and the note saying so. */
  feetPerPoint: number;
  note: string;
  page: { widthIn: number; heightIn: number };
  font: string;
  /** Label size in CSS px. */
  labelPx: number;
  /** A line under each name: the room's number (101, 102, …), its area as a tag prints it, or both. */
  tagLines?: Array<'number' | 'sf' | 'm2'>;
  /** Walls filled solid (the default), or drawn as their outlines: each wall piece's rectangle stroked. */
  walls?: 'fill' | 'outline';
  /** Labels in bold. */
  bold?: boolean;
  /** Letter spacing of the labels, CSS px (Skia then places each glyph on its own). */
  letterSpacingPx?: number;
}

export interface PrintedPlan {
  pdf: Buffer;
  rooms: Array<{ name: string; areaSqFt: number; number?: string; printedAreaSqFt?: number }>;
  doors: number;
  /**
   * The walls' length on the rooms' side (as drywall, base and paint are taken off): the exterior walls'
   * inner faces, partitions between the faces they meet, less the door openings.
   */
  wallLengthFt: number;
}

type Rect = [x: number, y: number, w: number, h: number];
interface Door {
  hinge: [number, number];
  open: [number, number];
  shut: [number, number];
}

const SQ_FT_PER_SQ_M = 10.763910416709722;
/** CSS px per PDF point (96 px and 72 pt an inch). */
const PX_PER_PT = 96 / 72;

export async function printedPlan(o: PrintedPlanOptions): Promise<PrintedPlan> {
  const E = o.exteriorFt;
  const I = o.interiorFt;
  const D = o.doorFt;
  const leftDepth = o.left.reduce((sum, r) => sum + r.depthFt, 0) + I * (o.left.length - 1);
  const right = o.right.map((r, k) =>
    k < o.right.length - 1
      ? r
      : {
          ...r,
          depthFt: leftDepth - o.right.slice(0, -1).reduce((sum, q) => sum + q.depthFt + I, 0),
        },
  );
  const width = E * 2 + o.leftFt + I + o.rightFt;
  const depth = E * 2 + leftDepth;
  const walls: Rect[] = [];
  const doors: Door[] = [];
  const rooms: PrintedPlan['rooms'] = [];
  const labels: Array<{ name: string; x: number; y: number }> = [];
  let wallLengthFt = 0;
  const pxPerFt = PX_PER_PT / o.feetPerPoint;

  // Exterior, the front door in the top wall of the left column.
  const front = E + 1;
  walls.push([0, 0, front, E], [front + D, 0, width - front - D, E]);
  walls.push([0, depth - E, width, E], [0, 0, E, depth], [width - E, 0, E, depth]);
  doors.push({ hinge: [front, E], open: [front, E + D], shut: [front + D, E] });
  wallLengthFt += 2 * (width - 2 * E + depth - 2 * E) - D;
  // The wall between the columns, a door into the right column's first room.
  const columnX = E + o.leftFt;
  const columnDoor = E + 1;
  walls.push([columnX, E, I, columnDoor - E], [columnX, columnDoor + D, I, depth - E - columnDoor - D]);
  doors.push({
    hinge: [columnX + I, columnDoor],
    open: [columnX + I + D, columnDoor],
    shut: [columnX + I, columnDoor + D],
  });
  wallLengthFt += leftDepth - D;

  const column = (rows: PlanRow[], x0: number, clearWidth: number) => {
    let y = E;
    rows.forEach((row, k) => {
      if (k > 0) {
        // The wall above this room, a door 1' from its left end swinging into it.
        const gap = x0 + 1;
        walls.push([x0, y, gap - x0, I], [gap + D, y, x0 + clearWidth - gap - D, I]);
        doors.push({ hinge: [gap, y + I], open: [gap, y + I + D], shut: [gap + D, y + I] });
        wallLengthFt += clearWidth - D;
        y += I;
      }
      const widths = row.split ? [row.split.atFt, clearWidth - row.split.atFt - I] : [clearWidth];
      const names = row.split ? [row.name, row.split.name] : [row.name];
      if (row.split) {
        const wx = x0 + row.split.atFt;
        const gap = y + 1;
        walls.push([wx, y, I, gap - y], [wx, gap + D, I, y + row.depthFt - gap - D]);
        doors.push({ hinge: [wx + I, gap], open: [wx + I + D, gap], shut: [wx + I, gap + D] });
        wallLengthFt += row.depthFt - D;
      }
      let x = x0;
      widths.forEach((w, j) => {
        const areaSqFt = w * row.depthFt;
        const lines = [names[j]!];
        const room: PrintedPlan['rooms'][number] = { name: names[j]!, areaSqFt };
        for (const line of o.tagLines ?? []) {
          if (line === 'number') lines.push((room.number = String(101 + rooms.length)));
          if (line === 'sf') lines.push(`${(room.printedAreaSqFt = Math.round(areaSqFt))} SF`);
          if (line === 'm2') {
            const m2 = (areaSqFt / SQ_FT_PER_SQ_M).toFixed(2);
            room.printedAreaSqFt = Number(m2) * SQ_FT_PER_SQ_M;
            lines.push(`${m2} m²`);
          }
        }
        rooms.push(room);
        lines.forEach((text, k) =>
          labels.push({ name: text, x: x + w / 2, y: y + row.depthFt / 2 + (k * o.labelPx * 1.3) / pxPerFt }),
        );
        x += w + I;
      });
      y += row.depthFt;
    });
  };
  column(o.left, E, o.leftFt);
  column(right, columnX + I, o.rightFt);

  // Feet to CSS px on the page, the plan an inch from the top left corner.
  const at = (v: number) => (96 + v * pxPerFt).toFixed(3);
  const len = (v: number) => (v * pxPerFt).toFixed(3);
  const svg = [
    ...walls.map(
      ([x, y, w, h]) =>
        `<rect x="${at(x)}" y="${at(y)}" width="${len(w)}" height="${len(h)}"` +
        (o.walls === 'outline' ? ` fill="none" stroke="#000" stroke-width="0.7"/>` : '/>'),
    ),
    ...doors.map(({ hinge, open, shut }) => {
      const sweep = (open[0] - hinge[0]) * (shut[1] - hinge[1]) - (open[1] - hinge[1]) * (shut[0] - hinge[0]) > 0;
      return (
        `<path d="M${at(hinge[0])} ${at(hinge[1])} L${at(open[0])} ${at(open[1])}" stroke="#000" stroke-width="1.4" fill="none"/>` +
        `<path d="M${at(open[0])} ${at(open[1])} A${len(D)} ${len(D)} 0 0 ${sweep ? 1 : 0} ${at(shut[0])} ${at(shut[1])}" stroke="#000" stroke-width="0.6" fill="none"/>`
      );
    }),
    ...labels.map(
      ({ name, x, y }) =>
        `<text x="${at(x)}" y="${at(y)}" font-family="${o.font}" font-size="${o.labelPx}"${o.bold ? ' font-weight="bold"' : ''} letter-spacing="${o.letterSpacingPx ?? 0}" text-anchor="middle">${name}</text>`,
    ),
  ].join('\n');
  const pageW = o.page.widthIn * 96;
  const pageH = o.page.heightIn * 96;
  const html =
    `<!doctype html><html><head><style>@page{size:${o.page.widthIn}in ${o.page.heightIn}in;margin:0}` +
    `html,body{margin:0;overflow:hidden}svg{display:block}</style></head><body>` +
    `<svg width="${pageW}" height="${pageH - 2}" viewBox="0 0 ${pageW} ${pageH - 2}" xmlns="http://www.w3.org/2000/svg">` +
    `<rect x="24" y="24" width="${pageW - 48}" height="${pageH - 50}" fill="none" stroke="#000" stroke-width="2"/>${svg}` +
    `<text x="96" y="${pageH - 72}" font-family="${o.font}" font-size="18">FLOOR PLAN</text>` +
    `<text x="96" y="${pageH - 50}" font-family="${o.font}" font-size="13">${o.note}</text></svg></body></html>`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    const pdf = await page.pdf({ width: `${o.page.widthIn}in`, height: `${o.page.heightIn}in`, printBackground: true });
    return { pdf, rooms, doors: doors.length, wallLengthFt };
  } finally {
    await browser.close();
  }
}
