/**
 * Rooms on generated sheets, one rule a sheet: what is drawn over the rooms
 * (number frames, floor grids, shading and its outline, clouds) is no wall
 * (but a wall's face along a colour fill is), and a doorway with
 * no door drawn ends a room, a line from a door's hinge across its opening is
 * no leaf (nor is one to the strike jamb of a swing drawn without its leaf),
 * and a swing, or a pair of swings, drawn without leaves is a door; a single
 * thin aslant line across a room (a shower floor's slope) is no wall, unless
 * it is all that parts two named rooms; a room named by two-letter names
 * joined by a slash ("WC/SH") is a room. Each sheet fails without its rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { DOOR_SHEET_AREAS, doorSheet } from './pdf-door-fixture';
import { SLOPE_SHEET_AREAS, slopeSheet } from './pdf-slope-fixture';
import { tagLines, writePdf } from './pdf-fixture-writer';
import {
  DOORWAY_SHEET_AREAS,
  doorwaySheet,
  lineShortOfWallsSheet,
  shelvedClosetSheet,
  DOORWAY_SHEET_LOBBY_SQ_FT,
  type DoorwaySheetOptions,
  GRID_SHEET_AREAS,
  gridSheet,
  TAG_SHEET_AREAS,
  tagSheet,
  WASHROOM_SQ_FT,
  washroomSheet,
} from './pdf-tag-fixture';

describe('PDF plan takeoff: what is drawn over the rooms is not a wall', () => {
  // One sheet per rule, and one with all of them; each page fails without its rule.
  const pages = [
    { label: 'a closet whose name runs over its walls', options: {} },
    { label: 'its number framed by four loose lines straddling both walls', options: { looseFrame: true } },
    { label: 'a floor-tile grid in a thinner pen through both rooms', options: { tiles: true } },
    { label: 'an area shading whose edge crosses the office', options: { shading: true } },
    { label: 'a revision cloud drawn across the office', options: { cloud: true } },
    {
      label: 'an area shading outlined in lines of its own, the outline crossing the office',
      options: { shading: true, shadingOutline: true },
    },
    { label: 'each room filled with a colour to its walls’ faces', options: { roomColours: true } },
    {
      label: 'all of these together',
      options: { looseFrame: true, tiles: true, shading: true, shadingOutline: true, cloud: true, roomColours: true },
    },
  ];
  let analysis: DocumentAnalysis;
  it('is analysed', async () => {
    analysis = await analyzeDocument(
      writePdf(
        pages.map((p) => tagSheet(p.options)),
        792,
        612,
      ),
      'pdf',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
  });
  pages.forEach(({ label }, i) => {
    it(`measures the office and the closet within 1% with ${label}`, () => {
      const rooms = analysis.rooms!.filter((r) => r.page === i + 1);
      const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
      assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(TAG_SHEET_AREAS).sort(), found);
      for (const room of rooms) {
        const truth = TAG_SHEET_AREAS[room.name];
        assert.ok(Math.abs(room.areaSqFt - truth) <= truth * 0.01, `page ${i + 1}: ${found}`);
      }
      assert.ok(!analysis.warnings!.some((w) => w.startsWith(`Page ${i + 1}:`)), analysis.warnings!.join('\n'));
    });
  });
});

describe('PDF plan takeoff: an area plan', () => {
  it('keeps the single boundary lines between rooms each filled with its colour to them', async () => {
    // 1/8" = 1'-0" (9 pt a foot), origin 100 pt from the left and bottom: two offices of 12' × 10' and
    // 8' × 10' drawn with single lines (each line a path of its own), each filled with a colour to the lines.
    const x = (ft: number) => 100 + ft * 9;
    const y = (ft: number) => 100 + ft * 9;
    const line = (x1: number, y1: number, x2: number, y2: number) => `${x(x1)} ${y(y1)} m ${x(x2)} ${y(y2)} l S`;
    const fill = (x1: number, y1: number, x2: number, y2: number) =>
      `${x(x1)} ${y(y1)} ${x(x2) - x(x1)} ${y(y2) - y(y1)} re f`;
    const graphics = [
      `q 0.8 0.9 1 rg ${fill(0, 0, 12, 10)} Q q 0.85 1 0.85 rg ${fill(12, 0, 20, 10)} Q`,
      'q 0.5 w 0 0 0 RG',
      line(0, 0, 20, 0),
      line(20, 0, 20, 10),
      line(20, 10, 0, 10),
      line(0, 10, 0, 0),
      line(12, 0, 12, 10),
      'Q',
    ].join('\n');
    const lines = [
      ...tagLines(['OFFICE', '101'], [x(6), y(5)], 8),
      ...tagLines(['OFFICE', '102'], [x(16), y(5)], 8),
      { text: `SCALE: 1/8" = 1'-0"`, x: 60, y: 26, size: 8 },
    ];
    const analysis = await analyzeDocument(writePdf([{ lines, graphics, width: 792, height: 612 }], 792, 612), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(
      analysis.rooms!.map((r) => [r.name, r.areaSqFt]),
      [
        ['OFFICE 101', 120],
        ['OFFICE 102', 80],
      ],
    );
  });
});

describe('PDF plan takeoff: a room under a floor grid', () => {
  // One sheet per rule; each fails without its rule.
  const pages = [
    { label: "its tag in one 4' cell of the grid, larger than a closet", options: { spacing: 4 } },
    {
      label: "a 1' grid whose pen is written with rounding noise in its width",
      options: { spacing: 1, noisyPen: true },
    },
  ];
  let analysis: DocumentAnalysis;
  it('is analysed', async () => {
    analysis = await analyzeDocument(
      writePdf(
        pages.map((p) => gridSheet(p.options)),
        792,
        612,
      ),
      'pdf',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
  });
  pages.forEach(({ label }, i) => {
    it(`measures the whole room, and the closet beside it by its walls, with ${label}`, () => {
      const rooms = analysis.rooms!.filter((r) => r.page === i + 1);
      const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
      assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(GRID_SHEET_AREAS).sort(), found);
      for (const room of rooms) {
        const truth = GRID_SHEET_AREAS[room.name];
        assert.ok(Math.abs(room.areaSqFt - truth) <= truth * 0.01, `page ${i + 1}: ${found}`);
      }
    });
  });
});

describe('PDF plan takeoff: a doorway with no door drawn', () => {
  // The two faces of the doorway's wall are cuts of one length; a writer's rounding makes either the shorter.
  const variants: Array<[string, DoorwaySheetOptions]> = [
    ['as drawn', {}],
    ['with the hall-side face a hair shorter', { hallFaceShorterFt: 0.004 }],
  ];
  for (const [label, options] of variants) {
    it(`ends an elevator car at its own doorway face into a larger untagged hall, and keeps an office’s niche (${label})`, async () => {
      const analysis = await analyzeDocument(writePdf([doorwaySheet(options)], 792, 612), 'pdf');
      assert.equal(analysis.status, 'analyzed', analysis.error);
      const rooms = analysis.rooms!;
      const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
      assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(DOORWAY_SHEET_AREAS).sort(), found);
      for (const room of rooms)
        assert.ok(
          Math.abs(room.areaSqFt - DOORWAY_SHEET_AREAS[room.name]) <= DOORWAY_SHEET_AREAS[room.name] * 0.01,
          found,
        );
    });
  }

  it('divides a car from the lobby tagged outside it at the car’s own face, whichever face is the shorter', async () => {
    const analysis = await analyzeDocument(
      writePdf([doorwaySheet({ hallTagged: true, hallFaceShorterFt: 0.004 })], 792, 612),
      'pdf',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const area = (name: string) => analysis.rooms!.find((r) => r.name === name)?.areaSqFt;
    const found = JSON.stringify(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
    assert.ok(Math.abs(area('ELEVATOR E-1')! - 52) <= 0.52, found);
    assert.ok(Math.abs(area('ELEVATOR LOBBY')! - DOORWAY_SHEET_LOBBY_SQ_FT) <= DOORWAY_SHEET_LOBBY_SQ_FT * 0.01, found);
  });
});

describe('PDF plan takeoff: doors the leaf does not show', () => {
  // One sheet per rule; each fails without its rule.
  const pages = [
    { label: 'a threshold line from the hinge across the opening is no leaf (a single door and a pair)', options: {} },
    { label: 'a quarter swing without a leaf between two jambs is a door', options: { leafless: true } },
    {
      label: 'a line from the hinge to the strike jamb of a swing without a leaf is its threshold',
      options: { leafless: 'threshold' as const },
    },
    {
      label: 'two swings without leaves stopping short of each other between two jambs are a pair of doors',
      options: { leaflessPair: true },
    },
    { label: 'a swing plotted as its dashes, each a path of its own, is a door', options: { dashedSwings: true } },
    {
      label:
        'door blocks standing off their openings (hinged beside the jamb, closing short of it on a stop mark) are joined to the walls',
      options: { offOpening: true },
    },
    { label: 'a wall face stopping 3" short of a door jamb is carried on to it', options: { shortJamb: true } },
  ];
  let analysis: DocumentAnalysis;
  it('is analysed', async () => {
    analysis = await analyzeDocument(
      writePdf(
        pages.map((p) => doorSheet(p.options)),
        792,
        612,
      ),
      'pdf',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
  });
  pages.forEach(({ label }, i) => {
    it(`closes every door and measures each room within 1%: ${label}`, () => {
      const rooms = analysis.rooms!.filter((r) => r.page === i + 1);
      const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
      assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(DOOR_SHEET_AREAS).sort(), found);
      for (const room of rooms) {
        const truth = DOOR_SHEET_AREAS[room.name];
        assert.ok(Math.abs(room.areaSqFt - truth) <= truth * 0.01, `page ${i + 1}: ${found}`);
      }
      assert.equal(analysis.symbols!.find((s) => s.name === 'door' && s.page === i + 1)?.count, 3);
      assert.ok(!analysis.warnings!.some((w) => w.startsWith(`Page ${i + 1}:`)), analysis.warnings!.join('\n'));
    });
  });
});

describe('PDF plan takeoff: lines drawn across rooms', () => {
  it('measures a toilet cut corner to corner by its floor’s slope line whole, and keeps two showers open to each other apart', async () => {
    const analysis = await analyzeDocument(writePdf([slopeSheet()], 792, 612), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const rooms = analysis.rooms!;
    const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(SLOPE_SHEET_AREAS).sort(), found);
    for (const room of rooms) {
      const truth = SLOPE_SHEET_AREAS[room.name];
      assert.ok(Math.abs(room.areaSqFt - truth) <= truth * 0.01, found);
    }
  });
});

describe('PDF plan takeoff: a closet behind its shelf', () => {
  // At the middle, each half is the smallest room's area; a hair off it (a writer's rounding), the labelled
  // half is a hair less: the closet is measured whole, to its walls, either way.
  for (const off of [0, 0.0001]) {
    it(`measures a closet whose shelf halves it to its walls (shelf ${off} ft off the middle)`, async () => {
      const analysis = await analyzeDocument(writePdf([shelvedClosetSheet(off)], 792, 612), 'pdf');
      assert.equal(analysis.status, 'analyzed', analysis.error);
      const found = JSON.stringify(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
      const area = (name: string) => analysis.rooms!.find((r) => r.name === name)?.areaSqFt ?? NaN;
      assert.ok(Math.abs(area('CLOSET') - 16) <= 0.16, found);
      assert.ok(Math.abs(area('OFFICE') - 80) <= 0.8, found);
    });
  }

  it('measures a closet whose shelf halves it into faces smaller than a room, to its walls', async () => {
    const analysis = await analyzeDocument(writePdf([shelvedClosetSheet(0, 6)], 792, 612), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const found = JSON.stringify(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
    const area = (name: string) => analysis.rooms!.find((r) => r.name === name)?.areaSqFt ?? NaN;
    assert.ok(Math.abs(area('CLOSET') - 12) <= 0.12, found);
    assert.ok(Math.abs(area('OFFICE') - 60) <= 0.6, found);
  });
});

describe('PDF plan takeoff: the gap a line leaves short of a wall, at any scale', () => {
  // Endpoints within 1/4" (real) are one; 0.4" short of a wall is a gap at 1/8" = 1'-0" and at 1/16" alike.
  for (const [note, inchesPerFoot] of [
    [`1/8" = 1'-0"`, 1 / 8],
    [`1/16" = 1'-0"`, 1 / 16],
  ] as const) {
    it(`leaves an office whole past a line stopping 0.4" short of its walls (${note})`, async () => {
      const analysis = await analyzeDocument(writePdf([lineShortOfWallsSheet(inchesPerFoot)], 792, 612), 'pdf');
      assert.equal(analysis.status, 'analyzed', analysis.error);
      const found = JSON.stringify(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
      const office = analysis.rooms!.find((r) => r.name === 'OFFICE');
      assert.ok(office && Math.abs(office.areaSqFt - 100) <= 1, found);
    });
  }
});

describe('PDF plan takeoff: a room named for two uses by two-letter names', () => {
  it('measures a toilet with a shower named "WC/SH"', async () => {
    const analysis = await analyzeDocument(writePdf([washroomSheet()], 792, 612), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const found = JSON.stringify(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
    const washroom = analysis.rooms!.find((r) => r.name === 'WC/SH');
    assert.ok(washroom && Math.abs(washroom.areaSqFt - WASHROOM_SQ_FT) <= WASHROOM_SQ_FT * 0.01, found);
  });
});

describe('PDF plan takeoff: two tags either side of a wall on one baseline', () => {
  it('reads them as two rooms, each measured, where all is drawn in hairlines', async () => {
    // Mirrored flats' verandahs at 1/4" = 1'-0" (18 pt a foot), 7'-9" × 4' inside each (31 SF), parted by a 6" wall;
    // each name written close to the wall (about two text heights apart), on one baseline.
    const at = (x: number, y: number) => `${(60 + x * 18).toFixed(2)} ${(80 + y * 18).toFixed(2)}`;
    const sides = (x: number, y: number, w: number, h: number) => {
      const corners = [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)];
      return corners.map((corner, k) => `${corner} m ${corners[(k + 1) % 4]} l S`).join('\n');
    };
    const sheet = {
      graphics: ['0 0 0 RG 0 w', sides(0, 0, 17, 5), sides(0.5, 0.5, 7.75, 4), sides(8.75, 0.5, 7.75, 4)].join('\n'),
      lines: [
        // Helvetica's VERANDAH at 8 pt is 42.7 pt wide.
        { text: 'VERANDAH', x: 60 + 8.25 * 18 - 3 - 42.7, y: 80 + 2.3 * 18, size: 8 },
        { text: 'VERANDAH', x: 60 + 8.75 * 18 + 3, y: 80 + 2.3 * 18, size: 8 },
        { text: `FLOOR PLAN 1/4" = 1'-0"`, x: 60, y: 50, size: 9 },
      ],
    };
    const analysis = await analyzeDocument(writePdf([sheet], 792, 612), 'pdf');
    const found = JSON.stringify(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      analysis.rooms!.map((r) => r.name),
      ['VERANDAH', 'VERANDAH (2)'],
      found,
    );
    for (const room of analysis.rooms!) assert.ok(Math.abs(room.areaSqFt - 31) <= 0.31, found);
  });
});
