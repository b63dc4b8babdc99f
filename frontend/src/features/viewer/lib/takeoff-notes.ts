import type { ViewerAnalysis } from '@/features/viewer/api/viewer';
import { messageOf } from './message-of';
import type { TakeoffRow } from './takeoff';

/** A note of the analysis on rooms of a PDF page to check, with the rooms it names and where their tags are. */
export type RoomNote = NonNullable<ViewerAnalysis['roomNotes']>[number];
/** A room a note names: the name in its tag and the tag's middle, in page points. */
export type NotedRoom = RoomNote['rooms'][number];

/**
 * The notes a room boundary drawn with Boundary (B) settles: rooms sharing a space, a space divided by the
 * analysis's guess, names with no closed space round them. A measured room that only disagrees with the area or
 * size printed in its tag ('printed-area-differs', 'printed-size-differs') is a warning of the analysis, not said
 * beside the sheet.
 */
const SETTLED_BY_A_BOUNDARY: ReadonlySet<RoomNote['kind']> = new Set([
  'shared',
  'divided',
  'division-differs',
  'no-closed-space',
]);

/** The notes on rooms of `page` a boundary would settle; none for an analysis stored before notes were kept. */
export function roomNotesOfPage(analysis: ViewerAnalysis | undefined, page: number): RoomNote[] {
  return (analysis?.roomNotes ?? []).filter((note) => note.page === page && SETTLED_BY_A_BOUNDARY.has(note.kind));
}

/**
 * What the takeoff list says above its rows: the analysis still running or failed, figures being redone,
 * loads that failed (`status`), and the rooms of the shown page that could not be measured, or were divided
 * by the analysis's guess, where a boundary would measure them (`rooms`).
 */
export function takeoffNotes(
  analysis: ViewerAnalysis | undefined,
  rows: readonly TakeoffRow[],
  failed: { analysis: unknown; items: unknown },
  page?: number,
): { status: string[]; rooms: RoomNote[] } {
  const notes: string[] = [];
  if (analysis && (analysis.status === 'pending' || analysis.status === 'processing'))
    notes.push('Kerf is still reading this document: its quantities appear here when it is done.');
  if (analysis?.status === 'failed')
    notes.push(`Kerf could not read this document${analysis.error ? `: ${analysis.error}` : '.'}`);
  if (failed.analysis) notes.push(`The quantities could not be loaded: ${messageOf(failed.analysis)}`);
  if (analysis?.reanalysis) notes.push('Recomputing with your correction: the figures update when it is done.');
  if (rows.some((row) => row.group === 'room' && !row.outline))
    notes.push('This analysis has no room outlines yet, so the rooms are listed but not drawn on the sheet.');
  if (failed.items) notes.push(`Your measurements could not be loaded: ${messageOf(failed.items)}`);
  const scaled = page === undefined ? undefined : measuredAgainstNote(analysis, page);
  if (scaled) notes.push(scaled);
  // Said beside the sheet, where the Boundary tool is.
  return { status: notes, rooms: page === undefined ? [] : roomNotesOfPage(analysis, page) };
}

/**
 * A page whose note does not hold (printed at another size): the analysis measures it at the scale the sheet
 * itself gives (its scale bar, the sizes or areas in its room tags), and the user should know before trusting it.
 */
function measuredAgainstNote(analysis: ViewerAnalysis | undefined, page: number): string | undefined {
  const scale = analysis?.pages?.find((p) => p.number === page)?.scale;
  if (!scale || typeof scale !== 'object' || scale.source !== 'dimensions' || !scale.note) return undefined;
  const feetPerInch = Math.round(scale.feetPerPoint * 72 * 100) / 100;
  return (
    `This page is measured at 1 in = ${feetPerInch.toLocaleString('en-US')} ft, as the sheet itself measures ` +
    `(its scale bar or the sizes in its room tags), not at its note ${scale.note}: it is printed at another size. ` +
    'Check it, or calibrate the page.'
  );
}
