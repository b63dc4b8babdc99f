/**
 * DXF drawings through the whole path: uploaded to the gateway, stored, read
 * by the analysis process, and answered in feet. One small plan is drawn three
 * times, in inches, feet and millimetres ($INSUNITS 1, 2, 4), so every number
 * below is the same in each, worked out by hand in feet:
 *
 * - WALLS: a closed 20 × 10 ft outline around the text KITCHEN: 60 ft of wall,
 *   200 sq ft, and a 200 sq ft room named KITCHEN.
 * - BAY: a closed 4 × 4 ft square whose right side is a half circle bulging out
 *   (bulge 1, chord 4 ft, radius 2 ft): 3 × 4 + 2π ft around; 16 + ½π·2² = 16 + 2π sq ft.
 * - CURB: an open R12 POLYLINE, a half circle over a 6 ft chord (bulge −1,
 *   radius 3 ft, 3π ft) then 4 ft straight: 4 + 3π ft, and no area since it is open.
 * - COLUMNS: a CIRCLE of radius 1 ft (2π ft) and a quarter ARC of radius 2 ft (π ft): 3π ft.
 * - Blocks, nested three deep: DOOR-PAIR holds 2 DOOR; UNIT holds 1 DOOR-PAIR and 1 DOOR.
 *   Model space places 3 UNIT, 1 DOOR-PAIR and 2 DOOR on A-DOOR:
 *   UNIT 3 / 3; DOOR-PAIR 1 / 1 + 3 = 4; DOOR 2 / 2 + 4 × 2 + 3 × 1 = 13.
 *   What the blocks draw is not model-space linework: A-DOOR has 6 entities and 0 ft.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, type TestStack } from '@kerf/platform/testing';
import {
  arc,
  block,
  circle,
  dxfPairs,
  insert,
  line,
  lwpolyline,
  polyline,
  text,
  textDxf,
} from './analysis/dxf-fixture-writer';
import { analysisOf, uploadingUser, type Json } from './uploading-user';

const PI = Math.PI;

/** The plan above, with `perFoot` drawing units to the foot. */
function plan(insUnits: number, perFoot: number): Buffer {
  const ft = (feet: number) => feet * perFoot;
  return Buffer.from(
    textDxf(
      dxfPairs({
        insUnits,
        blocks: [
          ...block('DOOR', line('0', 0, 0, ft(3), 0)),
          ...block('DOOR-PAIR', [...insert('0', 'DOOR', 0, 0), ...insert('0', 'DOOR', ft(6), 0)]),
          ...block('UNIT', [...insert('0', 'DOOR-PAIR', 0, 0), ...insert('0', 'DOOR', ft(10), 0)]),
        ],
        entities: [
          ...lwpolyline(
            'WALLS',
            [
              [0, 0],
              [ft(20), 0],
              [ft(20), ft(10)],
              [0, ft(10)],
            ],
            true,
          ),
          ...text('ROOM-NAMES', 'KITCHEN', ft(8), ft(5), ft(1)),
          ...lwpolyline(
            'BAY',
            [
              [ft(30), 0],
              [ft(34), 0, 1],
              [ft(34), ft(4)],
              [ft(30), ft(4)],
            ],
            true,
          ),
          ...polyline(
            'CURB',
            [
              [0, ft(-10), -1],
              [ft(6), ft(-10)],
              [ft(6), ft(-6)],
            ],
            false,
          ),
          ...circle('COLUMNS', ft(40), ft(40), ft(1)),
          ...arc('COLUMNS', 0, 0, ft(2), 0, 90),
          ...insert('A-DOOR', 'UNIT', 0, ft(50)),
          ...insert('A-DOOR', 'UNIT', ft(20), ft(50)),
          ...insert('A-DOOR', 'UNIT', ft(40), ft(50)),
          ...insert('A-DOOR', 'DOOR-PAIR', 0, ft(60)),
          ...insert('A-DOOR', 'DOOR', 0, ft(70)),
          ...insert('A-DOOR', 'DOOR', ft(10), ft(70)),
        ],
      }),
    ),
    'latin1',
  );
}

function close(actual: number | undefined, expected: number, what: string): void {
  assert.ok(actual !== undefined, `${what} is missing`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * 1e-9 + 1e-9, `${what}: ${actual} ≠ ${expected}`);
}

describe('DXF drawings uploaded in inches, feet and millimetres', () => {
  let stack: TestStack;
  before(async () => (stack = await startStack(['identity', 'projects', 'billing', 'documents'])));
  after(() => stack?.stop());

  const drawings: Array<[file: string, insUnits: number, perFoot: number, source: string]> = [
    ['plan-inches.dxf', 1, 12, 'in'],
    ['plan-feet.dxf', 2, 1, 'ft'],
    ['plan-millimetres.dxf', 4, 304.8, 'mm'],
  ];

  it('measures the same plan in feet whatever its units, with nested block counts', async () => {
    const user = await uploadingUser(stack);
    const { status, json } = await user.upload(
      drawings.map(([file, insUnits, perFoot]) => [file, plan(insUnits, perFoot)]),
      { projectId: user.projectId, documentType: 'bid' },
    );
    assert.equal(status, 201, JSON.stringify(json));
    for (const [index, [file, , , source]] of drawings.entries()) {
      assert.deepEqual([json[index].filename, json[index].filetype], [file, 'dxf']);
      const analysis = await analysisOf(user, json[index].id);
      assert.equal(analysis.status, 'analyzed', `${file}: ${analysis.error}`);
      assert.equal(analysis.units.source, source, file);
      assert.deepEqual(analysis.warnings, [], file);

      const layer = (name: string) => {
        const found = analysis.layers.find((l: Json) => l.name === name);
        assert.ok(found, `${file}: layer ${name}`);
        return found as { lengthFt: number; areaSqFt: number; entityCount: number };
      };
      close(layer('WALLS').lengthFt, 60, `${file} WALLS length`);
      close(layer('WALLS').areaSqFt, 200, `${file} WALLS area`);
      close(layer('BAY').lengthFt, 12 + 2 * PI, `${file} BAY length`);
      close(layer('BAY').areaSqFt, 16 + 2 * PI, `${file} BAY area`);
      close(layer('CURB').lengthFt, 4 + 3 * PI, `${file} CURB length`);
      assert.equal(layer('CURB').areaSqFt, 0, `${file}: an open polyline has no area`);
      close(layer('COLUMNS').lengthFt, 3 * PI, `${file} COLUMNS length`);
      assert.deepEqual(
        [layer('A-DOOR').entityCount, layer('A-DOOR').lengthFt],
        [6, 0],
        `${file}: block contents are not model-space linework`,
      );

      assert.deepEqual(
        analysis.blocks.map((b: Json) => [b.name, b.count, b.totalCount, b.contains]),
        [
          ['DOOR', 2, 13, undefined],
          ['DOOR-PAIR', 1, 4, ['DOOR']],
          ['UNIT', 3, 3, ['DOOR', 'DOOR-PAIR']],
        ],
        file,
      );
      // The door count a person reads among the quantities is the nested total.
      const doors = analysis.quantities.find((q: Json) => q.source.block === 'DOOR');
      assert.deepEqual([doors?.description, doors?.quantity, doors?.unit], ['Doors (block DOOR)', 13, 'ea'], file);
      assert.equal(analysis.rooms.length, 1, file);
      assert.equal(analysis.rooms[0].name, 'KITCHEN');
      close(analysis.rooms[0].areaSqFt, 200, `${file} KITCHEN area`);
      close(analysis.rooms[0].perimeterFt, 60, `${file} KITCHEN perimeter`);
    }
  });
});
