/**
 * Schedules on drawing sheets (door, window, room finish…): a title line
 * containing "SCHEDULE", a header, and rows whose cells line up in columns.
 */
import type { Schedule } from '../analysis.types';
import { clipLine, segmentsOf, type PlacedRun, type TextLine } from './pdf-layout';

const SCHEDULE_TITLE = /\bSCHEDULE\b/i;
/** Words of one title sit closer than this many text heights. */
const PHRASE_GAP_HEIGHTS = 3;
/** How far (in text heights) a table may reach beyond the first line under its title. */
const TABLE_MARGIN_HEIGHTS = 10;
const MAX_ROWS = 500;
/** A gap of this many row pitches, at most, before a section heading of the same table. */
const SECTION_GAP_PITCHES = 2;

export function findSchedules(lines: TextLine[]): Schedule[] {
  const segments = lines.flatMap((line) => segmentsOf(line, PHRASE_GAP_HEIGHTS));
  const typicalHeight = median(segments.map((s) => s.height));
  // A schedule's title is a heading: larger than the body text, short, not a sentence in a note.
  const titles = segments.filter(
    (s) =>
      SCHEDULE_TITLE.test(s.text) &&
      s.text.trim().split(/\s+/).length >= 2 &&
      s.text.length <= 80 &&
      s.height >= typicalHeight * 1.2 &&
      !/[.,;:]$/.test(s.text) &&
      !/^\d+\.\s/.test(s.text),
  );
  const schedules: Schedule[] = [];
  const ordered = [...lines].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const title of titles) {
    const schedule = tableBelow(title, ordered, titles);
    if (schedule) schedules.push(schedule);
  }
  return schedules;
}

function tableBelow(title: TextLine, lines: TextLine[], titles: TextLine[]): Schedule | undefined {
  // Schedules side by side each have a title: a table stops where its neighbour's title starts.
  let leftLimit = -Infinity;
  let rightLimit = Infinity;
  for (const other of titles) {
    if (other === title || Math.abs(other.y - title.y) > title.height * 5) continue;
    if (other.x >= title.right) rightLimit = Math.min(rightLimit, other.x - title.height);
    else if (other.right <= title.x) leftLimit = Math.max(leftLimit, other.right + title.height);
  }
  const below = lines.filter((l) => l.y > title.y);
  // The table's width: runs just under the title, merged where closer than a few cell gaps
  // (union over several rows, so a short name in a wide column does not split the table).
  const near = below
    .filter((l) => l.y - title.y <= title.height * 8)
    .flatMap((l) => l.runs)
    .filter((r) => r.x >= leftLimit && r.x < rightLimit)
    .sort((a, b) => a.x - b.x);
  if (near.length === 0) return undefined;
  const gap = median(near.map((r) => r.height)) * TABLE_MARGIN_HEIGHTS;
  const spans: Array<{ left: number; right: number }> = [];
  for (const run of near) {
    const last = spans[spans.length - 1];
    if (last && run.x - last.right <= gap) last.right = Math.max(last.right, run.x + run.width);
    else spans.push({ left: run.x, right: run.x + run.width });
  }
  const span = spans.find((s) => s.right >= title.x && s.left <= title.right);
  if (!span) return undefined;
  const left = span.left - 1;
  const right = span.right + 1;
  const rows: TextLine[] = [];
  const steps: number[] = [];
  let lastY = title.y;
  let lastHeight = title.height;
  for (const line of below) {
    if (rows.length >= MAX_ROWS) break;
    const row = clipLine(line, left, right);
    if (!row) continue;
    // A table ends at a gap, but a table of sections (FLOORING, BASE, WALLS under one header) leaves up to
    // two of its own row pitches before each section's heading.
    const pitch = steps.length >= 3 ? median(steps) : 0;
    if (row.y - lastY > Math.max(Math.max(lastHeight, row.height) * 3, pitch * SECTION_GAP_PITCHES)) break;
    if (rows.length) steps.push(row.y - lastY);
    if (titles.some((t) => t.y === row.y && t.x >= left && t.x < right)) break;
    rows.push(row);
    lastY = row.y;
    lastHeight = row.height;
  }
  if (rows.length < 3) return undefined;

  const columns = columnStarts(rows);
  if (columns.length < 2) return undefined;
  const aligned = (line: TextLine) =>
    line.runs.every((run) => columns.some((c) => Math.abs(run.x - c) <= run.height * 0.6));
  // Header lines are those before the first row whose cells start exactly at column starts.
  const firstData = rows.findIndex((line) => aligned(line) && line.runs.length >= 2);
  if (firstData <= 0) return undefined; // no header: not a schedule
  const headerLines = rows.slice(0, firstData);
  const dataLines = rows.slice(firstData);
  if (dataLines.length < 2) return undefined;

  const header = columns.map(() => [] as string[]);
  for (const line of headerLines) {
    for (const run of line.runs) header[columnOf(columns, run.x + run.width / 2)].push(run.text.trim());
  }
  const table: string[][] = dataLines.map((line) => {
    const cells = columns.map(() => [] as string[]);
    for (const run of line.runs) cells[columnOf(columns, run.x + run.height * 0.6)].push(run.text.trim());
    return cells.map((c) => c.filter(Boolean).join(' '));
  });
  return {
    title: title.text,
    columns: header.map((parts, i) => parts.filter(Boolean).join(' ') || `Column ${i + 1}`),
    rows: table.filter((cells) => cells.filter(Boolean).length >= 2),
  };
}

/** Left edges shared by at least a quarter of the rows (cells are left-aligned; headers are often centred). */
function columnStarts(rows: TextLine[]): number[] {
  const runs: PlacedRun[] = rows.flatMap((r) => r.runs);
  const starts = runs.map((r) => r.x).sort((a, b) => a - b);
  const tolerance = Math.max(1, median(runs.map((r) => r.height)) * 0.6);
  const clusters: { x: number; count: number }[] = [];
  for (const x of starts) {
    const last = clusters[clusters.length - 1];
    if (last && x - last.x <= tolerance) last.count++;
    else clusters.push({ x, count: 1 });
  }
  const needed = Math.max(2, Math.ceil(rows.length / 4));
  return clusters.filter((c) => c.count >= needed).map((c) => c.x);
}

function columnOf(columns: number[], x: number): number {
  let index = 0;
  for (let i = 0; i < columns.length; i++) if (columns[i] <= x) index = i;
  return index;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}
