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
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { startStack, type TestStack } from '@kerf/platform/testing';
import {
  arc,
  block,
  dxfPairs,
  insert,
  line,
  lwpolyline,
  text,
  textDxf,
  type Pair,
} from './analysis/dxf-fixture-writer';
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

/**
 * Symbols, colours and a room, in feet:
 * - LAYER table: WALLS red (ACI 1), PALE yellow (ACI 2, switched off: -2);
 * - WALLS: a BYLAYER line (0,0)→(10,0), a blue one (ACI 5) (0,5)→(10,5), one in true colour #123456 (0,8)→(10,8);
 * - block DOOR: a BYBLOCK line (0,0)→(3,0) on layer 0, its drawing centred at (1.5, 0);
 * - block PAIR: two DOORs, at (0,0) and (10,0);
 * - DOORS: a green (ACI 3) DOOR at (30,10), scale 2, turned 90° (centre at (30,13)), and a PAIR at (100,0)
 *   (DOORs centred at (101.5,0) and (111.5,0));
 * - ROOMS: a closed 20 × 20 square (40,0)…(60,20) around the text KITCHEN.
 */
function symbolsDrawing(): Buffer {
  const layerEntry = (name: string, colour: number): Pair[] => [
    [0, 'LAYER'],
    [2, name],
    [70, 0],
    [62, colour],
  ];
  return Buffer.from(
    textDxf(
      dxfPairs({
        insUnits: 2,
        tables: [[0, 'TABLE'], [2, 'LAYER'], ...layerEntry('WALLS', 1), ...layerEntry('PALE', -2), [0, 'ENDTAB']],
        blocks: [
          ...block('DOOR', [...line('0', 0, 0, 3, 0), [62, 0]]),
          ...block('PAIR', [...insert('0', 'DOOR', 0, 0), ...insert('0', 'DOOR', 10, 0)]),
        ],
        entities: [
          ...line('WALLS', 0, 0, 10, 0),
          ...line('WALLS', 0, 5, 10, 5),
          [62, 5],
          ...line('WALLS', 0, 8, 10, 8),
          [62, 5],
          [420, 0x123456],
          ...line('PALE', 0, 12, 10, 12),
          ...insert('DOORS', 'DOOR', 30, 10),
          [41, 2],
          [42, 2],
          [50, 90],
          [62, 3],
          ...insert('DOORS', 'PAIR', 100, 0),
          ...lwpolyline(
            'ROOMS',
            [
              [40, 0],
              [60, 0],
              [60, 20],
              [40, 20],
            ],
            true,
          ),
          ...text('ROOMS', 'KITCHEN', 50, 10),
        ],
      }),
    ),
    'latin1',
  );
}

describe('GET /api/documents/{id}/geometry', () => {
  let stack: TestStack;
  let owner: UploadingUser;
  let stranger: UploadingUser;
  let dxfId: string;
  let pdfId: string;
  let symbolsId: string;
  let documentsDb: Client;
  let s3: S3Client;
  let bucket: string;

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
    const symbols = await owner.upload([['symbols.dxf', symbolsDrawing()]], { projectId: owner.projectId });
    assert.equal(symbols.status, 201, JSON.stringify(symbols.json));
    symbolsId = symbols.json.id;
    assert.equal((await analysisOf(owner, symbolsId)).status, 'analyzed');
    documentsDb = new Client({ connectionString: stack.databases.documents });
    await documentsDb.connect();
    const env = stack.services.documents!.env;
    bucket = env.S3_BUCKET!;
    s3 = new S3Client({
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    });
  });
  after(async () => {
    await documentsDb?.end();
    await stack?.stop();
  });

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

  it('places every instance of a block, nested ones through their parents, where its drawing is', async () => {
    const analysis = await analysisOf(owner, symbolsId);
    const door = analysis.blocks.find((b: Json) => b.name === 'DOOR');
    assert.equal(door.totalCount, 3);
    assert.deepEqual(door.at, [
      [30, 13],
      [101.5, 0],
      [111.5, 0],
    ]);
    const pair = analysis.blocks.find((b: Json) => b.name === 'PAIR');
    assert.deepEqual(pair.at, [[105, 0]], 'a block of blocks is centred among the blocks it places');
  });

  it('gives a room found in a DXF its outline in drawing coordinates', async () => {
    const analysis = await analysisOf(owner, symbolsId);
    const kitchen = analysis.rooms.find((room: Json) => room.name === 'KITCHEN');
    assert.ok(kitchen, JSON.stringify(analysis.rooms));
    assert.equal(kitchen.areaSqFt, 400);
    assert.deepEqual(kitchen.outline, [
      [40, 0],
      [60, 0],
      [60, 20],
      [40, 20],
    ]);
  });

  it('draws each layer in its colour from the file, and lines with their own colour in theirs', async () => {
    const { status, json } = await owner.call('GET', `/api/documents/${symbolsId}/geometry`);
    assert.equal(status, 200, JSON.stringify(json));
    const layer = (name: string) => json.layers.find((l: Json) => l.name === name) as Json;
    const walls = layer('WALLS');
    assert.equal(walls.color, '#ff0000');
    assert.deepEqual(walls.paths, [[0, 0, 10, 0]]);
    assert.deepEqual(walls.colored, [
      { color: '#0000ff', paths: [[0, 5, 10, 5]] },
      { color: '#123456', paths: [[0, 8, 10, 8]] },
    ]);
    assert.equal(layer('PALE').color, '#ffff00', 'a layer switched off keeps its colour');
    const doors = layer('DOORS');
    assert.equal(doors.color, undefined, 'DOORS has no LAYER entry');
    // The green INSERT's BYBLOCK line is green; the PAIR (BYLAYER, on an uncoloured layer) leaves its doors plain.
    assert.equal(doors.colored.length, 1);
    assert.equal(doors.colored[0].color, '#00ff00');
    assert.equal(doors.colored[0].paths.length, 1);
    assert.equal(doors.paths.length, 2);
  });

  it('reads a drawing’s linework once per analysis revision, and again after a units correction', async () => {
    const first = await owner.call('GET', `/api/documents/${symbolsId}/geometry`);
    assert.equal(first.status, 200);
    const [stored] = (
      await documentsDb.query(
        `SELECT g.analysis_revision, d.analysis_revision AS current, d.storage_key
           FROM drawing_geometries g JOIN documents d ON d.id = g.document_id WHERE g.document_id = $1`,
        [symbolsId],
      )
    ).rows;
    assert.ok(stored, 'the linework is kept');
    assert.equal(stored.analysis_revision, stored.current);

    // The stored file changes behind the service's back: a reopen still shows the linework kept for this revision.
    const replacement = textDxf(dxfPairs({ insUnits: 2, entities: line('REPLACED', 0, 0, 7, 0) }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: stored.storage_key, Body: Buffer.from(replacement) }));
    const reopened = await owner.call('GET', `/api/documents/${symbolsId}/geometry`);
    assert.equal(reopened.status, 200);
    assert.deepEqual(
      reopened.json.layers.map((l: Json) => l.name),
      first.json.layers.map((l: Json) => l.name),
    );

    // A units correction is a new analysis revision: the linework is read again, with the new scale.
    const put = await owner.call('PUT', `/api/documents/${symbolsId}/units`, { units: 'in' });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    for (const until = Date.now() + 60_000; ;) {
      const { json } = await owner.call('GET', `/api/documents/${symbolsId}/analysis`);
      if (json.revision > stored.current && !json.reanalysis) break;
      assert.ok(Date.now() < until, 'the re-analysis finishes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const corrected = await owner.call('GET', `/api/documents/${symbolsId}/geometry`);
    assert.equal(corrected.status, 200);
    assert.deepEqual(
      corrected.json.layers.map((l: Json) => l.name),
      ['REPLACED'],
    );
    assert.ok(near(corrected.json.units.feetPerUnit, 1 / 12));
  });
});
