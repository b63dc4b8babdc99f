/**
 * Where the documents write a finish code: its legend and material-schedule
 * descriptions, the schedule rows (rooms) that carry it, and its tags on plan
 * sheets with the rooms beside them, by the text's positions where the
 * analysis gives them.
 */
import type { Schedule } from '@kerf/contracts';
import type { AnalysedDocument } from '../sourced-quantity';
import { CODE, codeMatches, codesIn, legendEntries, legendEntry } from './finish-codes';
import { columnLabel, rowNaming } from './schedule-rows';
import { pagesOf, scaleOf, type SheetPage } from './sheet-pages';

/** A schedule row that carries an asked code, in which column, and the cell as written. */
export interface CodeInRow {
  room: string;
  /** The row's number or mark and its name, as the schedule writes them. */
  number?: string;
  name?: string;
  column: string;
  cell: string;
  /** The cell holds other codes too (CPT-1/VCT-1): the room is shared between them. */
  shared: boolean;
  /** The schedule's row itself, to find it again among the room schedule rows a measured room is matched to. */
  cells: readonly string[];
}

export interface ScheduleFindings {
  doc: AnalysedDocument;
  page: SheetPage;
  schedule: Schedule;
  rows: CodeInRow[];
}

/** A tag of a code written on a plan page, and the room labels on the same line of text. */
export interface PlanTags {
  doc: AnalysedDocument;
  page: SheetPage;
  code: string;
  count: number;
  /**
   * Rooms that hold a tag (their outline, when the text has positions) or are named on its line
   * (a phrase of the sheet's text); never one a schedule finishes otherwise.
   */
  beside: string[];
  /** The page's text has positions: `beside` are the rooms whose outlines hold the tags. */
  placed: boolean;
}

export interface CodeFindings {
  code: string;
  /** What the legend or material schedule says the code is ("VINYL COMPOSITION TILE"). */
  descriptions: Array<{ code: string; description: string; doc: AnalysedDocument; page: SheetPage }>;
  schedules: ScheduleFindings[];
  tags: PlanTags[];
}

/**
 * Where the documents write a code: what their legends and material schedules
 * say it is, the schedule rows (rooms) that carry it, and its tags on plan sheets.
 */
export function findCode(code: string, documents: AnalysedDocument[]): CodeFindings {
  const findings: CodeFindings = { code, descriptions: [], schedules: [], tags: [] };
  const described = new Set<string>();
  const describe = (written: string, description: string, doc: AnalysedDocument, page: SheetPage) => {
    if (described.has(written) || !description.trim()) return;
    described.add(written);
    findings.descriptions.push({ code: written, description: description.trim(), doc, page });
  };
  // Every row a schedule names, so that a plan's tag beside a room the schedule finishes otherwise is not taken.
  const scheduled = new Map<string, boolean>();
  for (const doc of documents)
    for (const page of pagesOf(doc))
      for (const schedule of page.schedules ?? []) {
        const { columns, nameOf } = rowNaming(schedule);
        const rows: CodeInRow[] = [];
        for (const row of schedule.rows) {
          const identity = columns.map((i) => row[i] ?? '').join(' ');
          const own = codesIn(identity);
          // A material schedule's row defines the code (CODE | MATERIAL | MANUFACTURER…): its description, not a room.
          if (own.length && columns[0] === 0 && codesIn(row[0] ?? '').some((c) => codeMatches(c, code))) {
            describe(row[0]!.trim(), row[1] ?? '', doc, page);
            continue;
          }
          const name = nameOf(row);
          if (!name) continue;
          let carries = false;
          row.forEach((cell, i) => {
            if (columns.includes(i)) return;
            const written = codesIn(cell);
            if (!written.some((c) => codeMatches(c, code))) return;
            carries = true;
            rows.push({
              room: name,
              ...(columns.length === 2 ? { number: row[columns[0]!]?.trim(), name: row[columns[1]!]?.trim() } : {}),
              column: columnLabel(schedule.columns[i] ?? `column ${i + 1}`),
              cell: cell.trim(),
              shared: written.some((c) => !codeMatches(c, code)),
              cells: row,
            });
          });
          for (const key of roomKeys(name)) scheduled.set(key, (scheduled.get(key) ?? false) || carries);
        }
        if (rows.length) findings.schedules.push({ doc, page, schedule, rows });
      }
  for (const doc of documents)
    for (const page of pagesOf(doc)) {
      const lines = page.text.split('\n');
      const legendLines = new Set<number>();
      for (const legend of legendEntries(page.text)) {
        for (const i of legend.lines) legendLines.add(i);
        if (codeMatches(legend.code, code)) describe(legend.code, legend.description, doc, page);
      }
      // A schedule page's cells are its rows, already read; tags are counted on the other sheets.
      if (page.schedules?.length && !scaleOf(page)) continue;
      const byCode = new Map<string, PlanTags>();
      // With the text's positions, a tag belongs to the measured room whose outline holds it; without, to the
      // room named on its line.
      const placed = placedTextOf(page);
      const entries: Array<{ text: string; at?: [number, number] }> = placed
        ? placed.filter((item) => !legendEntry(item.text)).map((item) => ({ text: item.text, at: centreOf(item) }))
        : lines.flatMap((line, i) => (legendLines.has(i) ? [] : [{ text: line }]));
      for (const { text, at } of entries) {
        // A note's sentence that mentions a code ("…TO RESILIENT AND CT FLOORING") is no tag.
        if (text.trim().split(/\s+/).length > 8) continue;
        const written = codesIn(text).filter((c) => codeMatches(c, code));
        // A bare family on a line of its own is a legend's symbol (VCT beside its hatch), not a tag of a room.
        const tags = written.filter((c) => /\d/.test(c) || text.trim() !== c);
        for (const tag of tags) {
          const found = byCode.get(tag) ?? { doc, page, code: tag, count: 0, beside: [], placed: !!placed };
          found.count++;
          const around = at ? roomsAround(at, doc, page.number) : [];
          for (const room of around.length ? around : roomsOnLine(text, documents, doc))
            if (scheduled.get(room.key) !== false && !found.beside.includes(room.name)) found.beside.push(room.name);
          byCode.set(tag, found);
        }
      }
      findings.tags.push(...byCode.values());
    }
  return findings;
}

/** The keys a room is known by: its number or mark (149, CE-2, 160A), else its whole name. */
function roomKeys(name: string): string[] {
  const marks = name.match(/\b(?:[A-Z]{1,3}-?\d{1,4}[A-Z]?|\d{1,4}[A-Z]?)\b/g) ?? [];
  return marks.length ? marks.map((m) => m.toUpperCase()) : [name.trim().toUpperCase()];
}

/** A run of a page's text with its place: page points, origin top-left, y down, `y` on the baseline. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The page's text with positions, if the analysis gives them (`pages[].lines`,
 * `words` or `textItems`: `{ text, x, y, width?, height? }` in page points); null when it gives only the text.
 */
export function placedTextOf(page: SheetPage): PlacedText[] | null {
  for (const key of ['lines', 'words', 'textItems']) {
    const items = (page as unknown as Record<string, unknown>)[key];
    if (!Array.isArray(items) || !items.length) continue;
    const placed = items.flatMap((item): PlacedText[] => {
      const { text, str, x, y, width, height } = (item ?? {}) as Record<string, unknown>;
      const words = typeof text === 'string' ? text : typeof str === 'string' ? str : '';
      if (!words.trim() || typeof x !== 'number' || typeof y !== 'number') return [];
      return [
        {
          text: words,
          x,
          y,
          width: typeof width === 'number' ? width : 0,
          height: typeof height === 'number' ? height : 0,
        },
      ];
    });
    if (placed.length) return placed;
  }
  return null;
}

const centreOf = (item: PlacedText): [number, number] => [item.x + item.width / 2, item.y - item.height / 2];

/** The measured rooms of a page whose outline holds a point. */
function roomsAround(
  point: [number, number],
  doc: AnalysedDocument,
  page: number,
): Array<{ key: string; name: string }> {
  return (doc.analysis.rooms ?? []).flatMap((room) => {
    const { page: on, outline } = room as { page?: unknown; outline?: unknown };
    if (on !== page || !Array.isArray(outline) || outline.length < 3) return [];
    return inside(point, outline as Array<[number, number]>) ? [{ key: roomKeys(room.name)[0]!, name: room.name }] : [];
  });
}

/** Even-odd test of a point against a polygon. */
function inside([x, y]: [number, number], polygon: Array<[number, number]>): boolean {
  let holds = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) holds = !holds;
  }
  return holds;
}

/** Room labels on one line of a plan's text: the measured rooms' numbers and names that the line holds. */
function roomsOnLine(
  line: string,
  documents: AnalysedDocument[],
  doc: AnalysedDocument,
): Array<{ key: string; name: string }> {
  const found: Array<{ key: string; name: string }> = [];
  const tokens = new Set(line.toUpperCase().split(/\s+/));
  for (const room of doc.analysis.rooms ?? []) {
    for (const key of roomKeys(room.name))
      if (tokens.has(key) && !CODE.test(key.replace(/^\d+[A-Z]?$/, ''))) found.push({ key, name: room.name });
  }
  // Without measured rooms, a room number the schedules name (3 or 4 digits, a letter after) stands for its room.
  if (!found.length)
    for (const token of tokens)
      if (/^\d{2,4}[A-Z]?$/.test(token) && scheduleRoomNamed(token, documents))
        found.push({ key: token, name: scheduleRoomNamed(token, documents)! });
  return found;
}

function scheduleRoomNamed(mark: string, documents: AnalysedDocument[]): string | undefined {
  for (const doc of documents)
    for (const page of pagesOf(doc))
      for (const schedule of page.schedules ?? []) {
        const { columns, nameOf } = rowNaming(schedule);
        const row = schedule.rows.find((r) => (r[columns[0]!] ?? '').trim().toUpperCase() === mark);
        if (row) return nameOf(row);
      }
  return undefined;
}
