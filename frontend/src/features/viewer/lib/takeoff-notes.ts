import type { ViewerAnalysis } from '@/features/viewer/api/viewer';
import { messageOf } from './message-of';
import type { TakeoffRow } from './takeoff';

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
): { status: string[]; rooms: string[] } {
  const notes: string[] = [];
  const rooms: string[] = [];
  if (analysis && (analysis.status === 'pending' || analysis.status === 'processing'))
    notes.push('Kerf is still reading this document: its quantities appear here when it is done.');
  if (analysis?.status === 'failed')
    notes.push(`Kerf could not read this document${analysis.error ? `: ${analysis.error}` : '.'}`);
  if (failed.analysis) notes.push(`The quantities could not be loaded: ${messageOf(failed.analysis)}`);
  if (analysis?.reanalysis) notes.push('Recomputing with your correction: the figures update when it is done.');
  if (rows.some((row) => row.group === 'room' && !row.outline))
    notes.push('This analysis has no room outlines yet, so the rooms are listed but not drawn on the sheet.');
  if (failed.items) notes.push(`Your measurements could not be loaded: ${messageOf(failed.items)}`);
  // "Page 1: CORRIDOR CE-3 is part of a space shared …, so it is not measured. Draw its boundary with the
  // viewer’s Boundary tool, …": said beside the sheet where the tool is.
  if (page !== undefined)
    for (const warning of analysis?.warnings ?? [])
      if (warning.startsWith(`Page ${page}: `) && warning.includes('Boundary tool'))
        rooms.push(warning.slice(`Page ${page}: `.length));
  return { status: notes, rooms };
}
