/**
 * Rooms with furniture drawn against their walls (a bed and a wardrobe, as ArchiCAD draws them: outlines with
 * an inner line a few inches in, so the furniture's pen pairs its lines like walls). A room's area runs to its
 * walls, under the furniture; the casework rule does not reach so deep, so the area printed in the room's tag
 * is what tells the face cut short from the room: past the furniture, the face is the room where it then
 * matches that figure. Without a printed area, or against one it does not match, the face stays as found.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { tagLines, writePdf } from './pdf-fixture-writer';

/** 1/4" = 1'-0": 18 points a foot. */
const FT = 18;

/** A rectangle's outline (PDF space, y up), in feet from the sheet's plan origin. */
const rect = (x: number, y: number, w: number, h: number) =>
  `${(60 + x * FT).toFixed(2)} ${(80 + y * FT).toFixed(2)} ${(w * FT).toFixed(2)} ${(h * FT).toFixed(2)} re S`;
/** A rectangle drawn as four separate lines, as wall faces are (a closed outline would be a room boundary). */
const sides = (x: number, y: number, w: number, h: number) => {
  const at = (px: number, py: number) => `${(60 + px * FT).toFixed(2)} ${(80 + py * FT).toFixed(2)}`;
  const corners = [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)];
  return corners.map((corner, k) => `${corner} m ${corners[(k + 1) % 4]} l S`).join('\n');
};
/** A piece of furniture: its outline and an inner line 3" in all round. */
const furniture = (x: number, y: number, w: number, h: number) => [
  rect(x, y, w, h),
  rect(x + 0.25, y + 0.25, w - 0.5, h - 0.5),
];

/** Each room's bed (west wall) and wardrobe (north wall), width × depth in feet: no two alike, so none is a symbol. */
const FURNITURE = [
  { bed: [3.5, 6.5], wardrobe: [5, 2] },
  { bed: [4.5, 6.5], wardrobe: [4, 2] },
  { bed: [5, 6.75], wardrobe: [6, 2] },
];
/** A room's area with its bed and wardrobe cut out: the face the furniture leaves. */
const cutShort = (i: number) => 168 - FURNITURE[i].bed[0] * FURNITURE[i].bed[1] - FURNITURE[i].wardrobe[0] * 2;

/**
 * Three bedrooms side by side, 12' × 14' inside each (168 SF), in 6" walls, each with a bed against its west
 * wall and a wardrobe against its north wall; their tags print `printed`.
 */
function bedroomsSheet(printed: Array<string | undefined>) {
  const walls = [
    '/OC /L0 BDC 0 0 0 RG 0.7 w',
    sides(0, 0, 38, 15),
    ...[0, 1, 2].map((i) => sides(0.5 + i * 12.5, 0.5, 12, 14)),
    'EMC',
  ];
  const pieces = FURNITURE.flatMap(({ bed, wardrobe }, i) => [
    ...furniture(0.5 + i * 12.5, 4, bed[0], bed[1]),
    ...furniture(0.5 + i * 12.5 + 6, 14.5 - wardrobe[1], wardrobe[0], wardrobe[1]),
  ]);
  const lines = [0, 1, 2].flatMap((i) =>
    tagLines(
      [`BEDROOM ${i + 1}`, ...(printed[i] ? [printed[i]!] : [])],
      [60 + (0.5 + i * 12.5 + 8.5) * FT, 80 + 3 * FT],
      8,
    ),
  );
  return {
    graphics: [...walls, '/OC /L1 BDC 0 0 0 RG 0.7 w', ...pieces, 'EMC'].join('\n'),
    lines: [...lines, { text: `FLOOR PLAN 1/4" = 1'-0"`, x: 60, y: 50, size: 9 }],
  };
}

const areaOf = (analysis: DocumentAnalysis, name: string) => analysis.rooms!.find((r) => r.name === name)?.areaSqFt;

describe('rooms with furniture against their walls', () => {
  let analysis: DocumentAnalysis;
  before(async () => {
    const sheet = bedroomsSheet(['168 SF', '200 SF', undefined]);
    analysis = await analyzeDocument(writePdf([sheet], 792, 612, ['KONSTRUKCIJE', 'OPREMA']), 'pdf');
  });

  it('measures a room to its walls, under its furniture, where the area printed in its tag confirms it', () => {
    assert.ok(
      Math.abs(areaOf(analysis, 'BEDROOM 1')! - 168) < 168 * 0.01,
      `BEDROOM 1: ${areaOf(analysis, 'BEDROOM 1')}`,
    );
    assert.ok(!analysis.warnings?.some((w) => /BEDROOM 1 measures/.test(w)), analysis.warnings?.join('\n'));
  });

  it('keeps the face round the furniture where the tag prints another area, and says so', () => {
    assert.ok(
      Math.abs(areaOf(analysis, 'BEDROOM 2')! - cutShort(1)) < 1,
      `BEDROOM 2: ${areaOf(analysis, 'BEDROOM 2')}`,
    );
    assert.ok(analysis.warnings?.some((w) => /BEDROOM 2 measures .* but 200 sq ft is printed/.test(w)));
  });

  it('measures it to its walls where the size written in its tag confirms it, as residential plans print it', async () => {
    const sized = await analyzeDocument(
      writePdf([bedroomsSheet([`12'-0" x 14'-0"`, `12' x 16'`, undefined])], 792, 612, ['KONSTRUKCIJE', 'OPREMA']),
      'pdf',
    );
    assert.ok(Math.abs(areaOf(sized, 'BEDROOM 1')! - 168) < 168 * 0.01, `BEDROOM 1: ${areaOf(sized, 'BEDROOM 1')}`);
    assert.ok(Math.abs(areaOf(sized, 'BEDROOM 2')! - cutShort(1)) < 1, `BEDROOM 2: ${areaOf(sized, 'BEDROOM 2')}`);
  });

  it('keeps the face round the furniture where the tag prints no area', () => {
    assert.ok(Math.abs(areaOf(analysis, 'BEDROOM 3')! - cutShort(2)) < 1, `${areaOf(analysis, 'BEDROOM 3')}`);
  });

  it('measures every room to its walls where the furniture is on a layer named so, and a bed round a name is no room', async () => {
    const sheet = bedroomsSheet([undefined, '200 SF', undefined]);
    // BEDROOM 1's name written on its bed, as house plans often place it.
    const onTheBed = sheet.lines.map((line) =>
      line.text === 'BEDROOM 1' ? { ...line, x: 60 + 0.8 * FT, y: 80 + 7 * FT } : line,
    );
    const layered = await analyzeDocument(
      writePdf([{ ...sheet, lines: onTheBed }], 792, 612, ['A-WALL', 'A-FURN']),
      'pdf',
    );
    for (const name of ['BEDROOM 1', 'BEDROOM 3'])
      assert.ok(Math.abs(areaOf(layered, name)! - 168) < 168 * 0.01, `${name}: ${areaOf(layered, name)}`);
    // An Italian sheet's furniture layer ("Arredi") is furniture too.
    const italian = await analyzeDocument(
      writePdf([{ ...sheet, lines: onTheBed }], 792, 612, ['Muri', 'Arredi']),
      'pdf',
    );
    assert.ok(Math.abs(areaOf(italian, 'BEDROOM 1')! - 168) < 168 * 0.01, `Arredi: ${areaOf(italian, 'BEDROOM 1')}`);
    // The tag's figure is not what tells: a room is measured to its walls whatever its tag prints.
    assert.ok(Math.abs(areaOf(layered, 'BEDROOM 2')! - 168) < 168 * 0.01, `BEDROOM 2: ${areaOf(layered, 'BEDROOM 2')}`);
  });
});

/**
 * A 12' × 14' room with 6" stub walls 4'6" up, 6' out from its west wall and 2' from its east wall: the 4' gap
 * between their ends looks like a doorway with no door drawn, at which a room would end. Its tag, south of the stubs, prints `printed`.
 */
function stubWallSheet(printed: string) {
  const walls = [
    '0 0 0 RG 0.7 w',
    sides(0, 0, 13, 15),
    sides(0.5, 0.5, 12, 14),
    sides(0.5, 5, 6, 0.5),
    sides(10.5, 5, 2, 0.5),
  ];
  return {
    graphics: walls.join('\n'),
    lines: [
      ...tagLines(['OFFICE', printed], [60 + 6 * FT, 80 + 2.5 * FT], 8),
      { text: `FLOOR PLAN 1/4" = 1'-0"`, x: 60, y: 50, size: 9 },
    ],
  };
}

describe('a room narrowed by stub walls', () => {
  it('is measured whole where the area printed in its tag is the whole room’s, and ends at the gap where it is not', async () => {
    const whole = await analyzeDocument(writePdf([stubWallSheet('164 SF')], 792, 612), 'pdf');
    assert.ok(Math.abs(areaOf(whole, 'OFFICE')! - 164) < 164 * 0.01, `${areaOf(whole, 'OFFICE')}`);
    // The part south of the stubs: 12' × 4'6".
    const part = await analyzeDocument(writePdf([stubWallSheet('54 SF')], 792, 612), 'pdf');
    assert.ok(Math.abs(areaOf(part, 'OFFICE')! - 54) < 54 * 0.01, `${areaOf(part, 'OFFICE')}`);
  });
});

/** A circle of radius `r` feet round (`cx`, `cy`) as CAD plots one: four Béziers, or `pieces` lines; never closed. */
function circle(cx: number, cy: number, r: number, pieces?: number) {
  const at = (px: number, py: number) => `${(60 + px * FT).toFixed(2)} ${(80 + py * FT).toFixed(2)}`;
  if (pieces) {
    const points = Array.from({ length: pieces + 1 }, (_, i) => {
      const t = (i / pieces) * 2 * Math.PI;
      return at(cx + r * Math.cos(t), cy + r * Math.sin(t));
    });
    return `${points[0]} m ${points
      .slice(1)
      .map((p) => `${p} l`)
      .join(' ')} S`;
  }
  const k = 0.5523 * r;
  return [
    `${at(cx + r, cy)} m`,
    `${at(cx + r, cy + k)} ${at(cx + k, cy + r)} ${at(cx, cy + r)} c`,
    `${at(cx - k, cy + r)} ${at(cx - r, cy + k)} ${at(cx - r, cy)} c`,
    `${at(cx - r, cy - k)} ${at(cx - k, cy - r)} ${at(cx, cy - r)} c`,
    `${at(cx + k, cy - r)} ${at(cx + r, cy - k)} ${at(cx + r, cy)} c S`,
  ].join(' ');
}

describe('a round table round a room’s name', () => {
  it('measures the room to its walls, not the table, whether the table is drawn as Béziers or as lines', async () => {
    // Two rooms 14' × 12' inside (168 SF), walls and furniture all of one pen, as a plot without layers draws
    // them; each name written in the middle of its round table, with four chairs round it.
    const rooms = [
      { name: 'DINING', x: 0.5, table: circle(7.5, 6.5, 2) },
      { name: 'BREAKFAST', x: 15, table: circle(22, 6.5, 1.75, 48) },
    ];
    const chairs = rooms.flatMap(({ x }) =>
      [
        [x + 6.25, 3.25],
        [x + 6.25, 8.75],
        [x + 3.75, 5.75],
        [x + 8.75, 5.75],
      ].map(([cx, cy]) => rect(cx, cy, 1.5, 1.5)),
    );
    const sheet = {
      graphics: [
        '0 0 0 RG 0.7 w',
        sides(0, 0, 29.5, 13),
        ...rooms.map(({ x }) => sides(x, 0.5, 14, 12)),
        ...rooms.map(({ table }) => table),
        ...chairs,
      ].join('\n'),
      lines: [
        ...rooms.flatMap(({ name, x }) => tagLines([name], [60 + (x + 7) * FT, 80 + 6.3 * FT], 8)),
        { text: `FLOOR PLAN 1/4" = 1'-0"`, x: 60, y: 50, size: 9 },
      ],
    };
    const analysis = await analyzeDocument(writePdf([sheet], 792, 612), 'pdf');
    for (const { name } of rooms)
      assert.ok(Math.abs(areaOf(analysis, name)! - 168) < 168 * 0.01, `${name}: ${areaOf(analysis, name)}`);
  });
});
