import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { startStack, testInfra, type TestStack } from '@kerf/platform/testing';

describe('projects and notes', () => {
  let stack: TestStack;
  let projectsDb: Client;
  let alice: { cookie: string; id: string };
  let bob: { cookie: string; id: string };

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
        username: `p-${randomUUID()}@example.com`,
        password: 'long enough 1',
        firstName: 'P',
        lastName: 'M',
      }),
    });
    const user = (await response.json()) as { id: string };
    return { cookie: response.headers.get('set-cookie')!.split(';')[0]!, id: user.id };
  }

  /** Publishes an event as another service's outbox would, and waits until projects has handled it. */
  async function publishEvent(type: string, data: Record<string, unknown>, occurredAt = new Date(), id = randomUUID()) {
    const nc = await connect({ servers: (await testInfra()).natsUrl });
    const prefix = stack.services.projects!.env.EVENTS_SUBJECT_PREFIX;
    await jetstream(nc).publish(
      `${prefix}.${type}`,
      JSON.stringify({ id, type, occurredAt: occurredAt.toISOString(), data }),
      // A new message id each time, so a repeat reaches the consumer (JetStream would drop a duplicate id).
      { msgID: randomUUID() },
    );
    await nc.close();
    const handled = new RegExp(`"eventId":"${id}"`, 'g');
    const before = stack.services.projects!.output.match(handled)?.length ?? 0;
    const until = Date.now() + 10_000;
    while ((stack.services.projects!.output.match(handled)?.length ?? 0) <= before && Date.now() < until)
      await new Promise((r) => setTimeout(r, 25));
  }

  /** Stands in for billing: the event billing emits when a trial starts. */
  const subscriptionEvent = (type: string, userId: string, data: Record<string, unknown>, occurredAt = new Date()) =>
    publishEvent(type, { userId, plan: 'quarterly', ...data }, occurredAt);

  before(async () => {
    stack = await startStack(['identity', 'projects']);
    projectsDb = new Client({ connectionString: stack.databases.projects });
    await projectsDb.connect();
    alice = await signUp();
    bob = await signUp();
  });
  after(async () => {
    await projectsDb?.end();
    await stack?.stop();
  });

  it('needs a trial or subscription to create a project', async () => {
    const response = await call('POST', '/api/projects', alice.cookie, { name: 'Garage' });
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), {
      message: 'You need to start your 7-day free trial before creating projects.',
      code: 'TRIAL_REQUIRED',
    });
    const trialEnd = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await subscriptionEvent('subscription-confirmed', alice.id, { status: 'trialing', currentPeriodEnd: trialEnd });
    assert.equal((await call('POST', '/api/projects', alice.cookie, { name: 'Garage' })).status, 201);
  });

  it('ignores a subscription event older than the one it has', async () => {
    const user = await signUp();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await subscriptionEvent('subscription-updated', user.id, { status: 'active', currentPeriodEnd: later });
    await subscriptionEvent(
      'subscription-cancelled',
      user.id,
      { status: 'canceled', currentPeriodEnd: new Date(Date.now() - 1000).toISOString() },
      new Date(Date.now() - 60_000),
    );
    assert.equal((await call('POST', '/api/projects', user.cookie, { name: 'Still entitled' })).status, 201);
  });

  it("lists only the acting user's projects, newest first", async () => {
    const first = (await (
      await call('POST', '/api/projects', alice.cookie, { name: '  Kitchen remodel ', description: 'Two walls' })
    ).json()) as { id: string; name: string; description: string };
    assert.equal(first.name, 'Kitchen remodel');
    const second = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Warehouse slab' })).json()) as {
      id: string;
    };
    const list = (await (await call('GET', '/api/projects', alice.cookie)).json()) as Array<{
      id: string;
      userId: string;
    }>;
    assert.deepEqual(
      list.slice(0, 2).map((p) => p.id),
      [second.id, first.id],
    );
    assert.ok(list.every((p) => p.userId === alice.id));
    assert.deepEqual(await (await call('GET', '/api/projects', bob.cookie)).json(), []);
    assert.equal((await call('GET', '/api/projects', '')).status, 401);
  });

  it("answers 404 for another user's project and note, and changes nothing", async () => {
    const project = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Private' })).json()) as {
      id: string;
    };
    await call('POST', `/api/projects/${project.id}/notes`, alice.cookie, { content: 'secret' });
    assert.equal((await call('GET', `/api/projects/${project.id}/notes`, bob.cookie)).status, 404);
    assert.equal(
      (await call('POST', `/api/projects/${project.id}/notes`, bob.cookie, { content: 'mine now' })).status,
      404,
    );
    assert.equal((await call('PATCH', `/api/projects/${project.id}`, bob.cookie, { name: 'Stolen' })).status, 404);
    assert.equal((await call('DELETE', `/api/projects/${project.id}`, bob.cookie)).status, 404);
    assert.equal((await call('GET', '/api/projects/not-a-uuid/notes', alice.cookie)).status, 404);
    const note = (await (await call('GET', `/api/projects/${project.id}/notes`, alice.cookie)).json()) as {
      content: string;
    };
    assert.equal(note.content, 'secret');
  });

  it('validates names, descriptions and notes with clear 400s', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '   ' }, 'Project name is required'],
      [{}, 'Project name is required'],
      [{ name: 'x'.repeat(201) }, 'Project name must be at most 200 characters'],
      [{ name: 'ok', description: 'd'.repeat(5001) }, 'Description must be at most 5,000 characters'],
      [{ name: 42 }, 'Project name is required'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/projects', alice.cookie, body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 50));
      assert.equal(((await response.json()) as { message: string }).message, message);
    }
    const project = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Notes' })).json()) as {
      id: string;
    };
    const big = await call('POST', `/api/projects/${project.id}/notes`, alice.cookie, { content: 'é'.repeat(600_000) });
    assert.equal(big.status, 400);
    assert.equal(((await big.json()) as { message: string }).message, 'Notes can be at most 1 MB of text.');
    const fits = await call('POST', `/api/projects/${project.id}/notes`, alice.cookie, {
      content: 'a'.repeat(1024 * 1024),
    });
    assert.equal(fits.status, 200);
  });

  it('saves the note, returns it with its time, and moves the project to the top of "recently updated"', async () => {
    const older = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Older' })).json()) as {
      id: string;
      updatedAt: string;
    };
    await call('POST', '/api/projects', alice.cookie, { name: 'Newer' });
    const empty = (await (await call('GET', `/api/projects/${older.id}/notes`, alice.cookie)).json()) as {
      content: string;
      updatedAt: null;
    };
    assert.deepEqual(empty, { content: '', updatedAt: null });
    const saved = (await (
      await call('POST', `/api/projects/${older.id}/notes`, alice.cookie, { content: 'Pour on Tuesday' })
    ).json()) as { content: string; updatedAt: string };
    assert.equal(saved.content, 'Pour on Tuesday');
    const list = (await (await call('GET', '/api/projects', alice.cookie)).json()) as Array<{
      id: string;
      updatedAt: string;
    }>;
    const mostRecent = [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]!;
    assert.equal(mostRecent.id, older.id);
    assert.equal(
      ((await (await call('GET', `/api/projects/${older.id}/notes`, alice.cookie)).json()) as { content: string })
        .content,
      'Pour on Tuesday',
    );
  });

  it('moves a project to the top when a document or message arrives, once and never backwards', async () => {
    const quiet = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Quiet' })).json()) as {
      id: string;
    };
    await call('POST', '/api/projects', alice.cookie, { name: 'Busy' });
    const updatedAt = async () =>
      (
        (await (await call('GET', '/api/projects', alice.cookie)).json()) as Array<{ id: string; updatedAt: string }>
      ).find((p) => p.id === quiet.id)!.updatedAt;
    const mostRecentId = async () =>
      (
        (await (await call('GET', '/api/projects', alice.cookie)).json()) as Array<{ id: string; updatedAt: string }>
      ).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]!.id;

    const uploadedAt = new Date(Date.now() + 60_000);
    const upload = randomUUID();
    const data = { documentId: randomUUID(), projectId: quiet.id, userId: alice.id, filetype: 'pdf' };
    await publishEvent('document-uploaded', data, uploadedAt, upload);
    assert.equal(await updatedAt(), uploadedAt.toISOString());
    assert.equal(await mostRecentId(), quiet.id, 'the project with the new document is the most recent');

    await publishEvent('document-uploaded', data, uploadedAt, upload);
    const { rows } = await projectsDb.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
      upload,
    ]);
    assert.equal(rows[0].n, 1, 'a redelivered event is handled once');

    const olderMessage = { messageId: randomUUID(), projectId: quiet.id };
    await publishEvent('message-posted', olderMessage, new Date(uploadedAt.getTime() - 30_000));
    assert.equal(await updatedAt(), uploadedAt.toISOString(), 'a late event does not move the time back');
    const postedAt = new Date(uploadedAt.getTime() + 1_000);
    await publishEvent('message-posted', olderMessage, postedAt);
    assert.equal(await updatedAt(), postedAt.toISOString());
  });

  it('deletes a project and emits project-deleted exactly once', async () => {
    const project = (await (await call('POST', '/api/projects', alice.cookie, { name: 'Temporary' })).json()) as {
      id: string;
    };
    const response = await call('DELETE', `/api/projects/${project.id}`, alice.cookie);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { success: true });
    assert.equal((await call('DELETE', `/api/projects/${project.id}`, alice.cookie)).status, 404);
    assert.equal((await call('GET', `/api/projects/${project.id}/notes`, alice.cookie)).status, 404);
    const { rows } = await projectsDb.query(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'project-deleted' AND envelope->'data'->>'projectId' = $1`,
      [project.id],
    );
    assert.equal(rows[0].n, 1);
  });
});
