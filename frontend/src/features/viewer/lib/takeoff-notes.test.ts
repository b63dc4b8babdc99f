import { describe, expect, it } from 'vitest';
import type { ViewerAnalysis } from '@/features/viewer/api/viewer';
import { takeoffNotes } from './takeoff-notes';

const none = { analysis: null, items: null };

describe('what the takeoff list says above its rows', () => {
  it('names the rooms of the shown page a boundary would measure, and no other warning', () => {
    const analysis = {
      status: 'analyzed',
      kind: 'pdf',
      warnings: [
        'Page 1: CORRIDOR CE-3 is part of a space shared with other names; dividing it gave 382.73 sq ft against the 706 sq ft printed in its tag, so it is not measured. Draw its boundary with the viewer’s Boundary tool, or measure it by hand.',
        'Page 1: STORAGE 134A measures 16.72 sq ft from the drawing, but 16 sq ft is printed in its tag.',
        'Page 2: LOBBY and HALL lie in one enclosed space (900 sq ft) with no boundary drawn between them: none of them is measured. Draw the boundaries between them with the viewer’s Boundary tool, or measure them by hand.',
      ],
    } as unknown as ViewerAnalysis;
    expect(takeoffNotes(analysis, [], none, 1).rooms).toEqual([
      'CORRIDOR CE-3 is part of a space shared with other names; dividing it gave 382.73 sq ft against the 706 sq ft printed in its tag, so it is not measured. Draw its boundary with the viewer’s Boundary tool, or measure it by hand.',
    ]);
    expect(takeoffNotes(analysis, [], none, 1).status).toEqual([]);
    expect(takeoffNotes(analysis, [], none, 2).rooms).toHaveLength(1);
    expect(takeoffNotes(analysis, [], none)).toEqual({ status: [], rooms: [] });
  });

  it('says when the figures are being redone with a correction', () => {
    const analysis = { status: 'analyzed', kind: 'pdf', reanalysis: 'pending' } as unknown as ViewerAnalysis;
    expect(takeoffNotes(analysis, [], none, 1)).toEqual({
      status: ['Recomputing with your correction: the figures update when it is done.'],
      rooms: [],
    });
  });
});
