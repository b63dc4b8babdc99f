import { describe, expect, it } from 'vitest';
import type { ViewerAnalysis } from '@/features/viewer/api/viewer';
import { roomNotesOfPage, takeoffNotes } from './takeoff-notes';

const none = { analysis: null, items: null };

describe('what the takeoff list says above its rows', () => {
  const note = (page: number, kind: string, rooms: string[], message: string) => ({
    page,
    kind,
    rooms: rooms.map((name, i) => ({ name, at: [100 + 50 * i, 200] })),
    message,
  });
  const divided = note(1, 'divided', ['CORRIDOR C-1', 'CORRIDOR C-2'], 'C-1 and C-2 are divided by a guess.');
  const differs = note(1, 'printed-area-differs', ['STORAGE 134A'], 'STORAGE 134A measures 16.72 sq ft.');
  const unclosed = note(1, 'no-closed-space', ['LINK CORRIDOR 6'], 'LINK CORRIDOR 6 has no closed space.');
  const shared = note(2, 'shared', ['LOBBY', 'HALL'], 'LOBBY and HALL share a space.');
  const analysis = {
    status: 'analyzed',
    kind: 'pdf',
    // Worded as nothing the viewer looks for: it reads the notes, not the warnings.
    warnings: ['Page 1: something else entirely.'],
    roomNotes: [divided, differs, shared, unclosed],
  } as unknown as ViewerAnalysis;

  it('says when a page is measured at the scale the sheet gives, not at its note', () => {
    const printed = {
      status: 'analyzed',
      kind: 'pdf',
      pages: [
        { number: 1, scale: { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 9, source: 'dimensions' } },
        { number: 2, scale: { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, source: 'scale-note' } },
        { number: 3, scale: { feetPerPoint: 1 / 18, source: 'dimensions' } },
      ],
    } as unknown as ViewerAnalysis;
    expect(takeoffNotes(printed, [], none, 1).status).toEqual([
      `This page is measured at 1 in = 8 ft, as the sheet itself measures (its scale bar or the sizes in its room tags), not at its note 1/4" = 1'-0": it is printed at another size. Check it, or calibrate the page.`,
    ]);
    // Its note holds, or it has none (the page's own warning says where its scale came from).
    expect(takeoffNotes(printed, [], none, 2).status).toEqual([]);
    expect(takeoffNotes(printed, [], none, 3).status).toEqual([]);
  });

  it('gives the notes of the shown page a boundary would settle, with the rooms they name', () => {
    expect(takeoffNotes(analysis, [], none, 1).rooms).toEqual([divided, unclosed]);
    expect(takeoffNotes(analysis, [], none, 1).status).toEqual([]);
    expect(takeoffNotes(analysis, [], none, 2).rooms).toEqual([shared]);
    expect(takeoffNotes(analysis, [], none, 3).rooms).toEqual([]);
    // No page shown (a drawing): no room notes.
    expect(takeoffNotes(analysis, [], none)).toEqual({ status: [], rooms: [] });
  });

  it('gives no room notes for an analysis stored before they were kept, whatever its warnings say', () => {
    const older = {
      status: 'analyzed',
      kind: 'pdf',
      warnings: [
        'Page 1: LINK CORRIDOR 6 is named on the sheet, but no closed space was found round it (an opening or a door the analysis could not close), so it is not measured. Draw its boundary with the viewer’s Boundary tool, or measure it by hand.',
      ],
    } as unknown as ViewerAnalysis;
    expect(roomNotesOfPage(older, 1)).toEqual([]);
    expect(roomNotesOfPage(undefined, 1)).toEqual([]);
  });

  it('says when the figures are being redone with a correction', () => {
    const analysis = { status: 'analyzed', kind: 'pdf', reanalysis: 'pending' } as unknown as ViewerAnalysis;
    expect(takeoffNotes(analysis, [], none, 1)).toEqual({
      status: ['Recomputing with your correction: the figures update when it is done.'],
      rooms: [],
    });
  });
});
