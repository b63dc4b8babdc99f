/**
 * Rooms sent to the materials list named by their floor finish, from drawings
 * as the analysis reads them: a generated plan whose room finish schedule is
 * on another sheet, in another layout than the VA's, and the VA finish plan of
 * the corpus (its plan on page 1, its schedules on page 2).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../src/analysis/analysis.types';
import { floorFinishOf, roomFinishName } from '@kerf/takeoff';
import { corpusPath } from './analysis/corpus';
import { writePdf, type PdfLine } from './analysis/pdf-fixture-writer';
import { tagSheet } from './analysis/pdf-tag-fixture';

/** The material names of a document's rooms, as from-takeoff gives them, by room name. */
function roomMaterialNames(analysis: DocumentAnalysis): Map<string, string> {
  const schedules = (analysis.pages ?? []).flatMap((page) => page.schedules ?? []);
  const rooms = (analysis.rooms ?? []).map((room) => room.name);
  return new Map(
    (analysis.rooms ?? []).map((room) => {
      const finish = floorFinishOf(room.name, schedules, schedules, rooms);
      return [room.name, finish ? roomFinishName(room.name, finish) : room.name];
    }),
  );
}

/**
 * A schedule sheet: the room finish schedule with its floor column fourth and the room number first, then a
 * material schedule whose codes are marks. Headers are centred over their columns, cells left-aligned.
 */
function scheduleSheet(): PdfLine[] {
  const lines: PdfLine[] = [];
  const table = (title: string, top: number, columns: number[], header: string[], rows: string[][]) => {
    lines.push({ text: title, x: columns[0], y: top, size: 14 });
    header.forEach((text, i) => lines.push({ text, x: columns[i] + 6, y: top - 20, size: 8 }));
    rows.forEach((cells, r) =>
      cells.forEach((text, i) => text && lines.push({ text, x: columns[i], y: top - 34 - r * 12, size: 8 })),
    );
  };
  table(
    'ROOM FINISH SCHEDULE',
    720,
    [50, 110, 200, 260, 340],
    ['ROOM NO.', 'ROOM NAME', 'CEILING', 'FLOOR', 'BASE'],
    [
      ['101', 'OFFICE', 'ACT-1', 'CPT-2', 'RB-1'],
      ['101A', 'STORAGE', 'GYP', 'SC-1', 'RB-1'],
      ['102', 'BREAK', 'ACT-1', 'LVT-1', 'RB-1'],
    ],
  );
  table(
    'MATERIAL SCHEDULE',
    560,
    [50, 110, 260],
    ['MARK', 'DESCRIPTION', 'MANUFACTURER'],
    [
      ['CPT-2', 'CARPET TILE', 'INTERFACE'],
      ['LVT-1', 'LUXURY VINYL TILE', 'TARKETT'],
      ['RB-1', 'RUBBER BASE', 'JOHNSONITE'],
    ],
  );
  return lines;
}

describe('rooms named by their floor finish, from the analysis of a drawing', () => {
  it('a generated plan whose schedule is on its second sheet, columns found by their headers', async () => {
    const analysis = await analyzeDocument(writePdf([tagSheet({}), { lines: scheduleSheet() }], 792, 612), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const names = roomMaterialNames(analysis);
    assert.equal(names.get('OFFICE 101'), 'Carpet tile (CPT-2), OFFICE 101', JSON.stringify([...names]));
    // SC-1 is no code of the material schedule: the code, not a guess.
    assert.equal(names.get('STORAGE 101A'), 'SC-1 floor, STORAGE 101A');
  });

  it('the VA finish plan: patient rooms by the typical schedule, others by number, existing floors said to be kept', async () => {
    const analysis = await analyzeDocument(corpusPath('opentakeoff_va-sample-finish-plan.pdf'), 'pdf');
    const names = roomMaterialNames(analysis);
    const expected: Record<string, string> = {
      'PATIENT ROOM 145': 'Broadloom carpet (CPT-1), PATIENT ROOM 145',
      'CORRIDOR CE-2': 'Broadloom carpet (CPT-1), CORRIDOR CE-2',
      'VENDING 135': 'Vinyl composition tile (VCT-1), VENDING 135',
      'LOW VOLTAGE 167': 'Concrete sealer (C), LOW VOLTAGE 167',
      'TOILET 154': 'Porcelain ceramic tile (PT-1/PT-2), TOILET 154',
      'LAUNDRY 153': 'WSF-1 floor, LAUNDRY 153',
      'CONFERENCE/BREAK ROOM 134':
        'Broadloom carpet (CPT-1) + vinyl composition tile (VCT-1), CONFERENCE/BREAK ROOM 134',
      'ELECTRICAL ROOM 133': 'Existing floor (EXIST), ELECTRICAL ROOM 133',
      'CONNECTING CORRIDOR T1': 'Existing floor (EXIST), CONNECTING CORRIDOR T1',
      // The toilet of patient room 145, by the typical schedule's patient toilet rooms (PT-1/PT-2, one product).
      'TOILET 145A': 'Porcelain ceramic tile (PT-1/PT-2), TOILET 145A',
      'ABA TOILET 139A': 'Porcelain ceramic tile (PT-1/PT-2), ABA TOILET 139A',
      'ELEVATOR LOBBY': 'ELEVATOR LOBBY',
    };
    for (const [room, name] of Object.entries(expected)) assert.equal(names.get(room), name, room);
  });
});
