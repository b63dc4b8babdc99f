import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { createProject, signUp, startStack, startTrial, type TestStack } from '@kerf/platform/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies read loosely, as a test does
type Json = any;

describe('materials through the gateway', () => {
  let stack: TestStack;
  let db: Client;

  /** A user on a trial with one project. */
  async function entitledUser() {
    const user = await signUp(stack.gatewayUrl, 'materials');
    await startTrial(user);
    return { call: user.call, json: user.json, projectId: await createProject(user, 'Slab and framing') };
  }

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'ai-chat']);
    db = new Client({ connectionString: stack.databases['ai-chat'] });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('adds, lists, edits and deletes materials with decimal quantities', async () => {
    const user = await entitledUser();
    const concrete = await user.json('POST', '/api/materials', {
      projectId: user.projectId,
      name: 'Ready-mix concrete 4000 psi',
      quantity: '12.75',
      unit: 'cu yd',
      category: 'Concrete',
      source: 'ai',
    });
    assert.equal(concrete.status, 201, JSON.stringify(concrete.json));
    assert.deepEqual(
      [concrete.json.quantity, concrete.json.unit, concrete.json.category, concrete.json.source],
      ['12.75', 'cu yd', 'Concrete', 'ai'],
    );
    const studs = (
      await user.json('POST', '/api/materials', {
        projectId: user.projectId,
        name: '2x4 studs',
        quantity: 340,
        unit: 'ea',
      })
    ).json;
    assert.deepEqual([studs.quantity, studs.source, studs.category], ['340', 'manual', null]);

    const edited = await user.json('PATCH', `/api/materials/${concrete.json.id}`, {
      quantity: '13.5',
      notes: 'Add 5% waste',
    });
    assert.deepEqual(
      [edited.status, edited.json.quantity, edited.json.notes, edited.json.name],
      [200, '13.5', 'Add 5% waste', 'Ready-mix concrete 4000 psi'],
    );

    const listed = (await user.json('GET', `/api/materials?projectId=${user.projectId}`)).json;
    assert.deepEqual(
      listed.map((m: Json) => [m.name, m.quantity]),
      [
        ['Ready-mix concrete 4000 psi', '13.5'],
        ['2x4 studs', '340'],
      ],
    );
    assert.equal((await user.json('DELETE', `/api/materials/${studs.id}`)).status, 200);
    assert.equal((await user.json('GET', `/api/materials?projectId=${user.projectId}`)).json.length, 1);
  });

  it('refuses bad materials with clear 400s and keeps nothing', async () => {
    const user = await entitledUser();
    const cases: Array<[Json, RegExp]> = [
      [{ name: '', quantity: '1', unit: 'ea' }, /name is required/],
      [{ name: 'Rebar', quantity: '-3', unit: 'lb' }, /Quantity must be a number of 0 or more/],
      [{ name: 'Rebar', quantity: 'lots', unit: 'lb' }, /Quantity must be a number/],
      [{ name: 'Rebar', quantity: '3', unit: '' }, /Unit is required/],
      [{ name: 'Rebar', quantity: '3', unit: 'lb', source: 'robot' }, /Source must be manual or ai/],
      [{ name: 'x'.repeat(501), quantity: '3', unit: 'lb' }, /at most 500/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await user.json('POST', '/api/materials', { projectId: user.projectId, ...body });
      assert.equal(status, 400, JSON.stringify(body));
      assert.match(json.message, message);
    }
    const { rows } = await db.query('SELECT count(*)::int AS n FROM materials WHERE project_id = $1', [user.projectId]);
    assert.equal(rows[0].n, 0);
  });

  it("answers 404 for another user's project and materials", async () => {
    const alice = await entitledUser();
    const bob = await entitledUser();
    const material = (
      await alice.json('POST', '/api/materials', {
        projectId: alice.projectId,
        name: 'Drywall',
        quantity: '1250',
        unit: 'sq ft',
      })
    ).json;
    assert.equal((await bob.json('GET', `/api/materials?projectId=${alice.projectId}`)).status, 404);
    assert.equal(
      (await bob.json('POST', '/api/materials', { projectId: alice.projectId, name: 'X', quantity: '1', unit: 'ea' }))
        .status,
      404,
    );
    assert.equal((await bob.json('PATCH', `/api/materials/${material.id}`, { quantity: '1' })).status, 404);
    assert.equal((await bob.json('DELETE', `/api/materials/${material.id}`)).status, 404);
    assert.equal((await bob.json('GET', `/api/materials/export?projectId=${alice.projectId}`)).status, 404);
    assert.equal((await alice.json('GET', `/api/materials?projectId=${alice.projectId}`)).json[0].quantity, '1250');
  });

  it('exports the list as an Excel workbook with a header row', async () => {
    const user = await entitledUser();
    await user.json('POST', '/api/materials', {
      projectId: user.projectId,
      name: 'Drywall 1/2 in',
      quantity: '1250',
      unit: 'sq ft',
      category: 'Drywall',
      notes: 'Level 4 finish',
    });
    await user.json('POST', '/api/materials', {
      projectId: user.projectId,
      name: 'PVC pipe 2 in',
      quantity: '85.5',
      unit: 'ft',
      category: 'Pipe',
      source: 'ai',
    });
    const reply = await user.call('GET', `/api/materials/export?projectId=${user.projectId}`);
    assert.equal(reply.status, 200);
    assert.match(reply.headers.get('content-disposition')!, /attachment; filename="Slab-and-framing-materials\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await reply.arrayBuffer());
    const sheet = workbook.getWorksheet('Materials')!;
    const rows = [1, 2, 3].map((n) =>
      Array.from({ length: 8 }, (_, i) => sheet.getRow(n).getCell(i + 1).value ?? null),
    );
    // Source is where the quantity came from (a document and its layer, block, room or page): none for these.
    assert.deepEqual(rows, [
      ['Name', 'Quantity', 'Unit', 'Category', 'Source', 'Status', 'Added by', 'Notes'],
      ['Drywall 1/2 in', 1250, 'sq ft', 'Drywall', null, 'kept', 'manual', 'Level 4 finish'],
      ['PVC pipe 2 in', 85.5, 'ft', 'Pipe', null, 'kept', 'ai', null],
    ]);
  });

  it("removes a deleted project's materials", async () => {
    const user = await entitledUser();
    await user.json('POST', '/api/materials', {
      projectId: user.projectId,
      name: 'Rebar #4',
      quantity: '900',
      unit: 'lb',
    });
    assert.equal((await user.json('DELETE', `/api/projects/${user.projectId}`)).status, 200);
    for (let i = 0; i < 100; i++) {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM materials WHERE project_id = $1', [
        user.projectId,
      ]);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.fail('the materials of the deleted project are still there');
  });
});
