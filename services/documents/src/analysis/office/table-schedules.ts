/**
 * Schedules in a spreadsheet's sheet or a Word document's tables, as the PDF
 * reader gives them (a title, the header's columns, the rows of cells), so a
 * room finish schedule kept as an Excel or Word file is read like one drawn
 * on a sheet: the materials list names a room by the finish it gives.
 *
 * A table is a run of rows without a blank row in it; its header is its first
 * row of two or more cells all written in words (no figure alone), and a row
 * of one cell above it (a merged title row, or a row before a blank one) is
 * its title, else the sheet's name or the paragraph before the table.
 */
import type { Schedule } from '../analysis.types';

/** A document's schedules stay a summary of its tables: the text keeps the rest. */
const MAX_SCHEDULE_ROWS = 5_000;
const MAX_TITLE_CHARS = 120;

/** A cell as its shown text: a spreadsheet's numbers and dates too. */
const shown = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());
const filled = (row: readonly string[]) => new Set(row.filter(Boolean)).size;
/** Two or more different words (a merged title row repeats one text in each of its cells). */
const isHeader = (row: readonly string[]) =>
  filled(row) >= 2 && row.every((cell) => !cell || !/^[\d.,\s%$-]+$/.test(cell));

/** The schedules of one table of rows (cells as their shown text); `fallbackTitle` when no row titles them. */
export function tableSchedules(rows: ReadonlyArray<readonly unknown[]>, fallbackTitle: string): Schedule[] {
  const schedules: Schedule[] = [];
  let title = '';
  let block: string[][] = [];
  let budget = MAX_SCHEDULE_ROWS;
  const close = () => {
    const header = block.findIndex(isHeader);
    if (header >= 0 && header + 1 < block.length) {
      const above = block
        .slice(0, header)
        .filter((row) => filled(row) === 1)
        .at(-1);
      const table = block.slice(header);
      const first = table.reduce((least, row) => Math.min(least, row.findIndex(Boolean)), Infinity);
      const width = table.reduce((most, row) => Math.max(most, row.length), 0);
      const cut = (row: readonly string[]) => Array.from({ length: width - first }, (_, i) => row[first + i] ?? '');
      const body = block
        .slice(header + 1)
        .filter((row) => filled(row) > 0)
        .slice(0, budget);
      budget -= body.length;
      const named = above?.find(Boolean) ?? title;
      schedules.push({
        title: (named || fallbackTitle).slice(0, MAX_TITLE_CHARS),
        columns: cut(block[header]!),
        rows: body.map(cut),
      });
      title = '';
    } else if (block.length && block.every((row) => filled(row) === 1)) {
      // A title row before a blank one: it names the next table.
      title = block.at(-1)!.find(Boolean)!;
    }
    block = [];
  };
  for (const row of rows) {
    if (budget <= 0) break;
    const cells = row.map(shown);
    // A table longer than the schedules keep is read no further than they do.
    if (filled(cells)) {
      if (block.length <= budget) block.push(cells);
    } else close();
  }
  close();
  return schedules;
}

/** A Word document's tables (`<w:tbl>`), each titled by the paragraph written before it. */
export function wordTables(
  body: string,
  paragraphsOf: (xml: string) => string[],
): Array<{ title: string; rows: string[][] }> {
  const tables: Array<{ title: string; rows: string[][] }> = [];
  let from = 0;
  for (const match of body.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)) {
    const before = paragraphsOf(body.slice(from, match.index));
    from = match.index + match[0].length;
    const rows = [...match[0].matchAll(/<w:tr[\s>][\s\S]*?<\/w:tr>/g)].map((row) =>
      [...row[0].matchAll(/<w:tc[\s>][\s\S]*?<\/w:tc>/g)].map((cell) => paragraphsOf(cell[0]).join(' ').trim()),
    );
    tables.push({ title: (before.at(-1) ?? '').trim(), rows });
  }
  return tables;
}
