/**
 * What a PDF sheet says in words, read from its analysis: the scale of each
 * sheet, its number and title, its schedules, and its finish codes (VCT-1,
 * CPT, PT-1…) with the rooms that carry them, from a schedule's rows or from
 * the tags beside room labels on the plan. Pure functions over the analyses,
 * shared by the local analyst and the model's tools.
 */
import type { PageAnalysis, Schedule } from '@kerf/contracts';
import type { AnalysedDocument } from './sourced-quantity';

/** A page as an analysis may hold it: `scale` is a note string in older analyses, an object (or null) in newer ones. */
export type SheetPage = Omit<PageAnalysis, 'scale'> & { scale?: unknown };

/** A page's scale, whichever form the analysis holds it in. */
export interface SheetScale {
  note?: string;
  /** Real feet per PDF point, when the analysis works it out. */
  feetPerPoint?: number;
  /** 'scale-note', 'calibration' or 'dimensions'. */
  source?: string;
}

export const pagesOf = (doc: AnalysedDocument): SheetPage[] => (doc.analysis.pages ?? []) as SheetPage[];

export function scaleOf(page: SheetPage): SheetScale | null {
  const scale = page.scale;
  if (typeof scale === 'string') return scale.trim() ? { note: scale.trim() } : null;
  if (!scale || typeof scale !== 'object') return null;
  const { note, feetPerPoint, source } = scale as Record<string, unknown>;
  const read: SheetScale = {};
  if (typeof note === 'string' && note.trim()) read.note = note.trim();
  if (typeof feetPerPoint === 'number' && feetPerPoint > 0) read.feetPerPoint = feetPerPoint;
  if (typeof source === 'string') read.source = source;
  return read.note || read.feetPerPoint ? read : null;
}

/** "1/8\" = 1'-0\"" for a scale; a calibrated one without a note as "1 in = 8 ft (calibrated)". */
export function describeScale(scale: SheetScale): string {
  const ratio =
    scale.feetPerPoint !== undefined ? `1 in on the sheet = ${round(scale.feetPerPoint * 72, 3)} ft` : undefined;
  const how =
    scale.source === 'calibration' ? 'calibrated by hand' : scale.source === 'dimensions' ? 'from its dimensions' : '';
  if (scale.note && /^(nts|n\.t\.s\.?|not to scale)$/i.test(scale.note))
    return scale.feetPerPoint !== undefined
      ? `${ratio} (${how || 'set'}; the sheet says not to scale)`
      : 'not to scale (the sheet says so): calibrate the page to measure on it';
  if (scale.note) return `${scale.note}${how ? ` (${how})` : ''}`;
  return `${ratio ?? 'a scale'}${how ? ` (${how})` : ''}`;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** "file.pdf, sheet AF101, page 1", the citation a reply gives a page. */
export function citePage(doc: AnalysedDocument, page: SheetPage, extra?: string): string {
  return [doc.filename, page.sheetNumber ? `sheet ${page.sheetNumber}` : '', `page ${page.number}`, extra ?? '']
    .filter(Boolean)
    .join(', ');
}

/** A page named as a person names it: "AF101 FIRST FLOOR FINISH PLAN". */
export const pageName = (page: SheetPage) => [page.sheetNumber, page.title].filter(Boolean).join(' ');

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+(?:[-.][a-z0-9]+)*/g) ?? [];

/** Words of a question that say nothing about which sheet, room or code is meant. */
const QUESTION_WORDS = new Set(
  (
    'a an the of on in at to for from by with and or is are was be do does did what which whats where who how ' +
    'get gets got have has carry carries receive receives use uses used show shows tell me give list all each every ' +
    'this that these those there it its their scale scales drawn drawing drawings sheet sheets page pages ' +
    'document documents set please about any some say says written stated sheet? per my our we you i'
  ).split(' '),
);

/**
 * The pages a question is about: those whose sheet number it names, or whose
 * title holds every word it uses to describe one ("the finish plan" → FIRST
 * FLOOR FINISH PLAN). Empty when it describes none of them.
 */
export function pagesNamed(
  question: string,
  documents: AnalysedDocument[],
): Array<{ doc: AnalysedDocument; page: SheetPage }> {
  const all = documents.flatMap((doc) => pagesOf(doc).map((page) => ({ doc, page })));
  const q = ` ${question.toLowerCase()} `;
  const bySheet = all.filter(
    ({ page }) =>
      page.sheetNumber && new RegExp(`[\\s"'(]${escape(page.sheetNumber.toLowerCase())}[\\s"'),.?!]`).test(q),
  );
  if (bySheet.length) return bySheet;
  const byPage = /\bpage\s+(\d+)\b/.exec(q);
  if (byPage) return all.filter(({ page }) => page.number === Number(byPage[1]));
  const described = words(question).filter(
    (word) => word.length > 1 && !QUESTION_WORDS.has(word) && !/^\d+$/.test(word),
  );
  if (!described.length) return [];
  const titled = all.filter(({ page }) => {
    const title = new Set(words(`${page.title ?? ''} ${page.sheetNumber ?? ''}`));
    return described.every((word) => title.has(word) || title.has(word.replace(/s$/, '')));
  });
  if (titled.length) return titled;
  // A file named for the sheet ("finish-plan.pdf") when the title block says nothing.
  return all.filter(({ doc }) => {
    const name = new Set(words(doc.filename.replace(/[_-]/g, ' ')));
    return described.every((word) => name.has(word));
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------
// Finish codes

/**
 * A code as drawings write them: a short upper-case family, optionally with a
 * number (VCT, VCT-1, PT-1, ACT2, RES-W, GWB); P1- and PT-/ are typos drawings carry.
 */
const CODE = /^[A-Z]{1,5}(?:-?[0-9]{1,3}[A-Z]?|-[A-Z]{1,2})?$/;

/** The family of a code: VCT-1 → VCT, ACT2 → ACT, RES-W → RES-W. */
export const familyOf = (code: string) => code.replace(/-?[0-9]{1,3}[A-Z]?$/, '');

/** The codes a cell or a line of text holds: "CPT-1/VCT-1" → CPT-1, VCT-1; "GYP BD (P-2)" → P-2 only. */
export function codesIn(text: string): string[] {
  return text
    .split(/[\s/,&+;()]+/)
    .map((token) => token.replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, ''))
    .filter((token) => CODE.test(token) && (/\d/.test(token) || token.length >= 2));
}

/** Whether a written code is the asked one: the same code, or of the asked family (VCT asks for VCT-1 and VCT-2). */
export function codeMatches(written: string, asked: string): boolean {
  if (written === asked) return true;
  return !/\d/.test(asked) && familyOf(written) === asked && written !== asked.replace(/-$/, '');
}

/** Words a drawing's codes coincide with that a question uses as words ("at", "as", "or"): never taken for a code. */
const ENGLISH = new Set(
  (
    'a an as at be by do go he if in is it me my no of on or so to up us we am are can did for get has how its may ' +
    'not now one our out see the two use was who why yes all any and but few got had her him his new off old own ' +
    'say she too way you room rooms area floor wall walls base ceiling door doors finish finishes each plan sheet ' +
    'page type what which where does they them have with from that this into'
  ).split(' '),
);

/** The code vocabulary of the documents: every code written in a schedule cell or a legend line, by family. */
export function codeVocabulary(documents: AnalysedDocument[]): Set<string> {
  const known = new Set<string>();
  for (const doc of documents)
    for (const page of pagesOf(doc)) {
      // In a schedule, a numbered code (VCT-1, P-2): its remarks' words (MATCH EXIST, SEE PLAN) are no codes.
      for (const schedule of page.schedules ?? [])
        for (const row of schedule.rows)
          for (const cell of row) for (const code of codesIn(cell)) if (/\d/.test(code)) add(code);
      for (const legend of legendEntries(page.text)) add(legend.code);
      // A plan's tags without a legend (VCT-1 beside a room name): a numbered code of letters.
      for (const code of codesIn(page.text)) if (/^[A-Z]{2,5}-?\d/.test(code)) add(code);
    }
  // A sheet number (AF600, A-101) names a sheet, not a finish.
  for (const doc of documents)
    for (const page of pagesOf(doc))
      if (page.sheetNumber) {
        known.delete(page.sheetNumber);
        if (
          familyOf(page.sheetNumber) !== page.sheetNumber &&
          ![...known].some((c) => c !== page.sheetNumber && familyOf(c) === familyOf(page.sheetNumber!))
        )
          known.delete(familyOf(page.sheetNumber));
      }
  return known;
  function add(code: string) {
    known.add(code);
    known.add(familyOf(code));
  }
}

/** "LVT LUXURY VINYL TILE" → { code: 'LVT', description: 'LUXURY VINYL TILE' }; a legend or abbreviations line. */
export function legendEntry(line: string): { code: string; description: string } | null {
  const match =
    /^([A-Z]{1,5}(?:-?[0-9]{1,3}[A-Z]?|-[A-Z]{1,2})?)(?:\s*\([A-Z]{1,4}\))?\s+([A-Z][A-Z ,/()&'.-]{3,})$/.exec(
      line.trim(),
    );
  if (!match) return null;
  const [code, description] = [match[1]!, match[2]!.trim()];
  // A heading ("ROOM FINISH LEGEND &") or a sentence is no legend entry: an entry names a material in a few words.
  if (description.split(/\s+/).length > 8 || /\b(LEGEND|SCHEDULE|NOTES?|PLAN)\b/.test(description)) return null;
  // Nor is a run of tags ("CG CG CG"): a description has a word.
  if (!description.split(/[\s/(),&-]+/).some((word) => word.length >= 4 && !CODE.test(word))) return null;
  // And its code abbreviates them (LVT: LUXURY VINYL TILE, GWB: GYPSUM WALLBACK…): "FLOOR FINISH" is a heading.
  return abbreviates(familyOf(code).replace(/-/g, ''), description) ? { code, description } : null;
}

/**
 * The legend entries of a page's text: "LVT LUXURY VINYL TILE" on one line, or
 * the code on a line of its own with its description on the next (as a
 * legend's two columns are often read), each with the lines it takes.
 */
export function legendEntries(text: string): Array<{ code: string; description: string; lines: number[] }> {
  const lines = text.split('\n');
  const entries: Array<{ code: string; description: string; lines: number[] }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const same = legendEntry(line);
    if (same) {
      entries.push({ ...same, lines: [i] });
      continue;
    }
    const next = lines[i + 1]?.trim() ?? '';
    if (CODE.test(line) && !CODE.test(next)) {
      const split = legendEntry(`${line} ${next}`);
      if (split) {
        entries.push({ ...split, lines: [i, i + 1] });
        i++;
      }
    }
  }
  return entries;
}

/** Whether the letters of a code start its description's first word and follow in order through it. */
function abbreviates(letters: string, description: string): boolean {
  const text = description.toUpperCase().replace(/[^A-Z]/g, '');
  if (!letters || text[0] !== letters[0]) return false;
  let at = 0;
  for (const letter of letters) {
    at = text.indexOf(letter, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** Codes a question writes in capitals that the documents' vocabulary does not hold: "which rooms get LVT?" on sheets without it. */
export function unknownCodesAsked(question: string, vocabulary: Set<string>): string[] {
  return (question.match(/\b[A-Z]{2,5}(?:-?[0-9]{1,3}[A-Z]?)?\b/g) ?? []).filter(
    (token) => !vocabulary.has(token) && !ENGLISH.has(token.toLowerCase()),
  );
}

/** The codes a question asks about, as the documents write them: "which rooms get vct?" → VCT. */
export function codesAsked(question: string, vocabulary: Set<string>): string[] {
  const asked: string[] = [];
  for (const token of question.split(/[\s,;:?!"'()]+/)) {
    const bare = token.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (!bare) continue;
    const upper = bare.toUpperCase();
    if (!CODE.test(upper) || !vocabulary.has(upper)) continue;
    // A word the question uses as a word ("at", "room") is a code only when written in capitals.
    const written = bare === upper && /[A-Z]/.test(bare);
    if (!written && (ENGLISH.has(bare.toLowerCase()) || bare.length < 3)) continue;
    if (!asked.includes(upper)) asked.push(upper);
  }
  return asked;
}

/** A column that names a schedule's row: its number or mark, and its name. */
const NUMBER_COLUMN = /\b(no\.?|number|num|#|mark|tag|rm|room)\s*$/i;
const NAME_COLUMN = /\b(name|room name|space|description)\s*$/i;

/** A column's header as a person reads it: `6" Number` (a stray label above the table) → Number. */
export const columnLabel = (column: string) => column.replace(/^\d+"?\s+(?=[A-Za-z])/, '').trim();

/** The columns of a schedule that name its rows (number, name), and how a row is named. */
export function rowNaming(schedule: Schedule): { columns: number[]; nameOf: (row: string[]) => string } {
  const labels = schedule.columns.map(columnLabel);
  const number = labels.findIndex((label) => NUMBER_COLUMN.test(label) && !/finish/i.test(label));
  const name = labels.findIndex((label, i) => i !== number && NAME_COLUMN.test(label));
  const columns = [number, name].filter((i) => i >= 0);
  if (!columns.length) columns.push(0);
  return {
    columns,
    nameOf: (row) =>
      columns
        .map((i) => (row[i] ?? '').trim())
        .filter(Boolean)
        .join(' '),
  };
}

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

/**
 * The codes whose legend or material schedule description holds every word of
 * a material ("carpet" → CPT-1, CPT-2; "ceramic tile" → CT, PT-1…), a family
 * standing for its numbered codes.
 */
export function codesDescribedAs(material: string, documents: AnalysedDocument[]): string[] {
  const wanted = words(material).filter((w) => w.length > 2);
  const codes = new Set<string>();
  const holds = (description: string) => {
    const said = new Set(words(description).map((w) => w.replace(/s$/, '')));
    return wanted.length > 0 && wanted.every((w) => said.has(w.replace(/s$/, '')));
  };
  for (const doc of documents)
    for (const page of pagesOf(doc)) {
      for (const legend of legendEntries(page.text)) if (holds(legend.description)) codes.add(legend.code);
      for (const schedule of page.schedules ?? [])
        for (const row of schedule.rows) {
          const [first, second] = [row[0]?.trim() ?? '', row[1] ?? ''];
          if (CODE.test(first) && /\d/.test(first) && holds(second)) codes.add(first);
        }
    }
  return [...codes].filter((code) => familyOf(code) === code || !codes.has(familyOf(code)));
}

// ---------------------------------------------------------------------------------------------
// Schedules

/** A schedule row a question names (by its number, mark or name), with the schedule and page it is on. */
export interface NamedRow {
  doc: AnalysedDocument;
  page: SheetPage;
  schedule: Schedule;
  row: string[];
  name: string;
}

/**
 * The schedule rows a question names: "room 150", "door 101", "CE-2", or every
 * word of a row's name ("the laundry", "conference/break room").
 */
export function rowsNamed(question: string, documents: AnalysedDocument[]): NamedRow[] {
  const asked = new Set(words(question));
  const tokens = new Set(
    question
      .toUpperCase()
      .split(/[\s,;:?!"'()]+/)
      .filter(Boolean),
  );
  const byMark: NamedRow[] = [];
  const byName: NamedRow[] = [];
  for (const doc of documents)
    for (const page of pagesOf(doc))
      for (const schedule of page.schedules ?? []) {
        const { columns, nameOf } = rowNaming(schedule);
        for (const row of schedule.rows) {
          const name = nameOf(row);
          if (!name) continue;
          const mark = columns.length === 2 || /\d/.test(row[columns[0]!] ?? '') ? (row[columns[0]!] ?? '').trim() : '';
          if (mark && /\d/.test(mark) && tokens.has(mark.toUpperCase())) {
            byMark.push({ doc, page, schedule, row, name });
            continue;
          }
          const nameColumn = columns[columns.length - 1]!;
          const nameWords = words(row[nameColumn] ?? '').filter((w) => !/^\d+$/.test(w) && w !== '-');
          if (nameWords.length && nameWords.every((w) => asked.has(w) || asked.has(`${w}s`)))
            byName.push({ doc, page, schedule, row, name });
        }
      }
  return byMark.length ? byMark : byName;
}

/** The columns of a schedule a question asks about ("floor finish", "base", "hardware"), by the words of their headers. */
export function columnsAsked(question: string, schedule: Schedule): number[] {
  const asked = new Set(words(question));
  const generic = new Set(['finish', 'finishes', 'no', 'number', 'name', 'type', 'mark']);
  return schedule.columns
    .map((column, i) => ({ i, header: words(columnLabel(column)).filter((w) => !generic.has(w)) }))
    .filter(({ header }) => header.length > 0 && header.some((w) => asked.has(w) || asked.has(`${w}s`)))
    .map(({ i }) => i);
}

/** The schedules a question names by their title's words ("the door schedule", "room finish schedule"). */
export function schedulesNamed(
  question: string,
  documents: AnalysedDocument[],
): Array<{ doc: AnalysedDocument; page: SheetPage; schedule: Schedule }> {
  const asked = new Set(words(question));
  const all = documents.flatMap((doc) =>
    pagesOf(doc).flatMap((page) => (page.schedules ?? []).map((schedule) => ({ doc, page, schedule }))),
  );
  const scored = all.map((entry) => {
    const title = words(entry.schedule.title).filter((w) => w !== 'schedule' && w !== '-');
    return { entry, hits: title.filter((w) => asked.has(w) || asked.has(`${w}s`)).length };
  });
  const best = Math.max(0, ...scored.map((s) => s.hits));
  return best ? scored.filter((s) => s.hits === best).map((s) => s.entry) : [];
}
