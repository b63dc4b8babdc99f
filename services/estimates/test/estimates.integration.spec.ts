import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import ExcelJS from 'exceljs';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startStack, testInfra, type TestStack } from '@kerf/platform/testing';

/** The estimates API through a real gateway, identity, projects and estimates, on real Postgres, NATS and S3. */
describe('estimates and price lists API', () => {
  let stack: TestStack;
  let estimatesDb: Client;
  let alice: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let project: { id: string };

  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? { 'x-requested-with': 'XMLHttpRequest' } : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function signUp(): Promise<{ cookie: string; id: string }> {
    const response = await fetch(`${stack.gatewayUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `e-${randomUUID()}@example.com`,
        password: 'long enough 1',
        firstName: 'E',
        lastName: 'S',
      }),
    });
    const user = (await response.json()) as { id: string };
    return { cookie: response.headers.get('set-cookie')!.split(';')[0]!, id: user.id };
  }

  async function publish(type: string, data: Record<string, unknown>, waitIn: 'projects' | 'estimates') {
    const nc = await connect({ servers: (await testInfra()).natsUrl });
    const id = randomUUID();
    const prefix = stack.services.projects!.env.EVENTS_SUBJECT_PREFIX;
    await jetstream(nc).publish(
      `${prefix}.${type}`,
      JSON.stringify({ id, type, occurredAt: new Date().toISOString(), data }),
      {
        msgID: id,
      },
    );
    await nc.close();
    await stack.services[waitIn]!.waitFor(new RegExp(`"eventId":"${id}"`));
  }

  before(async () => {
    stack = await startStack(['identity', 'projects', 'estimates']);
    // Estimates asks projects for ownership: restart it knowing where projects listens.
    const estimates = stack.services.estimates!;
    await estimates.stop();
    estimates.start({
      PROJECTS_GRPC_URL: stack.gateway.env.PROJECTS_GRPC_URL!,
      AI_CHAT_GRPC_URL: stack.gateway.env.AI_CHAT_GRPC_URL!,
    });
    await estimates.waitFor(/serving gRPC/);
    estimatesDb = new Client({ connectionString: stack.databases.estimates });
    await estimatesDb.connect();
    alice = await signUp();
    bob = await signUp();
    const trialEnd = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await publish(
      'subscription-confirmed',
      { userId: alice.id, plan: 'quarterly', status: 'trialing', currentPeriodEnd: trialEnd },
      'projects',
    );
    project = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Riverside Duplex' })).json()) as {
      id: string;
    };
  });
  after(async () => {
    await estimatesDb?.end();
    await stack?.stop();
  });

  it('lists no estimates for a new project and 404s another user’s project', async () => {
    const mine = await call('GET', `/api/estimates?projectId=${project.id}`, alice.cookie);
    assert.equal(mine.status, 200);
    assert.deepEqual(await mine.json(), []);
    const theirs = await call('GET', `/api/estimates?projectId=${project.id}`, bob.cookie);
    assert.equal(theirs.status, 404);
    assert.deepEqual(await theirs.json(), { message: 'Project not found' });
    const generate = await call('POST', '/api/estimates/generate', bob.cookie, { projectId: project.id });
    assert.equal(generate.status, 404);
    assert.equal((await call('GET', `/api/estimates?projectId=not-a-uuid`, alice.cookie)).status, 404);
  });

  it('rejects overhead and profit outside their bounds or not numbers, changing nothing', async () => {
    for (const [body, message] of [
      [{ overheadPercentage: 50.01 }, 'Overhead percentage must be between 0 and 50'],
      [{ overheadPercentage: -1 }, 'Overhead percentage must be a number between 0 and 50'],
      [{ profitMargin: 31 }, 'Profit margin must be between 0 and 30'],
      [{ profitMargin: 'lots' }, 'Profit margin must be a number between 0 and 30'],
      [{ overheadPercentage: null }, 'Overhead percentage must be a number'],
      [{ includeTimeline: 'yes' }, 'includeTimeline must be true or false'],
    ] as const) {
      const response = await call('POST', '/api/estimates/generate', alice.cookie, { projectId: project.id, ...body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(((await response.json()) as { message: string }).message, message);
    }
    assert.equal((await estimatesDb.query('SELECT count(*)::int AS n FROM estimates')).rows[0].n, 0);
  });

  it('answers 503 with a clear message when the materials service cannot be reached', async () => {
    const response = await call('POST', '/api/estimates/generate', alice.cookie, { projectId: project.id });
    assert.equal(response.status, 503);
    assert.match(
      ((await response.json()) as { message: string }).message,
      /materials service is temporarily unavailable/,
    );
  });

  it('imports, edits and deletes price lists, scoped to their owner', async () => {
    const csv =
      'Name,Unit,Material Cost,Labor Hours,Equipment Cost,Division\n"Concrete, 3000 psi",cu m,200.00,1,0,03 Concrete\nDrywall,sq ft,0.50,0.02,0,09 Finishes\n';
    const created = await call('POST', '/api/price-lists', alice.cookie, {
      name: 'Acme 2026',
      format: 'csv',
      content: Buffer.from(csv).toString('base64'),
    });
    assert.equal(created.status, 201);
    const list = (await created.json()) as { id: string; items: { name: string; materialCost: string }[] };
    assert.deepEqual(
      list.items.map((i) => i.name),
      ['Concrete, 3000 psi', 'Drywall'],
    );

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['name', 'unit', 'material cost', 'labor hours', 'equipment cost']);
    sheet.addRow(['Copper pipe', 'ft', 9.25, 0.1, 0]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = await call('POST', '/api/price-lists', alice.cookie, {
      name: 'From Excel',
      format: 'xlsx',
      content: xlsx.toString('base64'),
    });
    assert.equal(fromXlsx.status, 201);
    assert.deepEqual(((await fromXlsx.json()) as { items: unknown[] }).items, [
      {
        code: 'ROW-2',
        division: 'Custom items',
        name: 'Copper pipe',
        unit: 'ft',
        materialCost: '9.25',
        laborHours: '0.1',
        equipmentCost: '0',
      },
    ]);

    const bad = await call('POST', '/api/price-lists', alice.cookie, {
      name: 'Bad',
      format: 'csv',
      content: Buffer.from('name,unit,material cost\nBrick,furlong,1\n').toString('base64'),
    });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /^Row 2: "furlong" is not a unit/);

    const renamed = await call('PATCH', `/api/price-lists/${list.id}`, alice.cookie, {
      name: 'Acme 2027',
      items: [{ name: 'Drywall', unit: 'sq ft', materialCost: '0.55', laborHours: '0.02' }],
    });
    assert.equal(renamed.status, 200);
    const after = (await renamed.json()) as { name: string; items: { materialCost: string }[] };
    assert.equal(after.name, 'Acme 2027');
    assert.equal(after.items[0]!.materialCost, '0.55');

    assert.equal((await call('PATCH', `/api/price-lists/${list.id}`, bob.cookie, { name: 'Mine' })).status, 404);
    assert.equal((await call('DELETE', `/api/price-lists/${list.id}`, bob.cookie)).status, 404);
    assert.deepEqual(await (await call('GET', '/api/price-lists', bob.cookie)).json(), []);
    assert.equal(((await (await call('GET', '/api/price-lists', alice.cookie)).json()) as unknown[]).length, 2);
    assert.equal((await call('DELETE', `/api/price-lists/${list.id}`, alice.cookie)).status, 200);
    assert.equal(((await (await call('GET', '/api/price-lists', alice.cookie)).json()) as unknown[]).length, 1);
  });

  it('404s files, status changes and deletes of estimates that are not the user’s', async () => {
    const id = randomUUID();
    assert.equal((await call('GET', `/api/estimates/${id}/pdf`, alice.cookie)).status, 404);
    assert.equal((await call('PATCH', `/api/estimates/${id}`, alice.cookie, { status: 'final' })).status, 404);
    assert.equal((await call('PATCH', `/api/estimates/${id}`, alice.cookie, { status: 'sent' })).status, 400);
    assert.equal((await call('DELETE', `/api/estimates/${id}`, alice.cookie)).status, 404);
  });

  it('streams a stored PDF in chunks through the gateway, changes status and deletes with its files', async () => {
    const env = stack.services.estimates!.env;
    const s3 = new S3Client({
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    });
    const bucket = env.S3_BUCKET ?? 'kerf';
    const id = randomUUID();
    const key = `estimates/${project.id}/${id}.pdf`;
    // Over 2 MB, so it crosses several 256 KB chunks.
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_300_000, 7)]);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/pdf' }));
    await estimatesDb.query(
      `INSERT INTO estimates (id, project_id, user_id, title, summary, total_cost, labor_cost, material_cost, equipment_cost,
         overhead_percentage, profit_margin, estimate_data, pdf_url, pdf_key, valid_until)
       VALUES ($1, $2, $3, 'Estimate', 's', 1234.56, 0, 1234.56, 0, 15, 10, '{"sections":[]}', $4, $5, now())`,
      [id, project.id, alice.id, `/api/estimates/${id}/pdf`, key],
    );

    const list = (await (await call('GET', `/api/estimates?projectId=${project.id}`, alice.cookie)).json()) as {
      id: string;
      totalCost: string;
      overheadPercentage: string;
      pdfUrl: string;
    }[];
    assert.deepEqual(
      list.map((e) => [e.id, e.totalCost, e.overheadPercentage, e.pdfUrl]),
      [[id, '1234.56', '15.00', `/api/estimates/${id}/pdf`]],
    );

    const pdf = await call('GET', `/api/estimates/${id}/pdf`, alice.cookie);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(pdf.headers.get('content-disposition'), `attachment; filename="estimate-${id}.pdf"`);
    assert.ok(Buffer.from(await pdf.arrayBuffer()).equals(body), 'the same bytes');
    assert.equal((await call('GET', `/api/estimates/${id}/pdf`, bob.cookie)).status, 404);
    const xlsx = await call('GET', `/api/estimates/${id}/xlsx`, alice.cookie);
    assert.equal(xlsx.status, 404);
    assert.deepEqual(await xlsx.json(), { message: 'This estimate has no XLSX file' });

    const final = await call('PATCH', `/api/estimates/${id}`, alice.cookie, { status: 'final' });
    assert.equal(final.status, 200);
    assert.equal(((await final.json()) as { status: string }).status, 'final');
    assert.equal((await call('PATCH', `/api/estimates/${id}`, bob.cookie, { status: 'archived' })).status, 404);
    assert.equal((await estimatesDb.query('SELECT status FROM estimates WHERE id = $1', [id])).rows[0].status, 'final');

    assert.equal((await call('DELETE', `/api/estimates/${id}`, bob.cookie)).status, 404);
    assert.equal((await call('DELETE', `/api/estimates/${id}`, alice.cookie)).status, 200);
    assert.equal(
      (await estimatesDb.query('SELECT count(*)::int AS n FROM estimates WHERE id = $1', [id])).rows[0].n,
      0,
    );
    await assert.rejects(s3.send(new GetObjectCommand({ Bucket: bucket, Key: key })), { name: 'NoSuchKey' });
  });

  it('removes a deleted project’s estimates', async () => {
    await estimatesDb.query(
      `INSERT INTO estimates (project_id, user_id, title, summary, total_cost, labor_cost, material_cost, equipment_cost,
         overhead_percentage, profit_margin, estimate_data, valid_until)
       VALUES ($1, $2, 't', 's', 1, 0, 1, 0, 15, 10, '{}', now())`,
      [project.id, alice.id],
    );
    await publish('project-deleted', { projectId: project.id, userId: alice.id }, 'estimates');
    assert.equal(
      (await estimatesDb.query('SELECT count(*)::int AS n FROM estimates WHERE project_id = $1', [project.id])).rows[0]
        .n,
      0,
    );
  });
});
