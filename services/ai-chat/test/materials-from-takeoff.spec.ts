/**
 * Issue 17: a takeoff quantity into the materials list in one action, through
 * the gateway and the real services. A hand takeoff item's material follows the
 * item (its points, its page's scale) through takeoff-item-changed until the
 * user edits the material's quantity by hand; a layer or symbol group of the
 * automatic takeoff is sent the same way.
 *
 * The drawing is the ezdxf wipeout-door sample, in inches: a 48 × 48 unit
 * square on it is 4 × 4 ft = 16 SF; its layer A.Wall_Internal carries linework,
 * and the block wipeout_door is placed twice.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'pg';
import { signUp, startStack, startTrial, type LooseJson, type TestStack, type TestUser } from '@kerf/platform/testing';
import ExcelJS from 'exceljs';
import { uploadFile, userWithDrawing } from './user-with-drawing';

const DRAWING = 'ezdxf_wipeout_door.dxf';
const square = (side: number, width = side) => [
  [0, 0],
  [width, 0],
  [width, side],
  [0, side],
];

describe('takeoff quantities into the materials list', () => {
  let stack: TestStack;
  let documentsDb: Client;
  let aiChatDb: Client;
  let user: TestUser;
  let projectId: string;
  let documentId: string;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents', 'ai-chat']);
    documentsDb = new Client({ connectionString: stack.databases.documents });
    aiChatDb = new Client({ connectionString: stack.databases['ai-chat'] });
    await Promise.all([documentsDb.connect(), aiChatDb.connect()]);
    ({ user, projectId, documentId } = await userWithDrawing(stack, 'takeoff-materials', DRAWING));
  });
  after(async () => {
    await Promise.all([documentsDb?.end(), aiChatDb?.end()]);
    await stack?.stop();
  });

  const materials = async () => (await user.json('GET', `/api/materials?projectId=${projectId}`)).json as LooseJson[];
  const send = (body: LooseJson) => user.json('POST', '/api/materials/from-takeoff', body);

  async function newItem(points: number[][], name = 'Carpet, office') {
    const { status, json } = await user.json('POST', '/api/takeoff-items', {
      documentId,
      page: 1,
      kind: 'area',
      name,
      category: 'Flooring',
      points,
    });
    assert.equal(status, 201, JSON.stringify(json));
    return json;
  }

  /** Waits until ai-chat has handled every takeoff-item-changed the documents outbox holds for the item. */
  async function handled(itemId: string) {
    for (const until = Date.now() + 30_000; Date.now() < until;) {
      const { rows } = await documentsDb.query(
        `SELECT envelope->>'id' AS id FROM outbox WHERE type = 'takeoff-item-changed' AND envelope->'data'->>'itemId' = $1`,
        [itemId],
      );
      const ids = rows.map((row) => row.id as string);
      const done = await aiChatDb.query(
        `SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::uuid[])`,
        [ids],
      );
      if (ids.length && done.rows[0].n === ids.length) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`ai-chat never handled the changes of item ${itemId}`);
  }

  it('sends a hand takeoff item as one kept takeoff material with its origin, and again updates the same one', async () => {
    const item = await newItem(square(48));
    assert.deepEqual([item.quantity, item.unit], ['16', 'SF']);
    const { status, json } = await send({ documentId, itemId: item.id });
    assert.equal(status, 201, JSON.stringify(json));
    assert.deepEqual(
      {
        name: json.name,
        quantity: json.quantity,
        unit: json.unit,
        category: json.category,
        source: json.source,
        status: json.status,
      },
      { name: 'Carpet, office', quantity: '16', unit: 'SF', category: 'Flooring', source: 'takeoff', status: 'kept' },
    );
    assert.deepEqual(json.origin, {
      documentId,
      documentName: DRAWING,
      revision: 1,
      kind: 'item',
      ref: item.id,
      page: 1,
      dimension: 'area',
    });
    const count = (await materials()).length;
    const again = await send({ documentId, itemId: item.id });
    assert.equal(again.status, 201, JSON.stringify(again.json));
    assert.equal(again.json.id, json.id);
    assert.equal((await materials()).length, count, 'no second material');
  });

  it('moves the material with the item, until the user edits its quantity by hand', async () => {
    const item = await newItem(square(48), 'Vinyl, corridor');
    const material = (await send({ documentId, itemId: item.id })).json;
    const quantityNow = async () => (await materials()).find((m) => m.id === material.id).quantity as string;

    // 96 × 48 in = 8 × 4 ft.
    const wider = await user.json('PATCH', `/api/takeoff-items/${item.id}`, { points: square(48, 96) });
    assert.equal(wider.json.quantity, '32');
    await handled(item.id);
    assert.equal(await quantityNow(), '32');

    const edited = await user.json('PATCH', `/api/materials/${material.id}`, { quantity: '40' });
    assert.equal(edited.status, 200, JSON.stringify(edited.json));
    const smaller = await user.json('PATCH', `/api/takeoff-items/${item.id}`, { points: square(24) });
    assert.equal(smaller.json.quantity, '4');
    await handled(item.id);
    assert.equal(await quantityNow(), '40', 'a hand edit is kept');
    // Sending it again does not overwrite the hand edit either.
    assert.equal((await send({ documentId, itemId: item.id })).json.quantity, '40');
  });

  it('follows the item when the drawing units change its quantity', async () => {
    const item = await newItem(square(12), 'Tile, closet');
    const material = (await send({ documentId, itemId: item.id })).json;
    assert.equal(material.quantity, '1');
    const set = await user.json('PUT', `/api/documents/${documentId}/units`, { units: 'ft' });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    await handled(item.id);
    assert.equal((await materials()).find((m) => m.id === material.id).quantity, '144');
    await user.json('PUT', `/api/documents/${documentId}/units`, { units: 'in' });
  });

  it('sends a layer and a symbol group of the automatic takeoff', async () => {
    const analysis = await (async () => {
      for (const until = Date.now() + 60_000; Date.now() < until;) {
        const { json } = await user.json('GET', `/api/documents/${documentId}/analysis`);
        if (!json.reanalysis && json.overrides.units?.unit === 'in' && json.units.usedAs === 'in') return json;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.fail('the analysis was never redone in inches');
    })();
    const wall = analysis.layers.find((layer: LooseJson) => layer.name === 'A.Wall_Internal');
    const layer = await send({ documentId, layer: 'A.Wall_Internal' });
    assert.equal(layer.status, 201, JSON.stringify(layer.json));
    assert.deepEqual([layer.json.name, layer.json.unit, layer.json.source], ['A.Wall_Internal', 'LF', 'takeoff']);
    // A wall layer is sent as its walls, each once (this drawing's are single lines: as drawn).
    assert.ok(
      Math.abs(Number(layer.json.quantity) - wall.wallLengthFt) < 0.001,
      `${layer.json.quantity} ≈ ${wall.wallLengthFt}`,
    );
    assert.deepEqual(
      [layer.json.origin.kind, layer.json.origin.ref, layer.json.origin.dimension],
      ['layer', 'A.Wall_Internal', 'length'],
    );
    const doors = await send({ documentId, symbol: 'wipeout_door' });
    assert.equal(doors.status, 201, JSON.stringify(doors.json));
    assert.deepEqual([doors.json.quantity, doors.json.unit, doors.json.origin.kind], ['2', 'EA', 'symbol']);
  });

  it('sends the rooms of one name with their area', async () => {
    const plan = await userWithDrawing(stack, 'takeoff-rooms', 'skymakerolof-dxf_floorplan.dxf');
    const analysis = (await plan.user.json('GET', `/api/documents/${plan.documentId}/analysis`)).json;
    const garage = analysis.rooms.filter((room: LooseJson) => room.name === '2 CAR GARAGE');
    assert.ok(garage.length >= 1, JSON.stringify(analysis.rooms.map((room: LooseJson) => room.name)));
    const area = garage.reduce((total: number, room: LooseJson) => total + room.areaSqFt, 0);
    const { status, json } = await plan.user.json('POST', '/api/materials/from-takeoff', {
      documentId: plan.documentId,
      room: '2 car garage',
    });
    assert.equal(status, 201, JSON.stringify(json));
    assert.deepEqual(
      [json.name, json.unit, json.origin.kind, json.origin.ref, json.origin.dimension],
      ['2 CAR GARAGE', 'SF', 'room', '2 CAR GARAGE', 'area'],
    );
    assert.ok(Math.abs(Number(json.quantity) - area) < 0.0001, `${json.quantity} ≈ ${area}`);

    // Its wall layer draws both faces of each wall: the material is the walls, each once, not the lines.
    const wallLayer = analysis.layers.find((layer: LooseJson) => /\$A-WALL$/.test(layer.name));
    assert.ok(wallLayer.wallLengthFt < wallLayer.lengthFt * 0.6, JSON.stringify(wallLayer));
    const walls = await plan.user.json('POST', '/api/materials/from-takeoff', {
      documentId: plan.documentId,
      layer: wallLayer.name,
    });
    assert.equal(walls.status, 201, JSON.stringify(walls.json));
    assert.deepEqual([walls.json.unit, walls.json.origin.dimension], ['LF', 'length']);
    assert.ok(Math.abs(Number(walls.json.quantity) - wallLayer.wallLengthFt) < 0.001, JSON.stringify(walls.json));
  });

  it('names a room by the floor finish its document’s room finish schedule gives it, keeping its area and origin', async () => {
    // The VA finish plan: the rooms on page 1, the room finish and material schedules on page 2.
    const plan = await userWithDrawing(stack, 'takeoff-finishes', 'opentakeoff_va-sample-finish-plan.pdf');
    const analysis = (await plan.user.json('GET', `/api/documents/${plan.documentId}/analysis`)).json;
    const areaOf = (name: string) =>
      analysis.rooms.find((room: LooseJson) => room.name === name && room.page === 1).areaSqFt;
    const sendRoom = (room: string) =>
      plan.user.json('POST', '/api/materials/from-takeoff', { documentId: plan.documentId, room, page: 1 });
    const roomMaterials = async () =>
      (await plan.user.json('GET', `/api/materials?projectId=${plan.projectId}`)).json as LooseJson[];

    // Sent while a room was named only by itself: sending it again names it by its finish, the same material.
    const earlier = await plan.user.json('POST', '/api/materials', {
      projectId: plan.projectId,
      name: 'PATIENT ROOM 145',
      quantity: String(areaOf('PATIENT ROOM 145')),
      unit: 'SF',
      origin: { documentId: plan.documentId, kind: 'room', ref: 'PATIENT ROOM 145', page: 1, dimension: 'area' },
    });
    assert.equal(earlier.status, 201, JSON.stringify(earlier.json));
    const carpet = await sendRoom('PATIENT ROOM 145');
    assert.equal(carpet.status, 201, JSON.stringify(carpet.json));
    assert.equal(carpet.json.id, earlier.json.id);
    assert.deepEqual(
      [carpet.json.name, carpet.json.unit, carpet.json.category, carpet.json.origin.kind, carpet.json.origin.ref],
      ['Broadloom carpet (CPT-1), PATIENT ROOM 145', 'SF', 'Flooring', 'room', 'PATIENT ROOM 145'],
    );
    assert.ok(Math.abs(Number(carpet.json.quantity) - areaOf('PATIENT ROOM 145')) < 0.0001, carpet.json.quantity);

    const vct = (await sendRoom('VENDING 135')).json;
    assert.deepEqual(
      [vct.name, vct.origin.ref, vct.origin.page],
      ['Vinyl composition tile (VCT-1), VENDING 135', 'VENDING 135', 1],
    );
    // An existing floor is no product to name: the schedule keeps it.
    assert.equal((await sendRoom('ELECTRICAL ROOM 133')).json.name, 'Existing floor (EXIST), ELECTRICAL ROOM 133');
    // A patient room's toilet, numbered as its part, by the typical schedule's patient toilet rooms.
    assert.equal((await sendRoom('TOILET 145A')).json.name, 'Porcelain ceramic tile (PT-1/PT-2), TOILET 145A');

    const count = (await roomMaterials()).length;
    assert.equal((await sendRoom('VENDING 135')).json.id, vct.id);
    assert.equal((await roomMaterials()).length, count, 'sending a room again updates its material');
  });

  it('names a room by the finish schedule of another document of the project, and its name follows a re-analysis unless renamed by hand', async () => {
    // The plan (a DXF of three rooms) holds no schedule; the room finish schedule comes later, as a workbook.
    const plan = await userWithDrawing(stack, 'takeoff-other-schedule', 'skymakerolof-dxf_floorplan.dxf');
    const sendRoom = (room: string) =>
      plan.user.json('POST', '/api/materials/from-takeoff', { documentId: plan.documentId, room });
    const roomMaterials = async () =>
      (await plan.user.json('GET', `/api/materials?projectId=${plan.projectId}`)).json as LooseJson[];
    const porch = (await sendRoom('COVERED PORCH')).json;
    assert.deepEqual([porch.name, porch.notes ?? null], ['COVERED PORCH', null]);
    const deck = (await sendRoom('COVERED DECK')).json;
    const renamed = await plan.user.json('PATCH', `/api/materials/${deck.id}`, { name: 'Deck boards, by owner' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.json));

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Finishes');
    for (const row of [
      ['ROOM FINISH SCHEDULE'],
      [],
      ['ROOM NO.', 'ROOM NAME', 'FLOOR FINISH', 'BASE'],
      ['', 'COVERED PORCH', 'PT-4', ''],
      ['', 'COVERED DECK', 'CD-1', ''],
      [],
      ['FINISH MATERIALS'],
      ['CODE', 'DESCRIPTION', 'MANUFACTURER'],
      ['PT-4', 'PORCELAIN PAVER TILE', 'DALTILE'],
      ['CD-1', 'COMPOSITE DECKING', 'TREX'],
    ])
      sheet.addRow(row);
    await uploadFile(stack, plan.user, plan.projectId, 'finishes.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    // Another user's workbook, in their own project: never read for this one's rooms, nor this one for theirs.
    const stranger = await userWithDrawing(stack, 'takeoff-other-user', 'skymakerolof-dxf_floorplan.dxf');
    await uploadFile(
      stack,
      stranger.user,
      stranger.projectId,
      'theirs.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );

    const note =
      'Floor finish read from ROOM FINISH SCHEDULE, finishes.xlsx, page 1 (another document of the project).';
    const porchWhen = async (done: (m: LooseJson) => boolean, what: string) => {
      for (const until = Date.now() + 60_000; Date.now() < until;) {
        const found = (await roomMaterials()).find((m) => m.id === porch.id && done(m));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.fail(`the porch material never ${what}`);
    };
    // The workbook analysed: the porch's material takes its finish, its area as it was.
    const named = await porchWhen((m) => m.name !== 'COVERED PORCH', 'took the workbook’s finish');
    assert.deepEqual(
      [named.name, named.category, named.notes, named.quantity, named.origin.ref],
      ['Porcelain paver tile (PT-4), COVERED PORCH', 'Flooring', note, porch.quantity, 'COVERED PORCH'],
    );

    // Named as when it was sent before the workbook, the plan re-analysed (its units set): the name follows
    // the plan's analysis with the area.
    await aiChatDb.query(`UPDATE materials SET name = 'COVERED PORCH', notes = NULL WHERE id = $1`, [porch.id]);
    const set = await plan.user.json('PUT', `/api/documents/${plan.documentId}/units`, { units: 'in' });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    const followed = await porchWhen(
      (m) => m.name !== 'COVERED PORCH' && m.quantity !== porch.quantity,
      'followed the re-analysis',
    );
    assert.deepEqual([followed.name, followed.notes], ['Porcelain paver tile (PT-4), COVERED PORCH', note]);
    const kept = (await roomMaterials()).find((m) => m.id === deck.id);
    assert.equal(kept.name, 'Deck boards, by owner', 'a name written by hand is kept');

    // Sent anew, a room is named from the workbook at once.
    await plan.user.json('DELETE', `/api/materials/${porch.id}`);
    const again = (await sendRoom('COVERED PORCH')).json;
    assert.deepEqual([again.name, again.notes], ['Porcelain paver tile (PT-4), COVERED PORCH', note]);
    // The other user's room is named from their own workbook.
    const theirs = await stranger.user.json('POST', '/api/materials/from-takeoff', {
      documentId: stranger.documentId,
      room: 'COVERED PORCH',
    });
    assert.equal(theirs.json.name, 'Porcelain paver tile (PT-4), COVERED PORCH', 'from their own workbook');
    assert.match(theirs.json.notes, /theirs\.xlsx/);

    // A revised schedule uploaded beside the first: the newer document gives the finish, the material follows.
    const revised = new ExcelJS.Workbook();
    for (const row of [
      ['ROOM FINISH SCHEDULE - REV B'],
      ['ROOM NAME', 'FLOOR'],
      ['COVERED PORCH', 'PT-5'],
      [],
      ['FINISH MATERIALS'],
      ['CODE', 'DESCRIPTION'],
      ['PT-5', 'LARGE FORMAT PORCELAIN TILE'],
    ])
      (revised.getWorksheet('Rev B') ?? revised.addWorksheet('Rev B')).addRow(row);
    await uploadFile(
      stack,
      plan.user,
      plan.projectId,
      'finishes-rev-b.xlsx',
      Buffer.from(await revised.xlsx.writeBuffer()),
    );
    let newer: LooseJson | undefined;
    for (const until = Date.now() + 60_000; Date.now() < until && !newer;) {
      newer = (await roomMaterials()).find((m) => m.id === again.id && m.name !== again.name);
      if (!newer) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(
      [newer?.name, newer?.notes],
      [
        'Large format porcelain tile (PT-5), COVERED PORCH',
        'Floor finish read from ROOM FINISH SCHEDULE - REV B, finishes-rev-b.xlsx, page 1 (another document of the project).',
      ],
    );
  });

  it('refuses what it cannot send, saying why, and another user’s document or item is not found', async () => {
    const before = (await materials()).length;
    const cases: Array<[LooseJson, number, RegExp]> = [
      [{ documentId }, 400, /one of itemId, room, layer or symbol/],
      [{ documentId, layer: 'A.Wall_Internal', symbol: 'wipeout_door' }, 400, /one of itemId, room, layer or symbol/],
      [{ documentId, layer: 'NO-SUCH-LAYER' }, 400, /has no layer "NO-SUCH-LAYER"/],
      [{ documentId, itemId: '00000000-0000-4000-8000-000000000000' }, 404, /Takeoff item not found/],
      [{ itemId: 'x' }, 400, /documentId is required/],
    ];
    for (const [body, status, message] of cases) {
      const reply = await send(body);
      assert.equal(reply.status, status, JSON.stringify(body));
      assert.match(reply.json.message, message);
    }
    const stranger = await signUp(stack.gatewayUrl, 'stranger');
    await startTrial(stranger);
    const item = await newItem(square(48), 'Mine');
    for (const body of [
      { documentId, itemId: item.id },
      { documentId, layer: 'A.Wall_Internal' },
    ]) {
      const reply = await stranger.json('POST', '/api/materials/from-takeoff', body);
      assert.equal(reply.status, 404, JSON.stringify(body));
    }
    assert.equal((await materials()).length, before);
  });
});
