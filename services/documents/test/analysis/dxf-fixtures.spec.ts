import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import {
  arc,
  binaryDxf,
  block,
  circle,
  dxfPairs,
  insert,
  line,
  lwpolyline,
  polyline,
  text,
  textDxf,
  type Pair,
} from './dxf-fixture-writer';

const PI = Math.PI;

function close(actual: number | undefined, expected: number, what: string): void {
  assert.ok(actual !== undefined, `${what} is missing`);
  assert.ok(
    Math.abs(actual - expected) <= Math.max(1e-9, Math.abs(expected) * 1e-9),
    `${what}: ${actual} ≠ ${expected}`,
  );
}

function layer(analysis: DocumentAnalysis, name: string) {
  const found = analysis.layers?.find((l) => l.name === name);
  assert.ok(found, `layer ${name}`);
  return found;
}

async function analyzeText(pairs: Pair[]): Promise<DocumentAnalysis> {
  return analyzeDocument(Buffer.from(textDxf(pairs), 'latin1'), 'dxf');
}

describe('a 12-inch square in inches, feet and millimetres', () => {
  const cases: Array<[string, number, number]> = [
    ['inches', 1, 12],
    ['feet', 2, 1],
    ['millimetres', 4, 304.8],
  ];
  for (const [name, insUnits, side] of cases) {
    it(`measures 4 ft around and 1 sq ft inside in ${name}`, async () => {
      const square = lwpolyline(
        'WALL',
        [
          [0, 0],
          [side, 0],
          [side, side],
          [0, side],
        ],
        true,
      );
      const analysis = await analyzeText(dxfPairs({ insUnits, entities: square }));
      assert.equal(analysis.status, 'analyzed', analysis.error);
      close(layer(analysis, 'WALL').lengthFt, 4, 'length');
      close(layer(analysis, 'WALL').areaSqFt, 1, 'area');
      assert.deepEqual(analysis.warnings, []);
      assert.deepEqual(
        analysis.quantities.map((q) => [q.description, q.unit]),
        [
          ['Linework on layer WALL', 'ft'],
          ['Closed outlines on layer WALL', 'sq ft'],
        ],
      );
    });
  }
});

/**
 * A drawing in inches whose numbers are worked out by hand:
 * - PAIR holds 2 LEAF inserts and a 2 × 3 MINSERT of LEAF: 8 LEAFs per PAIR.
 *   Model space has 3 PAIR inserts and a 2 × 2 MINSERT of PAIR (7 PAIRs) and one LEAF:
 *   PAIR 7 / 7, LEAF 1 / 1 + 7 × 8 = 57.
 * - A 10 × 10 square whose right side is a semicircle (bulge 1) bulging out: area 100 + 12.5π,
 *   length 30 + 5π; bulging in (bulge −1): area 100 − 12.5π. The same as an R12 POLYLINE.
 * - A closed two-vertex polyline with bulges 1, 1: a circle of radius 1 (area π, length 2π).
 * - An open quarter arc of radius 1 (bulge tan 22.5°) plus a 3-4-5 line: π/2 + 5, no area.
 * - ARC 0°→90° r 2 (π), ARC 350°→10° r 2 (2π/9), CIRCLE r 3 (6π).
 * - A 120 × 144 inch outline around the text KITCHEN: a 120 sq ft room, 44 ft around.
 */
function handWorkedDrawing(): Pair[] {
  const bulgedSquare = (b: number): Array<[number, number, number?]> => [
    [0, 0],
    [10, 0, b],
    [10, 10],
    [0, 10],
  ];
  return dxfPairs({
    insUnits: 1,
    blocks: [
      ...block('LEAF', line('0', 0, 0, 1, 0)),
      ...block('PAIR', [
        ...insert('0', 'LEAF', 0, 0),
        ...insert('0', 'LEAF', 5, 0),
        ...insert('0', 'LEAF', 0, 5, { columns: 2, rows: 3 }),
      ]),
      ...block('DOOR-36', line('0', 0, 0, 36, 0)),
    ],
    entities: [
      ...insert('A', 'PAIR', 0, 0),
      ...insert('A', 'PAIR', 100, 0),
      ...insert('A', 'PAIR', 200, 0),
      ...insert('A', 'PAIR', 0, 100, { columns: 2, rows: 2 }),
      ...insert('A', 'LEAF', 0, 300),
      ...insert('A-DOOR', 'DOOR-36', 0, 0),
      ...insert('A-DOOR', 'DOOR-36', 50, 0),
      ...insert('A-DOOR', 'DOOR-36', 100, 0),
      ...insert('A-DOOR', 'DOOR-36', 150, 0),
      ...lwpolyline('BULGE', bulgedSquare(1), true),
      ...lwpolyline('INWARD', bulgedSquare(-1), true),
      ...polyline('R12', bulgedSquare(1), true),
      ...lwpolyline(
        'DONUT',
        [
          [0, 0, 1],
          [2, 0, 1],
        ],
        true,
      ),
      ...lwpolyline(
        'OPEN',
        [
          [1, 0, Math.tan(PI / 8)],
          [0, 1],
        ],
        false,
      ),
      ...line('OPEN', 0, 0, 3, 4),
      ...arc('CURVES', 0, 0, 2, 0, 90),
      ...arc('CURVES', 0, 0, 2, 350, 10),
      ...circle('CURVES', 5, 5, 3),
      ...lwpolyline(
        'ROOMS',
        [
          [0, 0],
          [120, 0],
          [120, 144],
          [0, 144],
        ],
        true,
      ),
      ...text('ROOM-NAMES', 'KITCHEN', 60, 72, 6),
      ...([
        [0, 'POLYLINE'],
        [8, '3D'],
        [66, 1],
        [70, 8],
        [0, 'VERTEX'],
        [8, '3D'],
        [10, 0],
        [20, 0],
        [30, 0],
        [70, 32],
        [0, 'VERTEX'],
        [8, '3D'],
        [10, 0],
        [20, 0],
        [30, 12],
        [70, 32],
        [0, 'SEQEND'],
      ] as Pair[]),
      // Paper space (group 67 = 1) is not takeoff geometry.
      ...([
        [0, 'LINE'],
        [67, 1],
        [8, 'A'],
        [10, 0],
        [20, 0],
        [30, 0],
        [11, 1000],
        [21, 0],
        [31, 0],
      ] as Pair[]),
    ],
  });
}

const kitchenOutline = (analysis: DocumentAnalysis) => analysis.rooms?.[0]?.outline ?? [];

function assertHandWorkedResults(analysis: DocumentAnalysis): void {
  assert.equal(analysis.status, 'analyzed', analysis.error);
  assert.deepEqual(analysis.units, { source: 'in', usedAs: 'in', feetPerUnit: 1 / 12 });
  const ft = 1 / 12;
  const sqft = 1 / 144;
  close(layer(analysis, 'BULGE').lengthFt, (30 + 5 * PI) * ft, 'outward bulge length');
  close(layer(analysis, 'BULGE').areaSqFt, (100 + 12.5 * PI) * sqft, 'outward bulge area');
  close(layer(analysis, 'INWARD').lengthFt, (30 + 5 * PI) * ft, 'inward bulge length');
  close(layer(analysis, 'INWARD').areaSqFt, (100 - 12.5 * PI) * sqft, 'inward bulge area');
  close(layer(analysis, 'R12').lengthFt, (30 + 5 * PI) * ft, 'R12 polyline length');
  close(layer(analysis, 'R12').areaSqFt, (100 + 12.5 * PI) * sqft, 'R12 polyline area');
  close(layer(analysis, 'DONUT').lengthFt, 2 * PI * ft, 'two-vertex circle length');
  close(layer(analysis, 'DONUT').areaSqFt, PI * sqft, 'two-vertex circle area');
  close(layer(analysis, 'OPEN').lengthFt, (PI / 2 + 5) * ft, 'open arc + line length');
  assert.equal(layer(analysis, 'OPEN').areaSqFt, 0);
  close(layer(analysis, 'CURVES').lengthFt, (PI + (2 * PI) / 9 + 6 * PI) * ft, 'arcs and circle');
  assert.equal(layer(analysis, 'CURVES').entityCount, 3);
  assert.equal(layer(analysis, 'A').lengthFt, 0, 'inserted block geometry and paper space are not model linework');
  assert.equal(layer(analysis, 'A').entityCount, 5);
  assert.equal(layer(analysis, '3D').lengthFt, 0);
  assert.ok(analysis.warnings?.some((w) => /3D polyline/.test(w)));

  assert.deepEqual(
    analysis.blocks?.map(({ at: _at, ...counts }) => counts),
    [
      { name: 'DOOR-36', count: 4, totalCount: 4 },
      { name: 'LEAF', count: 1, totalCount: 57 },
      { name: 'PAIR', count: 7, totalCount: 7, contains: ['LEAF'] },
    ],
  );
  // Every instance counted is placed, nested and MINSERT grid ones too, at the middle of its drawing.
  for (const block of analysis.blocks ?? [])
    assert.equal(block.at?.length, block.totalCount, `${block.name} positions`);
  const at = (name: string) => analysis.blocks?.find((b) => b.name === name)?.at ?? [];
  assert.deepEqual(at('DOOR-36'), [
    [18, 0],
    [68, 0],
    [118, 0],
    [168, 0],
  ]);
  assert.ok(
    at('LEAF').some(([x, y]) => x === 0.5 && y === 300),
    'the LEAF placed in model space',
  );
  // The last PAIR of the MINSERT grid (10 apart) at (10, 110): its MINSERT's last LEAF at (10, 25) in it.
  assert.ok(at('LEAF').some(([x, y]) => x === 20.5 && y === 135));
  assert.deepEqual(kitchenOutline(analysis), [
    [0, 0],
    [120, 0],
    [120, 144],
    [0, 144],
  ]);
  assert.deepEqual(
    analysis.quantities.filter((q) => q.unit === 'ea'),
    [{ description: 'Doors (block DOOR-36)', quantity: 4, unit: 'ea', source: { layer: 'A-DOOR', block: 'DOOR-36' } }],
  );
  assert.equal(analysis.rooms?.length, 1);
  const [kitchen] = analysis.rooms!;
  assert.equal(kitchen.name, 'KITCHEN');
  assert.equal(kitchen.layer, 'ROOMS');
  close(kitchen.areaSqFt, 120, 'room area');
  close(kitchen.perimeterFt, 44, 'room perimeter');
  assert.ok(analysis.quantities.some((q) => q.description === 'Room KITCHEN: floor area' && q.unit === 'sq ft'));
}

describe('a drawing with nested blocks, MINSERT grids and bulged polylines', () => {
  it('adds up to the hand-worked numbers (text DXF)', async () => {
    assertHandWorkedResults(await analyzeText(handWorkedDrawing()));
  });

  it('gives the same numbers from binary DXF', async () => {
    assertHandWorkedResults(await analyzeDocument(binaryDxf(handWorkedDrawing()), 'dxf'));
  });

  it('gives the same numbers when the stream arrives in 7-byte pieces', async () => {
    const bytes = Buffer.from(textDxf(handWorkedDrawing()), 'latin1');
    const pieces: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7));
    assertHandWorkedResults(await analyzeDocument(Readable.from(pieces), 'dxf'));
  });
});

function dimension(measured: number, shown: string, blockName: string): { block: Pair[]; entity: Pair[] } {
  return {
    block: block(blockName, [
      [0, 'MTEXT'],
      [8, '0'],
      [10, measured / 2],
      [20, 10],
      [30, 0],
      [40, 4],
      [1, `\\A1;${shown}`],
    ]),
    entity: [
      [0, 'DIMENSION'],
      [8, 'DIMS'],
      [2, blockName],
      [10, measured],
      [20, 10],
      [30, 0],
      [70, 32],
      [3, 'Standard'],
      [13, 0],
      [23, 0],
      [33, 0],
      [14, measured],
      [24, 0],
      [34, 0],
      [50, 0],
    ],
  };
}

describe('units the dimensions contradict', () => {
  const dims = [dimension(192, `16'-0"`, '*D1'), dimension(96, `8'-0"`, '*D2'), dimension(37, `3'-1"`, '*D3')];
  const drawing = (insUnits: number) =>
    dxfPairs({
      insUnits,
      blocks: dims.flatMap((d) => d.block),
      entities: [...dims.flatMap((d) => d.entity), ...line('WALL', 0, 0, 192, 0)],
    });

  it('keeps the header’s millimetres and warns that the dimensions read as inches', async () => {
    const analysis = await analyzeText(drawing(4));
    assert.equal(analysis.units?.source, 'mm');
    close(layer(analysis, 'WALL').lengthFt, 192 / 304.8, 'wall in header units');
    assert.equal(layer(analysis, 'DIMS').lengthFt, 0, 'dimension geometry is not linework');
    assert.equal(analysis.warnings?.length, 1);
    assert.match(analysis.warnings![0], /says it is in millimetres/);
    assert.match(analysis.warnings![0], /3 of its 3 readable dimensions only make sense in inches/);
    assert.match(analysis.warnings![0], /16'-0"/);
  });

  it('is quiet when the header says inches too', async () => {
    const analysis = await analyzeText(drawing(1));
    assert.deepEqual(analysis.warnings, []);
  });

  it('assumes inches for a unitless drawing whose dimensions read in feet and inches, and says so', async () => {
    const analysis = await analyzeText(drawing(0));
    assert.deepEqual(analysis.units, { source: 'unitless', usedAs: 'in', feetPerUnit: 1 / 12, assumed: true });
    close(layer(analysis, 'WALL').lengthFt, 16, 'wall');
    assert.match(analysis.warnings![0], /does not declare its units/);
  });

  it('suggests the unit in which a unitless drawing’s sizes make sense, when no dimension text says', async () => {
    // Dimensions of 0.3 to 0.4 units with no length in their text: 1 cm in the assumed inches, 35 cm in metres.
    const unreadable = [dimension(0.4, 'A', '*D1'), dimension(0.35, 'B', '*D2'), dimension(0.3, 'C', '*D3')];
    const analysis = await analyzeText(
      dxfPairs({
        insUnits: 0,
        blocks: unreadable.flatMap((d) => d.block),
        entities: [...unreadable.flatMap((d) => d.entity), ...line('WALL', 0, 0, 4, 0)],
      }),
    );
    assert.deepEqual([analysis.units?.usedAs, analysis.units?.suggested], ['in', 'm']);
    assert.match(analysis.warnings![0], /does not declare its units/);
    assert.match(analysis.warnings![0], /would read naturally in metres/);
  });

  it('offers the dimensions’ inches as the fix', async () => {
    const analysis = await analyzeText(drawing(4));
    assert.equal(analysis.units?.suggested, 'in');
  });

  const setBy = 'Ada Lovelace';
  const setAt = '2026-03-04T22:30:00.000Z';
  const overridden = (insUnits: number, unit: 'in' | 'ft' | 'mm' | 'cm' | 'm') =>
    analyzeDocument(Buffer.from(textDxf(drawing(insUnits)), 'latin1'), 'dxf', { units: { unit, setBy, setAt } });

  it('measures in the units the user set, and says who set them over which header', async () => {
    const analysis = await overridden(4, 'in');
    assert.deepEqual(analysis.units, {
      source: 'mm',
      usedAs: 'in',
      feetPerUnit: 1 / 12,
      override: { unit: 'in', setBy, setAt },
    });
    close(layer(analysis, 'WALL').lengthFt, 16, 'wall in inches');
    assert.deepEqual(analysis.warnings, [
      `Drawing units set to inches by Ada Lovelace on March 4, 2026; the file's header says millimetres.`,
    ]);
  });

  it('still says what the dimensions suggest when the user’s units disagree with them', async () => {
    const analysis = await overridden(1, 'cm');
    close(layer(analysis, 'WALL').lengthFt, 192 / 30.48, 'wall in centimetres');
    assert.equal(analysis.units?.suggested, 'in');
    assert.match(
      analysis.warnings![0],
      /^Drawing units set to centimetres by Ada Lovelace on March 4, 2026; the file's header says inches\. Yet 3 of its 3 readable dimensions only make sense in inches/,
    );
  });

  it('names a unitless header when the user sets the units', async () => {
    const analysis = await overridden(0, 'ft');
    close(layer(analysis, 'WALL').lengthFt, 192, 'wall in feet');
    assert.equal(analysis.units?.source, 'unitless');
    assert.equal(analysis.units?.assumed, undefined);
    assert.match(analysis.warnings![0], /by Ada Lovelace on March 4, 2026; the file's header declares no units\./);
  });
});

describe('files that are not readable drawings', () => {
  it('fails a truncated DXF with a reason a person understands', async () => {
    const whole = textDxf(handWorkedDrawing());
    for (const fraction of [0.3, 0.6, 0.95]) {
      const cut = Buffer.from(whole.slice(0, Math.floor(whole.length * fraction)), 'latin1');
      const analysis = await analyzeDocument(cut, 'dxf');
      assert.equal(analysis.status, 'failed');
      assert.match(analysis.error!, /^The DXF file is corrupt or truncated: /);
      assert.deepEqual(analysis.quantities, []);
    }
  });

  it('fails text that is not DXF, and an empty file', async () => {
    const prose = await analyzeDocument(Buffer.from('This is a letter, not a drawing.\nRegards\n'), 'dxf');
    assert.equal(prose.status, 'failed');
    assert.match(prose.error!, /^The DXF file is corrupt or truncated: line 1 should hold a group code/);
    const empty = await analyzeDocument(Buffer.alloc(0), 'dxf');
    assert.match(empty.error!, /the file is empty/);
  });

  it('fails a missing file without throwing', async () => {
    const analysis = await analyzeDocument('/nonexistent/plan.dxf', 'dxf');
    assert.equal(analysis.status, 'failed');
    assert.match(analysis.error!, /could not be found/);
  });
});
