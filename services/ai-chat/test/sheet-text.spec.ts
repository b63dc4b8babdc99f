import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import type { DocumentAnalysis, DocumentKind } from '@kerf/contracts';
import { CORPUS_DIR } from '@kerf/platform/testing';
import { answer } from '../src/assistant/local-analyst';
import type { AnalysedDocument } from '../src/assistant/sourced-quantity';
import { readSheet } from '../src/assistant/openai-assistant';
import { factsOf, sourceQuantities } from '../src/assistant/sources';

// The documents service's analysis engine, as built (the analyst reads what it produces).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sibling package's build output
const { analyzeDocument } = require(resolve(__dirname, '../../../documents/dist/src/analysis/analyze-document.js')) as {
  analyzeDocument(path: string, kind: DocumentKind): Promise<DocumentAnalysis>;
};

const VA = 'opentakeoff_va-sample-finish-plan.pdf';
/** poppler's text of each page, an independent reading of the same sheets. */
const truth = (
  JSON.parse(readFileSync(join(CORPUS_DIR, `${VA}.truth.json`), 'utf8')) as {
    page_data: Array<{ page: number; text: string }>;
  }
).page_data;

describe('the local analyst reads what a PDF sheet says (VA finish plan)', () => {
  let va: AnalysedDocument;
  before(async () => {
    va = { id: 'va', filename: VA, analysis: await analyzeDocument(join(CORPUS_DIR, VA), 'pdf') };
  });

  it("gives the finish plan's scale as written on it, with its sheet and page, and no other sheet's", () => {
    const reply = answer('What is the scale of the finish plan?', [va]);
    const [, note, sheet, page] =
      /^- (.+?) — \S+ .*FINISH PLAN \(opentakeoff_va-sample-finish-plan\.pdf, sheet (\S+), page (\d+)\)$/m.exec(
        reply.content,
      ) ?? [];
    assert.ok(note, reply.content);
    assert.ok(truth.find((p) => p.page === Number(page))!.text.includes(note!), `${note} is on page ${page}`);
    assert.equal(note, '1/8" = 1\'-0"');
    assert.ok(truth.find((p) => p.page === Number(page))!.text.includes(sheet!));
    assert.doesNotMatch(reply.content, /SCHEDULE/, 'the schedule sheet is not the finish plan');
    assert.deepEqual(reply.quantities, []);
  });

  it('answers a room asked for by its mark with that room, and what its tag prints where they disagree', () => {
    for (const question of ['What is the area of corridor CE-2?', 'How big is corridor CE-2?']) {
      const reply = answer(question, [va]);
      assert.deepEqual(
        reply.quantities.map((q) => [q.description, q.quantity]),
        [['CORRIDOR CE-2', 294.88]],
        reply.content,
      );
      // The first note on the sheet is the one about this room.
      assert.match(
        reply.content,
        /\n\nNote on [^:]+: Page 1: CORRIDOR CE-2 measures 294\.88 sq ft from the drawing, but 411 sq ft is printed in its tag\./,
      );
    }
    const patients = answer('What is the area of the patient rooms?', [va]);
    const rooms = va.analysis.rooms!.filter((room) => /^PATIENT ROOM \d+$/.test(room.name));
    assert.ok(rooms.length >= 10);
    assert.deepEqual(patients.quantities.map((q) => q.description).sort(), rooms.map((room) => room.name).sort());
  });

  it('lists a printed room area only for a room the linework does not measure, named as its tag names it', () => {
    const reply = answer('What is the area of the corridors?', [va]);
    const listed = reply.quantities.map((q) => q.description);
    // Measured: listed once, by their measured area; the printed figures of their tags are not listed again.
    for (const measured of ['CONNECTING CORRIDOR T1', 'CORRIDOR CE-2']) {
      assert.ok(listed.includes(measured), reply.content);
      assert.ok(!listed.some((d) => d.endsWith(`— ${measured}`)), reply.content);
    }
    // Not measured (the zones of one corridor, a corridor open at its ends): the sheet's own figure, by its tag.
    for (const printed of ['189 SF — LINK CORRIDOR 6', '706 SF — CORRIDOR CE-3', '250 SF — CORRIDOR CE-4'])
      assert.ok(listed.includes(printed), reply.content);
  });

  it('names the rooms whose finish schedule rows carry VCT, and only those, citing the schedule sheet', () => {
    const reply = answer('Which rooms get VCT?', [va]);
    // The rooms poppler's text of the schedule sheet gives a VCT finish: a row starting with its room mark.
    const schedulePage = truth.find((p) => /^ROOM FINISH SCHEDULE/m.test(p.text))!;
    const expected = new Set(
      schedulePage.text
        .split('\n')
        .filter((line) => /\bVCT-\d/.test(line))
        .map((line) => line.split(' ')[0]!)
        .filter((mark) => /^\d+[A-Z]?$/.test(mark)),
    );
    assert.ok(expected.size >= 8, [...expected].join(' '));
    const listed = [...reply.content.matchAll(/^- (\S+) [^:\n]+: floor finish (\S+)/gm)].map((m) => [m[1]!, m[2]!]);
    assert.deepEqual(new Set(listed.map(([mark]) => mark)), expected, reply.content);
    for (const [, cell] of listed) assert.match(cell, /VCT-1/);
    assert.match(
      reply.content,
      /gives VCT \(opentakeoff_va-sample-finish-plan\.pdf, sheet AF600, page 2\):/,
      'the schedule is cited by its sheet and page',
    );
    assert.match(reply.content, /VINYL COMPOSITION TILE/, 'the material schedule says what VCT-1 is');
    assert.match(reply.content, /VCT-1 is tagged \d+ times on AF101 FIRST FLOOR FINISH PLAN \(.*page 1\)/);
    // An area is offered only for a room the plan measures and the schedule gives VCT alone.
    for (const quantity of reply.quantities) {
      assert.equal(quantity.origin.kind, 'room');
      assert.ok(
        quantity.origin.ref!.split(' ').some((word) => expected.has(word)),
        quantity.origin.ref,
      );
    }
  });

  it("answers a schedule question from the schedule's row", () => {
    const reply = answer('What is the floor finish of room 150?', [va]);
    const row = truth
      .flatMap((p) => p.text.split('\n'))
      .find((line) => line.startsWith('150 '))!
      .split(' ');
    assert.match(
      reply.content,
      new RegExp(`^- 150 ${row[1]}: floor finish ${row[2]} \\(.*sheet AF600, page 2, ROOM`, 'm'),
    );
    assert.equal(reply.content.split('\n').filter((line) => line.startsWith('- ')).length, 1, reply.content);
  });

  it("lists the codes the legends define, says when an asked schedule is not there, and reads a wall finish's every side", () => {
    const codes = answer('List the finish codes', [va]).content;
    for (const [code, what] of [
      ['LVT', 'LUXURY VINYL TILE'],
      ['WSF', 'WELDED SEAM SHEET FLOORING'],
      ['CPT-1', 'BROADLOOM CARPET'],
    ])
      assert.match(codes, new RegExp(`^- ${code}: ${what}.*\\(.*page \\d\\)$`, 'm'));
    assert.doesNotMatch(codes, /^- (CE-\d|T1):/m, "a room schedule's rows are rooms, not codes");
    assert.match(answer("What's in the door schedule?", [va]).content, /^There is no door schedule on the sheets\./);
    const walls = answer('What paint goes on the walls of room 149?', [va]).content;
    assert.match(walls, /^- 149 OFFICE: north P-1; .*south P-1; west P-1 \(/m);
    assert.doesNotMatch(walls, /floor/);
  });

  it("reads a material schedule's every section, gives no wall area without a height, and a room's perimeter", () => {
    // The MATERIAL SCHEDULE lists FLOORING, BASE, WALLS… under one header, each after a gap; it was read to the
    // first gap, so paint (a WALLS row) was answered "the documents don't hold paint".
    const paint = answer('How much paint do I need?', [va]);
    assert.doesNotMatch(paint.content, /don't hold/);
    assert.match(paint.content, /^P-1 — P-1 PAINT \(.*page 2\)$/m);
    assert.match(paint.content, /^- 149 OFFICE: north P-1$/m);
    // P-3 is given on walls only: no area is made up for it, and the reply says what is missing.
    assert.match(paint.content, /The schedules give P-3 on walls .* a wall's area needs its height/);
    assert.ok(!paint.quantities.some((q) => q.description.startsWith('P-3')), paint.content);
    // What is measured is measured: the ceiling the schedule paints P-1 (OFFICE 136), at the room's floor area.
    const office136 = va.analysis.rooms!.find((room) => room.name === 'OFFICE 136')!;
    assert.deepEqual(
      paint.quantities.map((q) => [q.description, q.quantity, q.unit]),
      [['P-1 paint ceiling, OFFICE 136', office136.areaSqFt, 'sq ft']],
    );
    // A surface named alone is not a material: it is not answered as the codes whose text holds the word.
    assert.doesNotMatch(answer('How much flooring?', [va]).content, /^\S+ — /m);

    const perimeter = answer('What is the perimeter of office 149?', [va]);
    const office149 = va.analysis.rooms!.find((room) => room.name === 'OFFICE 149')!;
    assert.deepEqual(
      perimeter.quantities.map((q) => [q.description, q.quantity, q.unit, q.origin.kind, q.origin.ref, q.origin.page]),
      [['OFFICE 149 perimeter', office149.perimeterFt, 'ft', 'room', 'OFFICE 149', 1]],
    );
    assert.match(perimeter.content, /^- [\d.]+ ft OFFICE 149 perimeter \(.*sheet AF101, page 1\)$/m);
  });

  it('names a sheet by its number and title', () => {
    const reply = answer('What is the title of sheet AF600?', [va]);
    assert.match(reply.content, /^- AF600: MATERIAL AND ROOM FINISH SCHEDULE; schedules: .*\(.*page 2\)$/m);
    assert.doesNotMatch(reply.content, /AF101/);
    const all = answer('What sheets are in the set?', [va]);
    assert.match(all.content, /^- AF101: FIRST FLOOR FINISH PLAN; scale 1\/8" = 1'-0" \(.*page 1\)$/m);
    assert.match(all.content, /^- AF600: MATERIAL AND ROOM FINISH SCHEDULE/m);
  });

  it('still says so when the sheet does not hold the answer', () => {
    const parking = answer('How many parking spaces are there?', [va]);
    assert.match(parking.content, /don't hold/);
    assert.deepEqual(parking.quantities, []);
    // A material named in words: the codes the legend and material schedule describe so, and their rooms.
    const base = answer('Where is resilient base used?', [va]);
    assert.match(base.content, /^- 150 MED: base finish RB-1$/m);
    assert.doesNotMatch(base.content, /floor finish/);
    const terrazzo = answer('Which rooms get terrazzo?', [va]);
    assert.match(
      terrazzo.content,
      /^No legend, schedule or note on .* names terrazzo, so I can't say which rooms get it\./,
    );
    const vct = answer('How much VCT is there?', [va]);
    assert.match(vct.content, /so I give no VCT quantity rather than guess one|^- [\d,.]+ sq ft VCT-1/m);
    const height = answer('What is the ceiling height of room 150?', [va]);
    assert.match(height.content, /^The schedules have no height column, so they don't say that\./);
    assert.doesNotMatch(height.content, /\d+'|\d+ ft/, 'no height is made up');
  });

  it('answers how much of a material named in words the rooms its codes finish take, measured on the plan', () => {
    // Nothing measured is named "carpet": the material schedule's CPT-1 BROADLOOM CARPET and the rooms the room
    // finish schedules give it are. It was answered "the documents don't hold carpet".
    const carpet = answer('How much carpet do I need?', [va]);
    assert.doesNotMatch(carpet.content, /don't hold/);
    const floors = carpet.quantities.filter((q) => q.unit === 'sq ft');
    assert.ok(
      floors.length >= 10 && floors.every((q) => /^CPT-1 broadloom carpet floor, /.test(q.description)),
      carpet.content,
    );
    for (const room of ['OFFICE 149', 'OFFICE 136', 'PATIENT ROOM 145'])
      assert.ok(
        floors.some((q) => q.origin.kind === 'room' && q.origin.ref === room && q.origin.page === 1),
        room,
      );
    // Rooms of other finishes are not carpet.
    assert.ok(!carpet.quantities.some((q) => /^(MED 150|TOILET 145A|HAC 170)$/.test(q.origin.ref ?? '')));
    const total = floors.reduce((sum, q) => sum + q.quantity, 0);
    const [, said] = /^Total of the measured rooms: ([\d,.]+) sq ft of floor/m.exec(carpet.content) ?? [];
    assert.ok(said, carpet.content);
    assert.ok(Math.abs(Number(said!.replace(/,/g, '')) - total) <= 1, `${said} against ${total}`);
    // Asked by area in words: "how many square feet of" is an area, not a count of tiles.
    const tile = answer('How many square feet of porcelain tile?', [va]);
    assert.doesNotMatch(tile.content, /don't hold/);
    assert.ok(
      tile.quantities.some((q) => q.unit === 'sq ft' && q.origin.ref === 'TOILET 145A'),
      tile.content,
    );
    assert.ok(!tile.quantities.some((q) => q.origin.ref === 'OFFICE 149'));
    // A material no legend or schedule names is still not there.
    assert.match(answer('How much terrazzo do I need?', [va]).content, /don't hold terrazzo/);
  });

  it("gives a model the sheet: scale, schedules in full, a code's rooms and the text around words", () => {
    const sheet = readSheet(va, { page: 2, code: 'vct', text: 'LUXURY VINYL' }) as {
      pages: Array<{ sheetNumber: string; scale: unknown; schedules: Array<{ title: string; rows: string[][] }> }>;
      code: { schedules: Array<{ schedule: string; rooms: Array<{ room: string; cell: string }> }> };
      text: { found: Array<{ page: number; lines: string[] }> };
    };
    assert.equal(sheet.pages[0]!.sheetNumber, 'AF600');
    assert.equal(sheet.pages[0]!.scale, null);
    const first = sheet.pages[0]!.schedules.find((s) => s.title === 'ROOM FINISH SCHEDULE - FIRST FLOOR')!;
    assert.ok(first.rows.some((row) => row[0] === '150' && row[2] === 'VCT-1'));
    const rooms = sheet.code.schedules.flatMap((s) => s.rooms.map((r) => r.room));
    assert.ok(rooms.includes('150 MED') && !rooms.includes('149 OFFICE'), rooms.join(', '));
    assert.ok(sheet.text.found.some((hit) => hit.lines.some((line) => /LVT/.test(line))));
    const plan = readSheet(va, { page: 1 }) as { pages: Array<{ scaleAsWritten: string }> };
    assert.equal(plan.pages[0]!.scaleAsWritten.startsWith('1/8" = 1\'-0"'), true);
    assert.deepEqual(readSheet(va, { page: 9 }), { error: `${VA} has no page 9.` });
  });

  it('answers a measure asked after its noun, base along the rooms, and notes only about what it answers', () => {
    const walls = answer('How long are the walls?', [va]).quantities.map((q) => [q.description, q.quantity]);
    assert.ok(walls.length > 0);
    // "the wall length", "the door count": the thing before the measure. They were answered "don't hold that".
    for (const question of ['What is the wall length?', 'What is the total wall length on the finish plan?'])
      assert.deepEqual(
        answer(question, [va]).quantities.map((q) => [q.description, q.quantity]),
        walls,
        question,
      );
    const doors = answer('What is the door count?', [va]);
    assert.deepEqual(
      doors.quantities.map((q) => [q.description, q.quantity]),
      answer('How many doors are there?', [va]).quantities.map((q) => [q.description, q.quantity]),
    );
    assert.equal(doors.quantities[0]!.quantity, va.analysis.symbols!.find((s) => s.name === 'door')!.count);
    // The sheet's notes about rooms (LINK CORRIDOR 6 not measured…) say nothing of a door count.
    assert.doesNotMatch(doors.content, /Note on/, doors.content);

    // Base runs along a room's walls: its perimeter, door openings included. It was "don't hold base linework".
    const room145 = va.analysis.rooms!.find((room) => room.name === 'PATIENT ROOM 145')!;
    const base = answer('How many LF of wall base do I need for PATIENT ROOM 145?', [va]);
    assert.deepEqual(
      base.quantities.map((q) => [q.description, q.quantity, q.unit, q.origin.kind, q.origin.ref]),
      [['PATIENT ROOM 145 perimeter', room145.perimeterFt, 'ft', 'room', 'PATIENT ROOM 145']],
    );
    assert.match(base.content, /door openings included: take off the door widths/);
    assert.equal(base.quantities[0]!.material?.name, 'Wall base, PATIENT ROOM 145', 'priced as base, not as a room');
    assert.doesNotMatch(base.content, /CORRIDOR CE-4|LINK CORRIDOR/, 'no note about other rooms');
    // Asked of no room: every measured room, with the notes about those left unmeasured.
    const everyBase = answer('How many feet of baseboard do I need?', [va]);
    assert.equal(everyBase.quantities.length, va.analysis.rooms!.length);
    assert.match(everyBase.content, /^Note on .*, so it is not measured\./m);
    // A base the schedules name is answered for the rooms they give it, worded once.
    const resilient = answer('How much resilient base do I need?', [va]);
    assert.match(resilient.content, /^- [\d.]+ ft RB-1 resilient base, MED 150 \(/m);
    assert.match(resilient.content, /door openings included/);
    // Flooring as such: each measured room's floor, and the schedule's finishes offered by name.
    const flooring = answer('How much flooring do I need?', [va]);
    assert.equal(flooring.quantities.length, va.analysis.rooms!.length);
    assert.ok(flooring.quantities.every((q) => q.material?.name === `Flooring, ${q.origin.ref}` && q.unit === 'sq ft'));
    assert.match(flooring.content, /room finish schedule gives each room its floor: ask for a finish by name/);
    // Base cabinets are no base.
    assert.ok(
      !answer('How many base cabinets are there?', [va]).quantities.some((q) => q.description.endsWith('perimeter')),
    );
  });
});

/**
 * A PDF analysis as the documents engine gives it with its geometry: the
 * page's scale as an object, rooms, layers and symbols by page.
 */
function measuredPlan(): AnalysedDocument {
  const analysis = {
    status: 'analyzed',
    kind: 'pdf',
    revision: 2,
    quantities: [],
    pages: [
      {
        number: 1,
        sheetNumber: 'A-101',
        title: 'FLOOR PLAN',
        text: 'FLOOR PLAN\nOFFICE\n101 VCT-1\nBREAK ROOM 105 LVT-2\nCORRIDOR 107 RBR-2\nLVT LUXURY VINYL TILE\n1/4" = 1\'-0"',
        scale: { note: '1/4" = 1\'-0"', feetPerPoint: 1 / 18, source: 'scale-note' },
        widthPts: 2592,
        heightPts: 1728,
      },
      {
        number: 2,
        sheetNumber: 'A-601',
        title: 'SCHEDULES',
        text: 'ROOM FINISH SCHEDULE',
        scale: null,
        schedules: [
          {
            title: 'ROOM FINISH SCHEDULE',
            columns: ['ROOM NO.', 'ROOM NAME', 'FLOOR', 'BASE', 'WALLS', 'CEILING'],
            rows: [
              ['101', 'OFFICE', 'VCT-1', 'RB-1', 'PT-1', 'ACT-1'],
              ['102', 'STORAGE', 'VCT-1/SC-1', 'RB-1', 'PT-1', 'ACT-1'],
              ['103', 'LOBBY', 'CPT-2', 'RB-1', 'PT-2', 'GWB'],
            ],
          },
        ],
      },
      {
        number: 3,
        sheetNumber: 'A-102',
        title: 'SECOND FLOOR PLAN',
        text: '',
        scale: { feetPerPoint: 1 / 9, source: 'calibration' },
      },
    ],
    rooms: [
      {
        name: 'OFFICE 101',
        page: 1,
        areaSqFt: 220.4,
        perimeterFt: 60,
        layer: 'stroke #000000 0.5 pt',
        outline: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        source: 'wall-linework',
      },
      {
        name: 'LOBBY 103',
        page: 1,
        areaSqFt: 410,
        perimeterFt: 84,
        layer: 'stroke #000000 0.5 pt',
        outline: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        source: 'wall-linework',
      },
      {
        name: 'CORRIDOR 107',
        page: 1,
        areaSqFt: 90,
        perimeterFt: 46,
        layer: 'stroke #000000 0.5 pt',
        outline: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        source: 'wall-linework',
      },
      {
        name: 'BREAK ROOM 105',
        page: 1,
        areaSqFt: 150,
        perimeterFt: 50,
        layer: 'stroke #000000 0.5 pt',
        outline: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        source: 'wall-linework',
      },
    ],
    layers: [{ name: 'A-WALL', page: 1, lengthFt: 400, areaSqFt: 0, entityCount: 10 }],
    symbols: [
      { name: 'door', page: 1, count: 7, at: [[10, 10]] },
      { name: 'symbol 1', page: 1, count: 12, at: [[20, 20]] },
    ],
  } as unknown as DocumentAnalysis;
  return { id: 'plan', filename: 'plan.pdf', analysis };
}

describe('the local analyst on a measured PDF plan', () => {
  it("gives a page's scale whether it is a note or a calibration", () => {
    const doc = measuredPlan();
    assert.match(
      answer('What scale is sheet A-101 drawn at?', [doc]).content,
      /^- 1\/4" = 1'-0" — A-101 FLOOR PLAN \(plan\.pdf, sheet A-101, page 1\)$/m,
    );
    assert.match(
      answer('What is the scale of the second floor plan?', [doc]).content,
      /^- 1 in on the sheet = 8 ft \(calibrated by hand\) — A-102 SECOND FLOOR PLAN \(plan\.pdf, sheet A-102, page 3\)$/m,
    );
    // A sheet printed at another size than its note is measured at its scale bar: the answer says what it is measured at.
    const reduced = measuredPlan();
    (reduced.analysis.pages![0] as { scale: unknown }).scale = {
      note: `1/4" = 1'-0"`,
      feetPerPoint: 1 / 18 / 0.65,
      source: 'dimensions',
    };
    assert.match(
      answer('What scale is sheet A-101 drawn at?', [reduced]).content,
      /^- 1 in on the sheet = 6\.154 ft \(measured on the sheet; its note says 1\/4" = 1'-0"\) — A-101 FLOOR PLAN/m,
    );
    const nts = measuredPlan();
    (nts.analysis.pages![0] as { scale: unknown }).scale = 'NTS';
    assert.match(
      answer('What is the scale of sheet A-101?', [nts]).content,
      /^- not to scale \(the sheet says so\): calibrate the page to measure on it — A-101 FLOOR PLAN/m,
    );
    // A sheet with an enlarged plan beside the plan says both scales.
    const enlarged = measuredPlan();
    (enlarged.analysis.pages![0] as { drawings?: unknown }).drawings = [
      { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, box: [0, 0, 500, 500] },
      { note: `1/2" = 1'-0"`, feetPerPoint: 1 / 36, box: [600, 0, 900, 400] },
    ];
    assert.match(
      answer('What scale is sheet A-101 drawn at?', [enlarged]).content,
      /^- 1\/4" = 1'-0"; other drawings on it at 1\/2" = 1'-0", each measured at its own — A-101 FLOOR PLAN/m,
    );
    const schedules = answer('What is the scale of the schedules sheet?', [doc]);
    assert.match(schedules.content, /^No scale is written on the sheets asked about/);
  });

  it('offers the measured floor area and base length of the rooms a schedule finishes with a code, the room and page as origin', () => {
    const doc = measuredPlan();
    const reply = answer('Which rooms get VCT?', [doc]);
    assert.match(reply.content, /^- 101 OFFICE: floor VCT-1$/m);
    assert.match(reply.content, /^- 102 STORAGE: floor VCT-1\/SC-1 \(shared with another finish\)$/m);
    assert.doesNotMatch(reply.content, /LOBBY/);
    assert.deepEqual(
      reply.quantities.map((q) => [
        q.quantity,
        q.unit,
        q.origin.kind,
        q.origin.ref,
        q.origin.page,
        q.origin.revision,
        q.source.sheet,
      ]),
      [[220.4, 'sq ft', 'room', 'OFFICE 101', 1, 2, 'A-101']],
    );
    assert.deepEqual(
      reply.quantities[0]!.material,
      { name: 'VCT-1 floor (OFFICE 101)', category: 'Floors' },
      'the floor area is proposed as a floor finish, filed as the measured floors are',
    );
    assert.match(
      reply.content,
      /^- 220\.4 sq ft VCT-1 floor, OFFICE 101 \(plan\.pdf, sheet A-101, page 1, room OFFICE 101\)$/m,
    );

    const base = answer('Which rooms get RB-1?', [doc]);
    assert.match(base.content, /^Total of the measured rooms: 144 ft of base\.$/m);
    assert.match(base.content, /^1 of the 3 rooms the schedules give RB-1 alone was not found measured on a plan/m);
    assert.deepEqual(
      base.quantities.map((q) => [q.quantity, q.unit, q.origin.ref]),
      [
        [60, 'ft', 'OFFICE 101'],
        [84, 'ft', 'LOBBY 103'],
      ],
    );
    assert.ok(base.quantities.every((q) => q.material?.category === 'Finishes'));
  });

  it('finds a measured room’s row by the rule that names its material: a typical row by its plural, never part of a name, never one number two ways', () => {
    const room = (name: string, areaSqFt: number) => ({ name, page: 1, areaSqFt, perimeterFt: 40, outline: [] });
    const plan: AnalysedDocument = {
      id: 'finishes',
      filename: 'finishes.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        quantities: [],
        pages: [
          { number: 1, text: 'FLOOR PLAN', scale: { feetPerPoint: 1 / 18, source: 'calibration' } },
          {
            number: 2,
            text: 'SCHEDULES',
            scale: null,
            schedules: [
              {
                title: 'ROOM FINISH SCHEDULE - FIRST FLOOR',
                columns: ['Number', 'NAME', 'FLOOR FINISH', 'BASE FINISH'],
                rows: [['135', 'VENDING', 'VCT-1', 'RB-1']],
              },
              {
                title: 'ROOM FINISH SCHEDULE - BASEMENT',
                columns: ['Number', 'NAME', 'FLOOR FINISH', 'BASE FINISH'],
                rows: [['135', 'STORAGE', 'CPT-1', 'RB-1']],
              },
              {
                title: 'ROOM FINISH SCHEDULE - TYPICAL',
                columns: ['NAME', 'FLOOR FINISH', 'BASE FINISH'],
                rows: [
                  ['PATIENT ROOMS', 'CPT-1', 'CPT-1'],
                  ['OFFICE', 'CPT-1', 'RB-1'],
                ],
              },
            ],
          },
        ],
        rooms: [room('PATIENT ROOM 145', 200), room('BOX OFFICE', 80), room('VENDING 135', 60)],
      } as unknown as DocumentAnalysis,
    };
    // Its floor and its base. Before one matcher: BOX OFFICE (it holds "OFFICE") and VENDING 135 (the basement's 135), not the patient room.
    const reply = answer('Which rooms get CPT-1?', [plan]);
    assert.deepEqual(
      reply.quantities.map((q) => [q.origin.ref, q.quantity]),
      [
        ['PATIENT ROOM 145', 200],
        ['PATIENT ROOM 145', 40],
      ],
    );
  });

  it("ties a plan's tag to the room named on its line when no schedule lists the code, and says how it knows", () => {
    const reply = answer('which rooms get lvt?', [measuredPlan()]);
    assert.match(reply.content, /^LVT — LVT LUXURY VINYL TILE/m);
    assert.match(
      reply.content,
      /LVT-2 is tagged 1 time on A-101 FLOOR PLAN \(plan\.pdf, sheet A-101, page 1\), beside BREAK ROOM 105\./,
    );
    assert.match(reply.content, /No finish schedule lists LVT/);
    // A code with no legend at all, only a tag on the plan.
    const tagged = answer('Which rooms get rbr?', [measuredPlan()]);
    assert.match(tagged.content, /RBR-2 is tagged 1 time on A-101 FLOOR PLAN \(.*\), beside CORRIDOR 107\./);
    const absent = answer('Which rooms get WSF?', [measuredPlan()]);
    assert.match(absent.content, /^No sheet of plan\.pdf names WSF: no legend, schedule or plan tag carries it/);
    assert.deepEqual(absent.quantities, []);
  });

  it("ties a plan's tags to the measured rooms whose outlines hold them when the page's text has positions", () => {
    const square = (x: number): Array<[number, number]> => [
      [x, 0],
      [x + 100, 0],
      [x + 100, 100],
      [x, 100],
    ];
    const room = (name: string, x: number) => ({
      name,
      page: 1,
      areaSqFt: 300,
      perimeterFt: 70,
      layer: 'stroke #000000 0.5 pt',
      outline: square(x),
      source: 'wall-linework',
    });
    const tag = (text: string, x: number, y: number) => ({ text, x, y, width: 20, height: 8 });
    const doc: AnalysedDocument = {
      id: 'classrooms',
      filename: 'classrooms.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        quantities: [],
        pages: [
          {
            number: 1,
            sheetNumber: 'A-103',
            title: 'FINISH PLAN',
            // Read as lines, no tag shares a line with its room: only the positions tie them.
            text: 'CLASSROOM 201 CLASSROOM 202 CLASSROOM 203\nCPT-9 CPT-9 VCT-4',
            lines: [
              tag('CLASSROOM 201', 20, 30),
              tag('CLASSROOM 202', 220, 30),
              tag('CLASSROOM 203', 420, 30),
              tag('CPT-9', 40, 60),
              tag('CPT-9', 240, 60),
              tag('VCT-4', 440, 60),
            ],
          },
        ],
        rooms: [room('CLASSROOM 201', 0), room('CLASSROOM 202', 200), room('CLASSROOM 203', 400)],
      } as unknown as DocumentAnalysis,
    };
    const reply = answer('Which rooms get CPT-9?', [doc]);
    assert.match(
      reply.content,
      /CPT-9 is tagged 2 times on A-103 FINISH PLAN \(classrooms\.pdf, sheet A-103, page 1\), in CLASSROOM 201, CLASSROOM 202\./,
    );
    assert.match(reply.content, /the rooms above are those whose measured outline holds a CPT-9 tag/);
    assert.doesNotMatch(reply.content, /CLASSROOM 203/);
  });

  it('cites PDF rooms, layers and symbols by sheet and page, and lists symbols with the blocks', () => {
    const doc = measuredPlan();
    const doors = answer('How many doors?', [doc]);
    assert.equal(doors.content, '- 7 ea doors (plan.pdf, sheet A-101, page 1)');
    assert.deepEqual([doors.quantities[0]!.origin.kind, doors.quantities[0]!.origin.page], ['symbol', 1]);
    const rooms = answer('What is the area of the rooms?', [doc]);
    assert.match(rooms.content, /^- 220\.4 sq ft OFFICE 101 \(plan\.pdf, sheet A-101, page 1\)$/m);
    const every = answer('How many symbols of each type are there?', [doc]);
    assert.match(every.content, /^- 12 ea symbol 1 \(plan\.pdf, sheet A-101, page 1\)$/m);
    assert.equal(every.quantities.find((q) => q.description === 'symbol 1')!.material, undefined);
    const facts = factsOf(doc);
    // A model's figure citing the sheet and page is traced to the room, and proposed by it.
    const [traced] = sourceQuantities('- 220.4 sq ft office floor (plan.pdf, sheet A-101, page 1)', facts, [doc]);
    assert.deepEqual(
      [traced!.verified, traced!.origin?.kind, traced!.origin?.ref, traced!.origin?.page, traced!.origin?.revision],
      [true, 'room', 'OFFICE 101', 1, 2],
    );
    assert.ok(traced!.material);
    assert.ok(
      facts.some(
        (f) =>
          f.origin.kind === 'symbol' && f.origin.ref === 'door' && f.origin.page === 1 && f.source.sheet === 'A-101',
      ),
    );
    assert.ok(
      facts.some((f) => f.origin.kind === 'room' && f.origin.page === 1 && f.quantity === 220.4 && !f.source.layer),
    );
    assert.ok(facts.some((f) => f.origin.kind === 'layer' && f.origin.page === 1 && f.source.page === 1));
  });
});
