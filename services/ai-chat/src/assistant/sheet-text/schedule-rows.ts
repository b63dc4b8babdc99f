/** Schedules as a question reads them: the rows it names, the columns it asks about, the schedules it names by title. */
import type { Schedule } from '@kerf/contracts';
import type { AnalysedDocument } from '../sourced-quantity';
import { pagesOf, words, type SheetPage } from './sheet-pages';

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
