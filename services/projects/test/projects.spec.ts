import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { SubscriptionEventData } from '@kerf/contracts';
import { connectNats, eventSubject } from '@kerf/platform';
import { grpcRefusal, grpcTestClient, startStack, type GrpcTestClient, type TestStack } from '@kerf/platform/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- gRPC replies read loosely, as a test does
type Json = Record<string, any>;

/**
 * The projects service on its own gRPC port, called as its peers call it: who may
 * create a project, whose projects a user sees, notes, and what a deletion announces.
 */
describe('projects service', () => {
  let stack: TestStack;
  let db: Client;
  let projects: GrpcTestClient;

  /** A user with a trial that has not lapsed, as billing's subscription events leave it. */
  const trialUser = async () => {
    const userId = randomUUID();
    await db.query(
      `INSERT INTO entitlements (user_id, plan, status, current_period_end, as_of) VALUES ($1, 'monthly', 'trialing', now() + interval '7 days', now())`,
      [userId],
    );
    return userId;
  };

  before(async () => {
    stack = await startStack(['projects']);
    db = new Client({ connectionString: stack.databases.projects });
    await db.connect();
    projects = grpcTestClient('projects', `127.0.0.1:${stack.services.projects!.env.GRPC_PORT}`);
  });
  after(async () => {
    projects?.close();
    await db?.end();
    await stack?.stop();
  });

  it('creates a project only for a user whose trial or plan has not lapsed', async () => {
    const refusal = await grpcRefusal(projects.call('createProject', { name: 'House' }, randomUUID()));
    assert.deepEqual(refusal, {
      status: 'PERMISSION_DENIED',
      message: 'You need to start your 7-day free trial before creating projects.',
      code: 'TRIAL_REQUIRED',
    });

    const lapsed = randomUUID();
    await db.query(
      `INSERT INTO entitlements (user_id, plan, status, current_period_end, as_of) VALUES ($1, 'monthly', 'trialing', now() - interval '1 day', now())`,
      [lapsed],
    );
    assert.equal((await grpcRefusal(projects.call('createProject', { name: 'House' }, lapsed))).code, 'TRIAL_REQUIRED');

    const userId = await trialUser();
    const project = await projects.call<Json>('createProject', { name: '  Smith house  ' }, userId);
    assert.deepEqual([project.name, project.userId], ['Smith house', userId]);
    const { rows } = await db.query(`SELECT envelope->'data' AS data FROM outbox WHERE type = 'project-created'`);
    assert.ok(rows.some((row) => row.data.projectId === project.id && row.data.userId === userId));
  });

  it("learns the user's plan from billing's subscription events, a late older one changing nothing", async () => {
    const env = stack.services.projects!.env;
    const nc = await connectNats(env.NATS_URL!, 'projects-plan-test');
    const userId = randomUUID();
    /** Publishes one event as billing's relay would and waits until projects has handled it. */
    const announce = async (type: string, status: string, days: number | null, occurredAt: Date) => {
      const data: SubscriptionEventData = {
        userId,
        plan: 'monthly',
        status,
        currentPeriodEnd: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
      };
      const envelope = { id: randomUUID(), type, occurredAt: occurredAt.toISOString(), data };
      nc.publish(eventSubject(env.EVENTS_SUBJECT_PREFIX!, type), JSON.stringify(envelope));
      await nc.flush();
      for (let until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
        const { rowCount } = await db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [envelope.id]);
        if (rowCount) return;
        if (Date.now() > until) assert.fail(`projects never handled ${type}`);
      }
    };
    const create = () => projects.call<Json>('createProject', { name: 'Paid for' }, userId);
    try {
      const t0 = Date.now();
      assert.equal((await grpcRefusal(create())).code, 'TRIAL_REQUIRED', 'nothing known yet');
      await announce('subscription-confirmed', 'trialing', 7, new Date(t0));
      assert.equal((await create()).userId, userId, 'the trial lets the user create projects');
      await announce('subscription-cancelled', 'canceled', null, new Date(t0 + 2_000));
      await announce('subscription-updated', 'active', 30, new Date(t0 + 1_000));
      assert.equal((await grpcRefusal(create())).code, 'TRIAL_REQUIRED', 'cancelled, and the older update ignored');
    } finally {
      await nc.drain();
    }
  });

  it('refuses a project without a name, naming the rule', async () => {
    const refusal = await grpcRefusal(projects.call('createProject', { name: '   ' }, await trialUser()));
    assert.deepEqual([refusal.status, refusal.message], ['INVALID_ARGUMENT', 'Project name is required']);
  });

  it("lists a user's own projects newest first and hides another user's as not found", async () => {
    const alice = await trialUser();
    const bob = await trialUser();
    const first = await projects.call<Json>('createProject', { name: 'First' }, alice);
    const second = await projects.call<Json>('createProject', { name: 'Second' }, alice);
    await projects.call<Json>('createProject', { name: 'Bob’s' }, bob);

    const list = await projects.call<Json>('listProjects', {}, alice);
    assert.deepEqual(
      list.projects.map((p: Json) => p.name),
      ['Second', 'First'],
    );
    // Each asked in turn: a refusal is read only once its call is made.
    const strangers: Array<() => Promise<unknown>> = [
      () => projects.call('getProject', { id: first.id }, bob),
      () => projects.call('updateProject', { id: first.id, name: 'Mine now' }, bob),
      () => projects.call('deleteProject', { id: second.id }, bob),
      () => projects.call('getProject', { id: 'not-a-uuid' }, alice),
    ];
    for (const call of strangers)
      assert.deepEqual(await grpcRefusal(call()), {
        status: 'NOT_FOUND',
        message: 'Project not found',
        code: undefined,
      });
    assert.equal((await projects.call<Json>('getProject', { id: first.id }, alice)).name, 'First');
    assert.equal((await grpcRefusal(projects.call('listProjects', {}))).status, 'UNAUTHENTICATED');
  });

  it("keeps a project's note for its owner only, and deletes it with the project, announcing project-deleted", async () => {
    const alice = await trialUser();
    const bob = await trialUser();
    const project = await projects.call<Json>('createProject', { name: 'Noted' }, alice);
    assert.deepEqual(await projects.call<Json>('getNote', { id: project.id }, alice), { content: '', updatedAt: '' });

    const saved = await projects.call<Json>(
      'saveNote',
      { projectId: project.id, content: 'Check the stair width' },
      alice,
    );
    assert.equal(saved.content, 'Check the stair width');
    assert.equal((await projects.call<Json>('getNote', { id: project.id }, alice)).content, 'Check the stair width');
    assert.equal((await grpcRefusal(projects.call('getNote', { id: project.id }, bob))).status, 'NOT_FOUND');
    assert.equal(
      (await grpcRefusal(projects.call('saveNote', { projectId: project.id, content: 'mine' }, bob))).status,
      'NOT_FOUND',
    );

    assert.deepEqual(await projects.call<Json>('deleteProject', { id: project.id }, alice), { success: true });
    assert.equal((await grpcRefusal(projects.call('getProject', { id: project.id }, alice))).status, 'NOT_FOUND');
    const notes = await db.query('SELECT count(*)::int AS n FROM project_notes WHERE project_id = $1', [project.id]);
    assert.equal(notes.rows[0].n, 0);
    const { rows } = await db.query(`SELECT envelope->'data' AS data FROM outbox WHERE type = 'project-deleted'`);
    assert.ok(rows.some((row) => row.data.projectId === project.id && row.data.userId === alice));
  });
});

/**
 * Right after a user starts a trial, billing holds the subscription while its
 * event is still on the way to projects: the user must not be told to start
 * the trial they have just started.
 */
describe('projects service, before billing’s event arrives', () => {
  let stack: TestStack;
  let billingDb: Client;
  let projects: GrpcTestClient;

  before(async () => {
    stack = await startStack(['billing', 'projects']);
    billingDb = new Client({ connectionString: stack.databases.billing });
    await billingDb.connect();
    projects = grpcTestClient('projects', `127.0.0.1:${stack.services.projects!.env.GRPC_PORT}`);
  });
  after(async () => {
    projects?.close();
    await billingDb?.end();
    await stack?.stop();
  });

  /** A subscription as billing records it, with no event sent (the event is still in billing's outbox). */
  const subscribedInBilling = async (status: string, periodEndDays: number) => {
    const userId = randomUUID();
    await billingDb.query(
      `INSERT INTO subscriptions (user_id, plan, status, provider, trial_end, current_period_end)
       VALUES ($1, 'monthly', $2, 'local', now() + make_interval(days => $3), now() + make_interval(days => $3))`,
      [userId, status, periodEndDays],
    );
    return userId;
  };

  it('asks billing before refusing, so a trial started a moment ago creates a project', async () => {
    const userId = await subscribedInBilling('trialing', 7);
    const project = await projects.call<Json>('createProject', { name: 'Kitchen remodel' }, userId);
    assert.deepEqual([project.name, project.userId], ['Kitchen remodel', userId]);

    // Billing's answer is not a way round its own: a card setup not finished, or a lapsed trial, is still refused.
    for (const userWithout of [await subscribedInBilling('incomplete', 7), await subscribedInBilling('trialing', -1)]) {
      const refusal = await grpcRefusal(projects.call('createProject', { name: 'House' }, userWithout));
      assert.equal(refusal.code, 'TRIAL_REQUIRED');
    }
    assert.equal(
      (await grpcRefusal(projects.call('createProject', { name: 'House' }, randomUUID()))).code,
      'TRIAL_REQUIRED',
    );
  });
});
