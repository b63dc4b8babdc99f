import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { startStack, testInfra, type TestStack } from '@kerf/platform/testing';

/**
 * The platform's promise, end to end: a gateway request goes over gRPC to
 * identity, which writes Postgres and emits user-registered through its
 * outbox; billing consumes it exactly once — also when billing is killed
 * half-way and restarted, and when the relay publishes the same event twice.
 */
describe('vertical slice: register → outbox → JetStream → billing', () => {
  let stack: TestStack;
  let billingDb: Client;
  let identityDb: Client;

  before(async () => {
    stack = await startStack(['identity', 'billing'], { billing: { EVENTS_ACK_WAIT_MS: '1500' } });
    billingDb = new Client({ connectionString: stack.databases.billing });
    identityDb = new Client({ connectionString: stack.databases.identity });
    await Promise.all([billingDb.connect(), identityDb.connect()]);
  });

  after(async () => {
    await Promise.all([billingDb?.end(), identityDb?.end()]);
    await stack?.stop();
  });

  const register = (email: string) =>
    fetch(`${stack.gatewayUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: 'correct horse 42', firstName: 'Ada', lastName: 'Builder' }),
    });

  async function eventFor(email: string): Promise<{ userId: string; eventId: string }> {
    const until = Date.now() + 10_000;
    for (;;) {
      const { rows } = await identityDb.query(
        `SELECT u.id AS "userId", o.id AS "eventId" FROM users u JOIN outbox o ON o.envelope->'data'->>'userId' = u.id::text
         WHERE u.username = $1`,
        [email],
      );
      if (rows[0]) return rows[0];
      if (Date.now() > until) throw new Error(`no user-registered event for ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function customers(userId: string): Promise<number> {
    const { rows } = await billingDb.query('SELECT count(*)::int AS n FROM customers WHERE user_id = $1', [userId]);
    return rows[0].n;
  }

  async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('creates the billing customer exactly once, carrying the request id', async () => {
    const email = `slice-${randomUUID()}@example.com`;
    const response = await register(email);
    assert.equal(response.status, 201);
    const user = (await response.json()) as { id: string; username: string; password?: unknown };
    assert.equal(user.username, email);
    assert.equal(user.password, undefined);
    const requestId = response.headers.get('x-request-id')!;

    await eventually(async () => (await customers(user.id)) === 1, 'the billing customer');
    const { eventId } = await eventFor(email);
    const processed = await billingDb.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
      eventId,
    ]);
    assert.equal(processed.rows[0].n, 1);
    const published = await identityDb.query('SELECT published_at FROM outbox WHERE id = $1', [eventId]);
    assert.ok(published.rows[0].published_at, 'the outbox row is marked published');
    await stack.services.billing!.waitFor(new RegExp(`"requestId":"${requestId}".*"event":"user-registered"`));
  });

  it('applies the event once when billing dies after committing but before acking', async () => {
    const billing = stack.services.billing!;
    await billing.stop();
    billing.start({ KERF_FAILPOINTS: 'consumer.after-commit=exit' });
    await billing.waitFor(/serving gRPC/);

    const email = `crash-after-commit-${randomUUID()}@example.com`;
    assert.equal((await register(email)).status, 201);
    const { userId, eventId } = await eventFor(email);
    await billing.exited();
    assert.equal(await customers(userId), 1, 'the committed change survives the crash');

    billing.start();
    await billing.waitFor(new RegExp(`"eventId":"${eventId}","applied":false`));
    assert.equal(await customers(userId), 1, 'the redelivery changes nothing');
  });

  it('leaves nothing half-applied when billing dies inside the transaction, then applies it once', async () => {
    const billing = stack.services.billing!;
    await billing.stop();
    billing.start({ KERF_FAILPOINTS: 'consumer.before-commit=exit' });
    await billing.waitFor(/serving gRPC/);

    const email = `crash-before-commit-${randomUUID()}@example.com`;
    assert.equal((await register(email)).status, 201);
    const { userId, eventId } = await eventFor(email);
    await billing.exited();
    assert.equal(await customers(userId), 0, 'the rolled-back transaction left nothing');

    billing.start();
    await billing.waitFor(new RegExp(`"eventId":"${eventId}","applied":true`));
    assert.equal(await customers(userId), 1);
  });

  it('applies the event once when the relay publishes it twice', async () => {
    const identity = stack.services.identity!;
    await identity.stop();
    identity.start({ KERF_FAILPOINTS: 'relay.after-publish=exit' });
    await identity.waitFor(/serving gRPC/);

    const email = `double-publish-${randomUUID()}@example.com`;
    await register(email).catch(() => undefined); // identity may die before it answers
    const { userId, eventId } = await eventFor(email);
    await identity.exited();
    const unmarked = await identityDb.query('SELECT published_at FROM outbox WHERE id = $1', [eventId]);
    assert.equal(unmarked.rows[0].published_at, null, 'published but not marked: the relay will send it again');

    identity.start();
    await identity.waitFor(/serving gRPC/);
    await eventually(async () => {
      const { rows } = await identityDb.query('SELECT published_at FROM outbox WHERE id = $1', [eventId]);
      return rows[0].published_at !== null;
    }, 'the relay to publish again and mark the row');
    await eventually(async () => (await customers(userId)) === 1, 'the billing customer');

    // Past JetStream's duplicate window the same event could arrive again under another message id.
    const { rows } = await identityDb.query('SELECT envelope FROM outbox WHERE id = $1', [eventId]);
    const nc = await connect({ servers: (await testInfra()).natsUrl });
    const prefix = stack.services.billing!.env.EVENTS_SUBJECT_PREFIX;
    await jetstream(nc).publish(`${prefix}.user-registered`, JSON.stringify(rows[0].envelope), { msgID: randomUUID() });
    await nc.close();
    await stack.services.billing!.waitFor(new RegExp(`"eventId":"${eventId}","applied":false`));
    assert.equal(await customers(userId), 1);
    const processed = await billingDb.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
      eventId,
    ]);
    assert.equal(processed.rows[0].n, 1);
  });
});
