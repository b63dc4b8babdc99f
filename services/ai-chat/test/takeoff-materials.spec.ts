// Issue 15, takeoff answers and the materials list, through the real stack: real
// drawings uploaded and analysed, questions asked through the gateway, the
// materials the replies propose read back, kept, exported and followed through
// a re-analysis of their drawing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
  createProject,
  signUp,
  startStack,
  startTrial,
  testInfra,
  type LooseJson,
  type TestStack,
  type TestUser,
} from '@kerf/platform/testing';
import { uploadDrawing } from './user-with-drawing';

const CECO = 'skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf';
const BISHOP = 'skymakerolof-dxf_floorplan.dxf';
const FLAGS = 'ezdxf_multi_insert_with_attribs.dxf';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('takeoff answers and the materials they propose', () => {
  let stack: TestStack;
  let documentsDb: Client;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents', 'ai-chat']);
    documentsDb = new Client({ connectionString: stack.databases.documents });
    await documentsDb.connect();
  });
  after(async () => {
    await documentsDb?.end();
    await stack?.stop();
  });

  async function projectWith(...drawings: string[]) {
    const user = await signUp(stack.gatewayUrl, 'takeoff');
    await startTrial(user);
    const projectId = await createProject(user, 'House');
    const documents: Record<string, string> = {};
    for (const drawing of drawings) documents[drawing] = await uploadDrawing(stack, user, projectId, drawing);
    return { user, projectId, documents };
  }

  async function ask(user: TestUser, projectId: string, content: string) {
    const { status, json } = await user.json('POST', '/api/messages', { projectId, content });
    assert.equal(status, 200, JSON.stringify(json));
    return json.at(-1) as LooseJson;
  }

  const materialsOf = async (user: TestUser, projectId: string) =>
    (await user.json('GET', `/api/materials?projectId=${projectId}`)).json as LooseJson[];

  async function analysisOf(user: TestUser, documentId: string) {
    return (await user.json('GET', `/api/documents/${documentId}/analysis`)).json as LooseJson;
  }

  it('names a room area proposed bare by the finish asked for next, one material, and keeps board and paint apart', async () => {
    const { user, projectId } = await projectWith(CECO);
    await ask(user, projectId, 'What are the room areas?');
    const bare = (await materialsOf(user, projectId)).find((m) => m.name === 'KITCHEN room area');
    assert.ok(bare, JSON.stringify((await materialsOf(user, projectId)).map((m) => m.name)));
    await ask(user, projectId, 'How much LVP do I need for the kitchen?');
    const kitchen = (await materialsOf(user, projectId)).filter((m) => m.origin?.ref === 'KITCHEN');
    assert.deepEqual(
      kitchen.map((m) => [m.id, m.name, m.quantity]),
      [[bare.id, 'Luxury vinyl plank, KITCHEN', bare.quantity]],
    );
    // Asked for its area again, the room keeps the finish it was given.
    await ask(user, projectId, 'What are the room areas?');
    assert.equal(
      (await materialsOf(user, projectId)).find((m) => m.id === bare.id)!.name,
      'Luxury vinyl plank, KITCHEN',
    );

    await ask(user, projectId, 'How much drywall do I need for the walls at 9 ft?');
    await ask(user, projectId, 'How much paint do I need for the walls at 9 ft?');
    const walls = (await materialsOf(user, projectId)).filter((m) => / on walls$/.test(m.name));
    assert.deepEqual(walls.map((m) => m.name).sort(), ['Gypsum board on walls', 'Interior paint on walls']);
    assert.equal(walls[0]!.quantity, walls[1]!.quantity, 'the same walls');
  });

  it('answers the walls of two drawings each layer once, no total across them, and proposes one wall material per layer', async () => {
    const { user, projectId, documents } = await projectWith(CECO, BISHOP);
    const reply = await ask(user, projectId, 'What is the total length of the walls?');
    const wallLayers: Array<[string, string, LooseJson]> = [];
    for (const drawing of [CECO, BISHOP]) {
      const analysis = await analysisOf(user, documents[drawing]!);
      for (const layer of analysis.layers as LooseJson[])
        if (/wall/i.test(layer.name) && layer.lengthFt > 0) wallLayers.push([drawing, layer.name, layer]);
    }
    assert.ok(wallLayers.length >= 3, 'both drawings have wall layers');
    for (const [drawing, layer, totals] of wallLayers) {
      const lines = reply.content.split('\n').filter((line: string) => line.includes(`layer ${layer})`));
      assert.equal(lines.length, 1, `layer ${layer} once:\n${reply.content}`);
      assert.ok(lines[0].includes(drawing));
      // The wall length first, the linework beside it and called linework.
      assert.ok(totals.wallLengthFt <= totals.lengthFt);
      assert.match(lines[0], /^- [\d,.]+ ft walls \(.*\); linework [\d,.]+ ft/);
    }
    assert.doesNotMatch(reply.content, /^Total:/m, 'no total over both drawings');
    const everything = wallLayers.reduce((sum, [, , t]) => sum + t.wallLengthFt, 0);
    assert.ok(!reply.content.includes(`${Math.round(everything)}`), 'no figure sums both drawings');
    // Rounded as a person writes them.
    assert.doesNotMatch(reply.content, /\d\.\d{3,}/);

    const materials = await materialsOf(user, projectId);
    assert.deepEqual(
      materials.map((m) => [m.origin.documentId, m.origin.kind, m.origin.ref, m.unit, m.status, m.category]).sort(),
      wallLayers.map(([drawing, layer]) => [documents[drawing], 'layer', layer, 'ft', 'proposed', 'Walls']).sort(),
    );
    // Listed in the reply's order.
    const order = materials.map((m) => reply.content.indexOf(`layer ${m.origin.ref})`));
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
    );
    for (const material of materials) {
      const [, , totals] = wallLayers.find(([, layer]) => layer === material.origin.ref)!;
      assert.ok(Math.abs(Number(material.quantity) - totals.wallLengthFt) < 0.001, 'the wall length, not linework');
    }

    // Asking again adds nothing: the same materials, the same quantities.
    await ask(user, projectId, 'How long are the walls?');
    const again = await materialsOf(user, projectId);
    assert.deepEqual(
      again.map((m) => [m.id, m.quantity]),
      materials.map((m) => [m.id, m.quantity]),
    );
  });

  it('takes doors asked for as "doors" and as PUERTA as one material', async () => {
    const { user, projectId, documents } = await projectWith(CECO);
    const doors = await ask(user, projectId, 'How many doors are there?');
    assert.match(doors.content, new RegExp(`^- 3 ea doors \\(${escape(CECO)}, block PUERTA\\)$`, 'm'));
    await ask(user, projectId, 'How many PUERTA are there?');
    const materials = await materialsOf(user, projectId);
    assert.equal(materials.length, 1, JSON.stringify(materials));
    assert.deepEqual(
      [materials[0].name, materials[0].quantity, materials[0].unit, materials[0].category, materials[0].origin.ref],
      ['Doors (PUERTA)', '3', 'ea', 'Doors & windows', 'PUERTA'],
    );
    assert.equal(materials[0].origin.documentId, documents[CECO]);
    assert.deepEqual(
      Object.keys(materials[0].origin).sort(),
      ['dimension', 'documentId', 'documentName', 'kind', 'ref', 'revision'],
      'the origin as the user reads it: no transport fields',
    );
  });

  it('does not make a grid of flag symbols, or a sliver, a material', async () => {
    const { user, projectId } = await projectWith(FLAGS, BISHOP);
    const flags = await ask(user, projectId, 'How many flags are there?');
    assert.match(flags.content, /^- 25 ea flags/m);
    // The Bishop-Overland plan read in its header's millimetres: a 4 in slab over it is a sliver of concrete.
    const concrete = await ask(user, projectId, 'How much concrete for a 4 inch slab?');
    assert.match(concrete.content, /cu yd concrete/);
    assert.deepEqual(await materialsOf(user, projectId), []);
  });

  it('proposes nothing from a listing of what the drawings hold: every layer is not a material to buy', async () => {
    const { user, projectId } = await projectWith(CECO, BISHOP);
    const listing = await ask(user, projectId, 'What do the documents hold?');
    // The listing names layer after layer with its length: each was proposed, named after the next line's layer.
    assert.match(listing.content, /^What the documents hold/m);
    assert.match(listing.content, /layer [^\n]+: [\d,.]+ ft/);
    assert.deepEqual(await materialsOf(user, projectId), []);
    // A question that measures something still proposes it.
    await ask(user, projectId, 'How many doors are there?');
    assert.ok((await materialsOf(user, projectId)).some((m) => /door/i.test(String(m.name))));
  });

  it('keeps proposed materials one at a time or all at once, and a hand edit survives a repeated answer', async () => {
    const { user, projectId } = await projectWith(CECO);
    await ask(user, projectId, 'How long are the walls?');
    const proposed = await materialsOf(user, projectId);
    assert.equal(proposed.length, 2);
    assert.ok(proposed.every((m) => m.status === 'proposed' && m.source === 'ai'));

    const kept = await user.json('POST', '/api/materials/keep', { projectId, ids: [proposed[0].id] });
    assert.equal(kept.status, 200, JSON.stringify(kept.json));
    assert.deepEqual(
      kept.json.map((m: LooseJson) => m.status),
      ['kept', 'proposed'],
    );
    const edited = await user.json('PATCH', `/api/materials/${proposed[1].id}`, { quantity: '100' });
    assert.deepEqual([edited.json.quantity, edited.json.edited, edited.json.status], ['100', true, 'proposed']);
    await ask(user, projectId, 'How long are the walls?');
    const after = await materialsOf(user, projectId);
    assert.deepEqual(
      after.map((m) => [m.id, m.status]),
      [
        [proposed[0].id, 'kept'],
        [proposed[1].id, 'proposed'],
      ],
    );
    assert.equal(after[1].quantity, '100', 'the hand edit stays');

    const all = await user.json('POST', '/api/materials/keep', { projectId });
    assert.deepEqual(
      all.json.map((m: LooseJson) => m.status),
      ['kept', 'kept'],
    );
    // Another user's project is not found; a bad body is a 400.
    const stranger = await signUp(stack.gatewayUrl, 'stranger');
    assert.equal((await stranger.json('POST', '/api/materials/keep', { projectId })).status, 404);
    assert.equal((await user.json('POST', '/api/materials/keep', { ids: 'x' })).status, 400);
  });

  it('creating a material with the origin of one already in the list updates that one (the server de-duplicates)', async () => {
    const { user, projectId, documents } = await projectWith(CECO);
    const origin = { documentId: documents[CECO], kind: 'block', ref: 'PUERTA', dimension: 'count' };
    const first = await user.json('POST', '/api/materials', {
      projectId,
      name: 'Doors',
      quantity: '3',
      unit: 'ea',
      source: 'ai',
      origin,
      status: 'proposed',
    });
    assert.equal(first.status, 201, JSON.stringify(first.json));
    const second = await user.json('POST', '/api/materials', {
      projectId,
      name: 'PUERTA',
      quantity: '4',
      unit: 'ea',
      source: 'ai',
      origin: { ...origin, ref: 'puerta' },
      status: 'kept',
    });
    assert.equal(second.json.id, first.json.id);
    assert.deepEqual([second.json.quantity, second.json.status, second.json.name], ['4', 'kept', 'Doors']);
    assert.equal((await materialsOf(user, projectId)).length, 1);
    const bad = await user.json('POST', '/api/materials', {
      projectId,
      name: 'X',
      quantity: '1',
      unit: 'ea',
      origin: { kind: 'galaxy' },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /origin\.kind/);
  });

  it('exports each material with its source and category', async () => {
    const { user, projectId } = await projectWith(CECO);
    await ask(user, projectId, 'How many doors are there?');
    await user.json('POST', '/api/materials', { projectId, name: 'Rebar #4', quantity: '2400', unit: 'lb' });
    const response = await user.call('GET', `/api/materials/export?projectId=${projectId}`);
    assert.equal(response.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Materials')!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [
      'Name',
      'Quantity',
      'Unit',
      'Category',
      'Source',
      'Status',
      'Added by',
      'Notes',
    ]);
    assert.deepEqual((sheet.getRow(2).values as unknown[]).slice(1), [
      'Doors (PUERTA)',
      3,
      'ea',
      'Doors & windows',
      `${CECO}, block PUERTA`,
      'proposed',
      'ai',
    ]);
    const row = (n: number) => Array.from({ length: 7 }, (_, i) => sheet.getRow(n).getCell(i + 1).value ?? null);
    assert.deepEqual(row(3), ['Rebar #4', 2400, 'lb', null, null, 'kept', 'manual']);
  });

  it('follows a re-analysed drawing once: quantities of unedited materials from it take the new revision', async () => {
    const { user, projectId, documents } = await projectWith(CECO);
    const documentId = documents[CECO]!;
    await ask(user, projectId, 'How long are the walls?');
    const [first, second] = await materialsOf(user, projectId);
    await user.json('PATCH', `/api/materials/${second.id}`, { quantity: '50' });

    // The documents service re-analyses (units set by the user, say) and announces revision 2.
    const reanalysed = async (factor: number, revision: number) => {
      await documentsDb.query(
        `UPDATE document_analyses SET analysis = jsonb_set(analysis, '{layers}', (
           SELECT jsonb_agg(CASE WHEN layer ? 'wallLengthFt'
             THEN jsonb_set(layer, '{wallLengthFt}', to_jsonb((layer->>'wallLengthFt')::numeric * $2)) ELSE layer END)
           FROM jsonb_array_elements(analysis->'layers') layer)) WHERE document_id = $1`,
        [documentId, factor],
      );
      const nc = await connect({ servers: (await testInfra()).natsUrl });
      const id = randomUUID();
      const type = 'document-analyzed';
      await jetstream(nc).publish(
        `${stack.services['ai-chat']!.env.EVENTS_SUBJECT_PREFIX}.${type}`,
        JSON.stringify({
          id,
          type,
          occurredAt: new Date().toISOString(),
          data: { documentId, projectId, status: 'analyzed', revision },
        }),
        { msgID: id },
      );
      await nc.close();
      await stack.services['ai-chat']!.waitFor(new RegExp(`"eventId":"${id}","applied":true`));
    };
    await reanalysed(2, 2);
    const followed = await materialsOf(user, projectId);
    assert.ok(Math.abs(Number(followed[0].quantity) - 2 * Number(first.quantity)) < 0.001, 'the new wall length');
    assert.equal(followed[0].origin.revision, 2);
    assert.deepEqual([followed[1].quantity, followed[1].origin.revision], ['50', 1], 'a hand edit is left alone');

    // The same revision again (a redelivery, or a second announcement of it) changes nothing.
    await reanalysed(3, 2);
    assert.deepEqual(await materialsOf(user, projectId), followed);
  });
});
