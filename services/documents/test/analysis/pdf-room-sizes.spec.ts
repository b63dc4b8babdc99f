/**
 * Room sizes written under the names on a PDF plan (`12'-0" x 10'-0"`, as
 * residential plans print them): carried with the measured room, checked
 * against its sides, and, where the rooms all disagree alike, taken for a
 * sheet whose scale note is not the scale it is printed at.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentAnalysis } from '@kerf/contracts/http';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { writePdf } from './pdf-fixture-writer';
import { PLAN_AREAS, planSheet } from './pdf-plan-fixture';

/** The plan's rooms' true sizes: OFFICE 12' × 10', the L-shaped BEDROOM 2 12' × 10' overall, CLOSET 3'-6" square. */
const SIZES = { OFFICE: `12'-0" x 10'-0"`, 'BEDROOM 2': `12'-0" x 10'-0"`, CLOSET: `3'-6" x 3'-6"` };
/** Each room of the plan with the size written in its tag, by name (the corridor's tag writes none). */
const WITH_SIZES = [
  ['BEDROOM 2', SIZES['BEDROOM 2']],
  ['CLOSET', SIZES.CLOSET],
  ['CORRIDOR C-1', undefined],
  ['OFFICE', SIZES.OFFICE],
];
const QUARTER_INCH = { feetPerPoint: 1 / 18, note: `1/4" = 1'-0"` };

async function analysed(...pages: Array<Parameters<typeof planSheet>[0]>): Promise<DocumentAnalysis> {
  const analysis = await analyzeDocument(
    writePdf(
      pages.map((options) => planSheet(options).page),
      792,
      612,
    ),
    'pdf',
  );
  assert.equal(analysis.status, 'analyzed');
  return analysis;
}
const notesOf = (analysis: DocumentAnalysis, page: number) =>
  (analysis.roomNotes ?? []).filter((n) => n.page === page).map((n) => [n.kind, n.rooms.map((r) => r.name), n.message]);

describe('room sizes written in the tags of a PDF plan', () => {
  it('carries each room’s written size beside its measured area, with no note where they agree', async () => {
    const analysis = await analysed({ ...QUARTER_INCH, sizes: SIZES });
    const rooms = analysis.rooms ?? [];
    assert.deepEqual(rooms.map((r) => [r.name, r.printedSize]).sort(), WITH_SIZES);
    // The size is no part of the name, and the rooms are measured as without it.
    for (const room of rooms) assert.ok(Math.abs(room.areaSqFt / PLAN_AREAS[room.name] - 1) < 0.01, room.name);
    // The L-shaped bedroom's size is its overall one: a room that is no rectangle is not held to it.
    assert.deepEqual(notesOf(analysis, 1), []);
    assert.ok(documentAnalysis.safeParse(analysis).success);
  });

  it('notes a room whose sides disagree with the size written in its tag', async () => {
    const analysis = await analysed({ ...QUARTER_INCH, sizes: { ...SIZES, OFFICE: `12'-0" x 11'-6"` } });
    assert.deepEqual(notesOf(analysis, 1), [
      [
        'printed-size-differs',
        ['OFFICE'],
        `OFFICE measures 10'-0" x 12'-0" from the drawing, but 12'-0" x 11'-6" is written in its tag.`,
      ],
    ]);
    assert.ok(
      analysis.warnings?.includes(
        `Page 1: OFFICE measures 10'-0" x 12'-0" from the drawing, but 12'-0" x 11'-6" is written in its tag.`,
      ),
    );
  });

  it('notes a room of another shape whose area is far from the size written in its tag (its space runs on, or is cut short)', async () => {
    const analysis = await analysed({ ...QUARTER_INCH, sizes: { ...SIZES, 'BEDROOM 2': `6'-0" x 5'-0"` } });
    // The L-shaped bedroom, 12' x 10' overall less its closet (104 sq ft): written as a room of 192.
    const larger = await analysed({ ...QUARTER_INCH, sizes: { ...SIZES, 'BEDROOM 2': `12'-0" x 16'-0"` } });
    assert.match(
      String(notesOf(larger, 1)[0]?.[2]),
      /^BEDROOM 2 measures .* \(192 sq ft\) is written in its tag: lines drawn inside it may cut it short\./,
    );
    assert.deepEqual(notesOf(analysis, 1), [
      [
        'printed-size-differs',
        ['BEDROOM 2'],
        `BEDROOM 2 measures ${PLAN_AREAS['BEDROOM 2'].toLocaleString('en-US')} sq ft from the drawing, but 6'-0" x 5'-0" ` +
          '(30 sq ft) is written in its tag: its space may run on into another. Check it on the drawing, or draw ' +
          'its boundary with the viewer’s Boundary tool.',
      ],
    ]);
  });

  it('says once that the page’s scale is off when its rooms all disagree alike with their sizes', async () => {
    // Drawn at 1/4" = 1'-0", noted 3/16" = 1'-0": every room measures a third larger than written.
    const analysis = await analysed({ feetPerPoint: 1 / 18, note: `3/16" = 1'-0"`, sizes: SIZES });
    const notes = notesOf(analysis, 1);
    assert.equal(notes.length, 1);
    const [kind, rooms, message] = notes[0];
    assert.equal(kind, 'printed-size-differs');
    assert.deepEqual(rooms, ['OFFICE', 'CLOSET']);
    assert.match(String(message), /25% smaller than their rooms measure at the page's scale/);
    assert.match(String(message), /Calibrate the page/);
  });

  it('reads the scale of a plan with no scale note from the room sizes in its tags, a usual scale as that scale', async () => {
    const analysis = await analysed({ feetPerPoint: 1 / 9, sizes: SIZES });
    const [page] = analysis.pages!;
    assert.deepEqual(page.scale, { feetPerPoint: 1 / 9, source: 'dimensions' });
    for (const room of analysis.rooms ?? [])
      assert.ok(Math.abs(room.areaSqFt / PLAN_AREAS[room.name] - 1) < 0.01, `${room.name} ${room.areaSqFt}`);
    assert.equal(analysis.rooms?.length, 4);
    assert.ok(
      analysis.warnings?.some((w) =>
        w.startsWith(
          `Page 1 has no scale note: its scale, 1/8" = 1'-0", is read from the room sizes written in its tags (`,
        ),
      ),
      JSON.stringify(analysis.warnings),
    );
    assert.ok(!analysis.warnings?.some((w) => /no scale \(not to scale/.test(w)));
  });

  it('reads sizes written with decimal inches (9\'-11.5") or a fraction glyph (3\'-5½") for the scale of a plan with no note', async () => {
    // As AutoCAD writes them at a decimal precision, and as some fonts set a half inch.
    const analysis = await analysed({
      feetPerPoint: 1 / 9,
      sizes: { OFFICE: `12'-0" x 9'-11.5"`, CLOSET: `3'-5½" x 3'-6"` },
    });
    assert.deepEqual(analysis.pages![0].scale, { feetPerPoint: 1 / 9, source: 'dimensions' });
    const office = analysis.rooms?.find((r) => r.name === 'OFFICE');
    assert.equal(office?.printedSize, `12'-0" x 9'-11.5"`);
    assert.ok(Math.abs(office!.areaSqFt / PLAN_AREAS.OFFICE - 1) < 0.01, `${office!.areaSqFt}`);
    assert.equal(analysis.rooms?.find((r) => r.name === 'CLOSET')?.printedSize, `3'-5½" x 3'-6"`);
  });

  it('reads the scale of a metric plan from sizes in metres written without their unit under the rooms’ names', async () => {
    // 12' x 10' is 3.66 x 3.05 m, 3'-6" 1.07 m: the plan drawn at 1:50 (a point is 50/72 inch).
    const sizes = { OFFICE: '3,66 x 3,05', 'BEDROOM 2': '3.66 x 3.05', CLOSET: '1.07 x 1.07' };
    const metres = await analysed({ feetPerPoint: 50 / 864, sizes });
    assert.deepEqual(metres.pages![0].scale, { feetPerPoint: 50 / 864, source: 'dimensions' });
    assert.ok(
      metres.warnings?.some((w) => w.includes('its scale, 1:50, is read from the room sizes')),
      JSON.stringify(metres.warnings),
    );
    for (const room of metres.rooms ?? [])
      assert.ok(Math.abs(room.areaSqFt / PLAN_AREAS[room.name] - 1) < 0.01, `${room.name} ${room.areaSqFt}`);
  });

  it('reads an unusual scale (a plan printed at 80%) as measured, and none from NTS or from one room’s size', async () => {
    const printedSmaller = await analysed({ feetPerPoint: 1 / 18 / 0.8, sizes: SIZES });
    const scale = printedSmaller.pages![0].scale!;
    assert.equal(scale.source, 'dimensions');
    assert.ok(Math.abs(scale.feetPerPoint / (1 / 18 / 0.8) - 1) < 0.005, String(scale.feetPerPoint));
    for (const room of printedSmaller.rooms ?? [])
      assert.ok(Math.abs(room.areaSqFt / PLAN_AREAS[room.name] - 1) < 0.01, `${room.name} ${room.areaSqFt}`);

    const notToScale = await analysed({ feetPerPoint: 1 / 18, note: 'NTS', sizes: SIZES });
    assert.equal(notToScale.pages![0].scale, null);
    assert.equal(notToScale.rooms, undefined);
    const oneSize = await analysed({ feetPerPoint: 1 / 18, sizes: { OFFICE: SIZES.OFFICE } });
    assert.equal(oneSize.pages![0].scale, null);
  });

  for (const turned of ['anticlockwise', 'clockwise'] as const)
    it(`reads the tags of a plan turned ${turned} on its sheet, its text all upright, for its rooms and its scale`, async () => {
      // A landscape plan printed on a portrait sheet: each tag's lines stack across the page, not down it.
      const analysis = await analysed({ feetPerPoint: 1 / 9, sizes: SIZES, printedAreas: true, turned });
      assert.deepEqual(analysis.pages![0].scale, { feetPerPoint: 1 / 9, source: 'dimensions' });
      const rooms = analysis.rooms ?? [];
      assert.deepEqual(rooms.map((r) => [r.name, r.printedSize]).sort(), WITH_SIZES);
      for (const room of rooms)
        assert.ok(Math.abs(room.areaSqFt / PLAN_AREAS[room.name] - 1) < 0.01, `${room.name} ${room.areaSqFt}`);
      // The sides agree with the sizes whichever way the sheet is turned.
      assert.deepEqual(notesOf(analysis, 1), []);
      // Each printed area is named for the tag it is in.
      assert.deepEqual(
        analysis.quantities.map((q) => q.description),
        ['120 SF — OFFICE', '1.14 m2 — CLOSET', '98 SF — CORRIDOR C-1'],
      );
    });
});
