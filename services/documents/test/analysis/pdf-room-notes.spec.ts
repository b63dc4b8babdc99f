/**
 * The notes on rooms to check that a PDF's analysis keeps beside its warnings (`roomNotes`): which page,
 * which rooms (their tags' names and places) and what kind of finding, so the viewer reads them without
 * parsing the warnings' words. The sheets are pdf-room-notes-fixture.ts's.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { documentAnalysis } from '@kerf/contracts/http';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis, RoomNote } from '../../src/analysis/analysis.types';
import { corridorSheet } from './pdf-corridor-fixture';
import { writePdf } from './pdf-fixture-writer';
import { pagePoint, roomNotesSheet } from './pdf-room-notes-fixture';

/** The `zones` corridor with `printed` in C-2's tag, where its part of the division is 144 SF. */
function zonesMisprinted(printed = '200 SF') {
  const sheet = corridorSheet('zones');
  return { ...sheet, lines: sheet.lines.map((line) => (line.text === '144 SF' ? { ...line, text: printed } : line)) };
}

const sheet = writePdf([roomNotesSheet(), zonesMisprinted()], 792, 612);
const drawn = { setBy: 'Test User', setAt: '2026-11-27T17:00:00Z' };
const summary = (notes: RoomNote[] | undefined, page: number) =>
  (notes ?? []).filter((note) => note.page === page).map((note) => [note.kind, note.rooms.map((room) => room.name)]);

describe('notes on the rooms of a PDF page to check', () => {
  let analysis: DocumentAnalysis;
  before(async () => {
    analysis = await analyzeDocument(sheet, 'pdf');
  });

  it('names the rooms of a divided space, a shared one, an unclosed name and a disagreeing area, by kind', () => {
    assert.deepEqual(summary(analysis.roomNotes, 1), [
      ['divided', ['CORRIDOR C-1', 'CORRIDOR C-2']],
      ['shared', ['OPEN OFFICE 101', 'OPEN OFFICE 102']],
      ['no-closed-space', ['LINK CORRIDOR 6']],
      ['printed-area-differs', ['OFFICE 103']],
    ]);
    assert.deepEqual(summary(analysis.roomNotes, 2), [
      ['divided', ['CORRIDOR C-1', 'CORRIDOR C-2']],
      ['division-differs', ['CORRIDOR C-2']],
    ]);
  });

  it('places each room it names at its tag, in page points', () => {
    const tags: Record<string, [number, number]> = {
      'CORRIDOR C-1': pagePoint(10, 4.5),
      'CORRIDOR C-2': pagePoint(27.5, 20.5),
      'OPEN OFFICE 101': pagePoint(41.5, 4.5),
      'OPEN OFFICE 102': pagePoint(51.5, 4.5),
      'LINK CORRIDOR 6': pagePoint(51, 18),
      'OFFICE 103': pagePoint(41.5, 34),
    };
    for (const room of analysis.roomNotes!.flatMap((note) => note.rooms)) {
      const [x, y] = tags[room.name];
      // Within 2' of the middle of its tag (the tags' lines are about 1' apart).
      assert.ok(Math.hypot(room.at[0] - x, room.at[1] - y) <= 18, `${room.name} at ${room.at.join(', ')}`);
    }
  });

  it('keeps the warnings as they were: each note is a warning, "Page N: " and its message', () => {
    const roomWarnings = analysis.roomNotes!.map((note) => `Page ${note.page}: ${note.message}`);
    assert.deepEqual(
      analysis.warnings!.filter((warning) => roomWarnings.includes(warning)),
      roomWarnings,
    );
    assert.ok(
      roomWarnings.includes(
        'Page 1: LINK CORRIDOR 6 is named on the sheet, but no closed space was found round it (an opening or a door ' +
          'the analysis could not close), so it is not measured. Draw its boundary with the viewer’s Boundary tool, ' +
          'or measure it by hand.',
      ),
      roomWarnings.join('\n'),
    );
    // The gateway answers the analysis through the /api contract, which describes the notes.
    assert.deepEqual(documentAnalysis.strict().parse(analysis).roomNotes, analysis.roomNotes);
  });

  it('takes a divided part within 5% of the area printed in its tag for the room, with the printed-area note', async () => {
    // 144 SF measured against 150 printed (4% off): what a takeoff may be off by, so measured, and said past 3%.
    const near = await analyzeDocument(writePdf([zonesMisprinted('150 SF')], 792, 612), 'pdf');
    assert.deepEqual(summary(near.roomNotes, 1), [
      ['divided', ['CORRIDOR C-1', 'CORRIDOR C-2']],
      ['printed-area-differs', ['CORRIDOR C-2']],
    ]);
    const part = near.rooms!.find((room) => room.name === 'CORRIDOR C-2')!;
    assert.deepEqual([part.areaSqFt, part.printedAreaSqFt], [144, 150]);
    // 200 printed (28% off) is page 2 of the sheet above: not measured.
    assert.ok(!analysis.rooms!.some((room) => room.page === 2 && room.name === 'CORRIDOR C-2'));
  });

  it('drops the notes a boundary drawn by the user settles', async () => {
    const closed = await analyzeDocument(sheet, 'pdf', {
      pageBoundaries: {
        1: {
          lines: [
            // Between the two open offices, wall face to wall face.
            { from: pagePoint(46.5, 0.5), to: pagePoint(46.5, 8.5) },
            // Across both ends of the link corridor.
            { from: pagePoint(40, 14.5), to: pagePoint(40, 22.5) },
            { from: pagePoint(62, 14.5), to: pagePoint(62, 22.5) },
          ],
          ...drawn,
        },
      },
    });
    assert.deepEqual(summary(closed.roomNotes, 1), [
      ['divided', ['CORRIDOR C-1', 'CORRIDOR C-2']],
      ['printed-area-differs', ['OFFICE 103']],
    ]);
  });
});
