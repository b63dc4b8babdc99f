/**
 * What a PDF sheet says in words, read from its analysis: the scale of each
 * sheet, its number and title, its schedules, and its finish codes (VCT-1,
 * CPT, PT-1…) with the rooms that carry them, from a schedule's rows or from
 * the tags beside room labels on the plan. Pure functions over the analyses,
 * shared by the local analyst and the model's tools.
 *
 * This file reads the pages themselves: their scale, number and title, and
 * which of them a question names. Finish codes are in finish-codes.ts (and
 * where they are written, finish-code-places.ts), schedules in schedule-rows.ts.
 */
import type { PageAnalysis } from '@kerf/contracts';
import type { AnalysedDocument } from '../sourced-quantity';

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

/**
 * "1/8\" = 1'-0\"" for a scale read from its note; one calibrated or measured on the sheet (its scale bar,
 * dimensions or room sizes) as the ratio it is measured at, "1 in on the sheet = 24.68 ft (measured on the
 * sheet; its note says 1/16\" = 1'-0\")": a sheet printed at another size than its note is not at its note.
 */
export function describeScale(scale: SheetScale): string {
  const ratio =
    scale.feetPerPoint !== undefined ? `1 in on the sheet = ${round(scale.feetPerPoint * 72, 3)} ft` : undefined;
  const how =
    scale.source === 'calibration'
      ? 'calibrated by hand'
      : scale.source === 'dimensions'
        ? 'measured on the sheet'
        : '';
  if (scale.note && /^(nts|n\.t\.s\.?|not to scale)$/i.test(scale.note))
    return scale.feetPerPoint !== undefined
      ? `${ratio} (${how || 'set'}; the sheet says not to scale)`
      : 'not to scale (the sheet says so): calibrate the page to measure on it';
  if (ratio && how) return `${ratio} (${how}${scale.note ? `; its note says ${scale.note}` : ''})`;
  if (scale.note) return scale.note;
  return ratio ?? 'a scale';
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

/** The words of a text, lower case: "VCT-1" and "1.5" stay whole. */
export const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+(?:[-.][a-z0-9]+)*/g) ?? [];

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
