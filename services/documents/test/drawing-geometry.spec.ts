/**
 * GET /api/documents/{id}/geometry: a DXF's model-space linework as the viewer
 * draws it. The drawing (in feet) holds, on known layers:
 * - WALLS: two LINEs (0,0)→(10,0) and (10,0)→(10,5);
 * - COLUMNS: a quarter ARC centred at (20,0), radius 2, from 0° to 90°;
 * - BAY: a closed LWPOLYLINE square (0,-8)…(4,-4) whose right side is a half circle
 *   bulging out to x = 6 (bulge 1);
 * - DOORS: a block DOOR (a 3-unit LINE along x on layer 0, base point 0,0)
 *   inserted at (30,10), scale 2, rotated 90°: a line (30,10)→(30,16) on DOORS.
 * Bounds: x 0…30, y −8…16.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, type TestStack } from '@kerf/platform/testing';
import { arc, block, dxfPairs, insert, line, lwpolyline, textDxf } from './analysis/dxf-fixture-writer';
import { analysisOf, uploadingUser, type Json, type UploadingUser } from './uploading-user';
import { vectorPdf } from './vector-pdf';

function drawing(): Buffer {
  return Buffer.from(
    textDxf(
      dxfPairs({
        insUnits: 2,
        blocks: [...block('DOOR', line('0', 0, 0, 3, 0))],
        entities: [
          ...line('WALLS', 0, 0, 10, 0),
          ...line('WALLS', 10, 0, 10, 5),
          ...arc('COLUMNS', 20, 0, 2, 0, 90),
          ...lwpolyline(
            'BAY',
            [
              [0, -8],
              [4, -8, 1],
              [4, -4],
              [0, -4],
            ],
            true,
          ),
          ...insert('DOORS', 'DOOR', 30, 10),
          [41, 2],
          [42, 2],
          [50, 90],
        ],
      }),
    ),
    'latin1',
  );
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

describe('GET /api/documents/{id}/geometry', () => {
  let stack: TestStack;
  let owner: UploadingUser;
  let stranger: UploadingUser;
  let dxfId: string;
  let pdfId: string;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents']);
    [owner, stranger] = await Promise.all([uploadingUser(stack, 'geometry'), uploadingUser(stack, 'stranger')]);
    const dxf = await owner.upload([['plan.dxf', drawing()]], { projectId: owner.projectId });
    assert.equal(dxf.status, 201, JSON.stringify(dxf.json));
    dxfId = dxf.json.id;
    const pdf = await owner.upload([['sheet.pdf', vectorPdf(1)]], { projectId: owner.projectId });
    assert.equal(pdf.status, 201, JSON.stringify(pdf.json));
    pdfId = pdf.json.id;
    assert.equal((await analysisOf(owner, dxfId)).status, 'analyzed');
  });
  after(() => stack?.stop());

  it('answers the model-space linework per layer, arcs and bulges tessellated, blocks placed', async () => {
    const { status, json } = await owner.call('GET', `/api/documents/${dxfId}/geometry`);
    assert.equal(status, 200, JSON.stringify(json));
    assert.deepEqual(json.units, { feetPerUnit: 1 });
    assert.deepEqual(json.bounds, { minX: 0, minY: -8, maxX: 30, maxY: 16 });
    assert.equal(json.truncated, undefined);
    const layer = (name: string): number[][] => {
      const found = json.layers.find((l: Json) => l.name === name);
      assert.ok(found, `layer ${name} in ${json.layers.map((l: Json) => l.name).join(', ')}`);
      return found.paths;
    };
    assert.deepEqual(layer('WALLS'), [
      [0, 0, 10, 0],
      [10, 0, 10, 5],
    ]);

    const [quarter] = layer('COLUMNS');
    assert.ok(quarter!.length >= 8, 'the arc is drawn as several segments');
    assert.deepEqual(quarter!.slice(0, 2), [22, 0]);
    assert.ok(
      near(quarter!.at(-2)!, 20) && near(quarter!.at(-1)!, 2),
      `the arc ends at (20, 2): ${quarter!.slice(-2)}`,
    );
    for (let i = 0; i < quarter!.length; i += 2) {
      assert.ok(near(Math.hypot(quarter![i]! - 20, quarter![i + 1]!), 2), 'every arc point is on the circle');
    }

    const [bay] = layer('BAY');
    const xs = bay!.filter((_, i) => i % 2 === 0);
    assert.ok(near(Math.max(...xs), 6), `the bulge reaches x = 6 (${Math.max(...xs)})`);
    assert.deepEqual(bay!.slice(0, 2), [0, -8]);
    assert.deepEqual(bay!.slice(-2), [0, -8], 'a closed polyline comes back to its start');

    const [door] = layer('DOORS');
    assert.equal(door!.length, 4);
    assert.ok(
      near(door![0]!, 30) && near(door![1]!, 10) && near(door![2]!, 30) && near(door![3]!, 16),
      `the door is scaled 2 and turned 90° at (30, 10): ${door}`,
    );
    assert.equal(
      json.layers.find((l: Json) => l.name === '0'),
      undefined,
      'a block’s layer-0 lines take the INSERT’s layer',
    );
  });

  it('is a 404 for another user’s document and a 400 for a PDF', async () => {
    const other = await stranger.call('GET', `/api/documents/${dxfId}/geometry`);
    assert.equal(other.status, 404, JSON.stringify(other.json));
    const pdf = await owner.call('GET', `/api/documents/${pdfId}/geometry`);
    assert.equal(pdf.status, 400, JSON.stringify(pdf.json));
    assert.match(pdf.json.message, /only DXF and DWG drawings/);
  });
});
