/**
 * Room boundaries the user draws on a PDF page: walls to the room search, so a
 * space the drawing leaves open is divided where the user says, and the
 * analysis's own division across wall ends gives way to it.
 *
 * The `zones` corridor of pdf-corridor-fixture.ts at 1/8" = 1'-0": inner faces
 * the leg 0.5..30.5 × 0.5..6.5 (C-1's tag at x 10') and the leg 24.5..30.5 ×
 * 6.5..30.5 (C-2's tag), no line between them. A page point is (100 + 9 × ft,
 * 100 + 9 × ft) there.
 *
 * And a link corridor whose walls run on off the plan: two walls 8' apart, open
 * at both ends, so no closed space holds its name until the user closes it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { AnalysisOverrides, DocumentAnalysis } from '../../src/analysis/analysis.types';
import { writePdf, type PdfPage } from './pdf-fixture-writer';
import { corridorSheet } from './pdf-corridor-fixture';

const at = (xFt: number, yFt: number): [number, number] => [100 + 9 * xFt, 100 + 9 * yFt];
const drawn = { setBy: 'Test User', setAt: '2026-11-27T14:00:00Z' };
const sheet = writePdf([corridorSheet('zones'), corridorSheet('zones')], 792, 612);

const areas = (analysis: DocumentAnalysis, page = 1) =>
  Object.fromEntries(
    (analysis.rooms ?? []).filter((room) => room.page === page).map((room) => [room.name, room.areaSqFt]),
  );
const analyzedWith = (pageBoundaries: AnalysisOverrides['pageBoundaries']) =>
  analyzeDocument(sheet, 'pdf', { pageBoundaries });

describe('room boundaries drawn by the user on a PDF page', () => {
  it('divides the corridor where the boundary is drawn, not at the analysis’s guess', async () => {
    const guessed = await analyzeDocument(sheet, 'pdf');
    assert.deepEqual(areas(guessed), { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 });

    // Across C-1's leg at 20', clicked 3" short of both wall faces.
    const analysis = await analyzedWith({ 1: { lines: [{ from: at(20, 0.75), to: at(20, 6.25) }], ...drawn } });
    // C-1: 19.5' × 6'; C-2: its own leg and the 10.5' × 6' end of the other one.
    assert.deepEqual(areas(analysis), { 'CORRIDOR C-1': 117, 'CORRIDOR C-2': 207 });
    assert.ok(
      !(analysis.warnings ?? []).some((w) => w.startsWith('Page 1:') && w.includes('lie in one enclosed space')),
      'no division warning once the user has drawn the boundary',
    );
    // Each page keeps its own boundaries: page 2 is still divided by the analysis.
    assert.deepEqual(areas(analysis, 2), { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 });
  });

  it('takes a boundary drawn along a wall face or past a wall, and several on one page', async () => {
    const analysis = await analyzedWith({
      1: {
        lines: [
          // From the inner corner (on the end of both walls' faces) to 2" into the outer wall.
          { from: at(24.5, 6.5), to: at(30.67, 6.5) },
          // Drawn the other way round and slanting a little, wall to wall.
          { from: at(20.1, 6.5), to: at(19.9, 0.5) },
        ],
        ...drawn,
      },
    });
    // C-1 west of the slanting line, whose mean is at 20': 19.5' × 6'; C-2 its own leg; the rest no one's.
    assert.deepEqual(areas(analysis), { 'CORRIDOR C-1': 117, 'CORRIDOR C-2': 144 });
  });

  it('changes nothing where a boundary crosses no space or none are drawn', async () => {
    const outside = await analyzedWith({ 1: { lines: [{ from: at(-5, -5), to: at(-5, 40) }], ...drawn } });
    assert.deepEqual(areas(outside), { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 });
    const none = await analyzedWith({});
    assert.deepEqual(areas(none), { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 });
  });

  it('names a room no closed space holds, and measures it once the user closes its open ends', async () => {
    const link = writePdf([openCorridor()], 792, 612);
    const open = await analyzeDocument(link, 'pdf');
    assert.deepEqual(areas(open), {});
    assert.ok(
      (open.warnings ?? []).includes(
        'Page 1: LINK CORRIDOR 6 is named on the sheet, but no closed space was found round it (an opening or a door ' +
          'the analysis could not close), so it is not measured. Draw its boundary with the viewer’s Boundary tool, ' +
          'or measure it by hand.',
      ),
      JSON.stringify(open.warnings),
    );
    // Closed 5' and 25' along, wall face to wall face: 20' × 8'.
    const closed = await analyzeDocument(link, 'pdf', {
      pageBoundaries: {
        1: {
          lines: [
            { from: at(5, 0.5), to: at(5, 8.5) },
            { from: at(25, 0.5), to: at(25, 8.5) },
          ],
          ...drawn,
        },
      },
    });
    assert.deepEqual(areas(closed), { 'LINK CORRIDOR 6': 160 });
    assert.ok(!(closed.warnings ?? []).some((w) => w.includes('no closed space')), JSON.stringify(closed.warnings));
  });
});

/** Two walls 6" thick, 8' apart between faces, 30' long, open at both ends; the tag in the middle. */
function openCorridor(): PdfPage {
  const height = 612;
  const x = (ft: number) => 100 + 9 * ft;
  const y = (ft: number) => height - (100 + 9 * ft);
  const line = (x1: number, y1: number, x2: number, y2: number) => `${x(x1)} ${y(y1)} m ${x(x2)} ${y(y2)} l S`;
  const graphics = [
    'q 0.84 w 0 0 0 RG',
    ...[0, 0.5, 8.5, 9].map((face) => line(0, face, 30, face)),
    line(0, 0, 0, 0.5),
    line(0, 8.5, 0, 9),
    line(30, 0, 30, 0.5),
    line(30, 8.5, 30, 9),
    'Q',
  ].join('\n');
  const text = (value: string, xFt: number, yFt: number) => ({
    text: value,
    x: x(xFt) - value.length * 2.2,
    y: y(yFt),
    size: 8,
  });
  return {
    graphics,
    lines: [
      text('LINK', 15, 3.5),
      text('CORRIDOR', 15, 4.6),
      text('6', 15, 5.7),
      { text: 'FIRST FLOOR PLAN', x: 60, y: 40, size: 12 },
      { text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 },
    ],
    width: 792,
    height,
  };
}
