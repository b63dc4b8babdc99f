import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import Stripe from 'stripe';
import { startStack, type TestStack } from '@kerf/platform/testing';
import { FakeStripe } from './fake-stripe-server';

/** A JSON answer, read loosely as a test does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of many shapes
type Json = Record<string, any>;

const DAY_MS = 86_400_000;

/** A signed-in user of a stack, calling the gateway like the browser does. */
async function signUp(stack: TestStack) {
  const response = await fetch(`${stack.gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `b-${randomUUID()}@example.com`,
      password: 'long enough 1',
      firstName: 'B',
      lastName: 'L',
    }),
  });
  assert.equal(response.status, 201);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const id = ((await response.json()) as { id: string }).id;
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? { 'x-requested-with': 'XMLHttpRequest' } : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    return { status: reply.status, json: (text ? JSON.parse(text) : {}) as Json };
  };
  /** GET /api/user until `check` holds (events take a moment to reach identity). */
  const userWhen = async (check: (user: Json) => boolean) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const user = (await call('GET', '/api/user')).json;
      if (check(user) || Date.now() > until) return user;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { id, cookie, call, userWhen };
}

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  ...extra,
});

describe('subscriptions with the local provider', () => {
  let stack: TestStack;
  let billingDb: Client;

  before(async () => {
    stack = await startStack(['identity', 'billing', 'projects'], { billing: { BILLING_SWEEP_INTERVAL_MS: '200' } });
    billingDb = new Client({ connectionString: stack.databases.billing });
    await billingDb.connect();
  });
  after(async () => {
    await billingDb?.end();
    await stack?.stop();
  });

  it('says which card form to show', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/billing/config`);
    assert.deepEqual(await response.json(), { provider: 'local', publishableKey: null });
  });

  it('starts a 7-day trial only after the card is set up, once, and entitles the user', async () => {
    const user = await signUp(stack);
    assert.equal((await user.call('POST', '/api/projects', { name: 'Too early' })).status, 403);

    const created = await user.call('POST', '/api/subscription/create', { plan: 'quarterly' });
    assert.equal(created.status, 200);
    const { clientSecret, subscriptionId } = created.json;
    assert.match(clientSecret, /^seti_local_\w+_secret_/);

    const early = await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'quarterly' });
    assert.equal(early.status, 412);
    assert.match(early.json.message, /card has not been set up/);

    const declined = await user.call('POST', '/api/billing/local/setup-intents/confirm', {
      clientSecret,
      ...card('4000 0000 0000 0002'),
    });
    assert.deepEqual([declined.status, declined.json.message], [402, 'Your card was declined.']);
    const badLuhn = await user.call('POST', '/api/billing/local/setup-intents/confirm', {
      clientSecret,
      ...card('4242 4242 4242 4241'),
    });
    assert.deepEqual([badLuhn.status, badLuhn.json.message], [400, 'Your card number is invalid.']);
    const expired = await user.call('POST', '/api/billing/local/setup-intents/confirm', {
      clientSecret,
      ...card('4242424242424242', { expYear: 2020 }),
    });
    assert.equal(expired.status, 400);
    assert.match(expired.json.message, /expiration/);
    assert.equal(
      (await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'quarterly' })).status,
      412,
    );

    const setUp = await user.call('POST', '/api/billing/local/setup-intents/confirm', {
      clientSecret,
      ...card('4242 4242 4242 4242'),
    });
    assert.deepEqual([setUp.status, setUp.json], [200, { status: 'succeeded' }]);

    const wrongPlan = await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'yearly' });
    assert.equal(wrongPlan.status, 400);
    const stranger = await signUp(stack);
    assert.equal(
      (await stranger.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'quarterly' })).status,
      404,
      "someone else's subscription id is not found",
    );

    const confirmed = await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'quarterly' });
    assert.equal(confirmed.status, 200);
    const subscription = confirmed.json.subscription;
    assert.equal(subscription.status, 'trialing');
    assert.equal(subscription.amount, '149.00');
    const trialEnd = new Date(subscription.trialEnd).getTime();
    assert.ok(Math.abs(trialEnd - (Date.now() + 7 * DAY_MS)) < 60_000, 'the trial ends 7 days from now');

    const again = await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'quarterly' });
    assert.deepEqual([again.status, again.json.subscription.id], [200, subscriptionId], 'a repeat answers the same');
    const second = await user.call('POST', '/api/subscription/create', { plan: 'monthly' });
    assert.deepEqual([second.status, second.json.message], [409, "You're already subscribed."]);
    const { rows } = await billingDb.query(
      `SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1 AND status <> 'canceled'`,
      [user.id],
    );
    assert.equal(rows[0].n, 1, 'never a second subscription');

    const entitled = await user.userWhen((u) => !!u.subscriptionExpiresAt);
    assert.equal(entitled.subscriptionTier, 'free', 'a trial is no paid tier…');
    assert.equal(entitled.subscriptionExpiresAt, subscription.trialEnd, '…with the trial end as expiry');
    const { status, json } = await user.call('GET', '/api/subscription');
    assert.equal(status, 200);
    assert.deepEqual(
      [json.subscription.plan, json.subscription.status, json.subscription.cancelAtPeriodEnd],
      ['quarterly', 'trialing', false],
    );
    const until = Date.now() + 10_000;
    let project = await user.call('POST', '/api/projects', { name: 'Garage' });
    while (project.status === 403 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      project = await user.call('POST', '/api/projects', { name: 'Garage' });
    }
    assert.equal(project.status, 201, 'projects can be created once the trial runs');
  });

  it('refuses a plan that does not exist and bad bodies, creating nothing', async () => {
    const user = await signUp(stack);
    for (const body of [{ plan: 'weekly' }, { plan: 5 }, {}, []]) {
      const response = await user.call('POST', '/api/subscription/create', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.ok(response.json.message);
    }
    const { rows } = await billingDb.query('SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1', [
      user.id,
    ]);
    assert.equal(rows[0].n, 0);
    assert.equal(
      (
        await fetch(`${stack.gatewayUrl}/api/subscription/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"plan":"monthly"}',
        })
      ).status,
      401,
    );
  });

  it('cancels at the end of the trial, and then the user has no subscription', async () => {
    const user = await signUp(stack);
    const { clientSecret, subscriptionId } = (await user.call('POST', '/api/subscription/create', { plan: 'monthly' }))
      .json;
    await user.call('POST', '/api/billing/local/setup-intents/confirm', { clientSecret, ...card('4242424242424242') });
    await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'monthly' });
    const cancelled = await user.call('POST', '/api/subscription/cancel');
    assert.equal(cancelled.status, 200);
    assert.deepEqual(
      [cancelled.json.subscription.status, cancelled.json.subscription.cancelAtPeriodEnd],
      ['trialing', true],
    );
    assert.ok((await user.userWhen((u) => !!u.subscriptionExpiresAt)).subscriptionExpiresAt, 'still in the trial');

    await billingDb.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 second' WHERE id = $1`, [
      subscriptionId,
    ]);
    const lapsed = await user.userWhen((u) => u.subscriptionExpiresAt === null);
    assert.deepEqual([lapsed.subscriptionTier, lapsed.subscriptionExpiresAt], ['free', null]);
    assert.equal((await user.call('GET', '/api/subscription')).json.subscription.status, 'canceled');
    assert.equal((await user.call('POST', '/api/projects', { name: 'After' })).status, 403);
    assert.equal((await user.call('POST', '/api/subscription/cancel')).status, 404);
  });

  it('charges the card on file when the trial ends, and a card whose charge fails lapses', async () => {
    const paying = await signUp(stack);
    const first = (await paying.call('POST', '/api/subscription/create', { plan: 'yearly' })).json;
    await paying.call('POST', '/api/billing/local/setup-intents/confirm', {
      clientSecret: first.clientSecret,
      ...card('5555555555554444'),
    });
    const trial = (
      await paying.call('POST', '/api/subscription/confirm', { subscriptionId: first.subscriptionId, plan: 'yearly' })
    ).json.subscription;
    const ended = new Date(Date.now() - 1000);
    await billingDb.query('UPDATE subscriptions SET current_period_end = $2 WHERE id = $1', [trial.id, ended]);
    const paid = await paying.userWhen((u) => u.subscriptionTier === 'yearly');
    assert.equal(paid.subscriptionTier, 'yearly');
    const nextBilling = new Date(paid.subscriptionExpiresAt);
    assert.equal(nextBilling.getUTCFullYear(), ended.getUTCFullYear() + 1, 'the next billing date is a year on');

    const failing = await signUp(stack);
    const second = (await failing.call('POST', '/api/subscription/create', { plan: 'monthly' })).json;
    await failing.call('POST', '/api/billing/local/setup-intents/confirm', {
      clientSecret: second.clientSecret,
      ...card('4000000000000341'),
    });
    await failing.call('POST', '/api/subscription/confirm', { subscriptionId: second.subscriptionId, plan: 'monthly' });
    await failing.userWhen((u) => !!u.subscriptionExpiresAt);
    await billingDb.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 second' WHERE id = $1`, [
      second.subscriptionId,
    ]);
    const lapsed = await failing.userWhen((u) => u.subscriptionExpiresAt === null);
    assert.deepEqual(
      [lapsed.subscriptionTier, lapsed.subscriptionExpiresAt],
      ['free', null],
      'no payment, no subscription',
    );
  });
});

describe('subscriptions with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_kerf';
  let stack: TestStack;
  let billingDb: Client;
  let fake: FakeStripe;
  let stripe: Stripe;

  before(async () => {
    fake = new FakeStripe();
    const base = new URL(await fake.start());
    stripe = new Stripe('sk_test_kerf', {
      host: base.hostname,
      port: base.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    stack = await startStack(['identity', 'billing', 'projects'], {
      billing: {
        STRIPE_SECRET_KEY: 'sk_test_kerf',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_kerf',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_QUARTERLY: 'price_quarterly',
        STRIPE_PRICE_YEARLY: 'price_yearly',
        STRIPE_API_BASE: base.origin,
      },
    });
    billingDb = new Client({ connectionString: stack.databases.billing });
    await billingDb.connect();
  });
  after(async () => {
    await billingDb?.end();
    await stack?.stop();
    await fake?.stop();
  });

  /** A webhook delivery as Stripe signs it (the library's own test header). */
  async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return fetch(`${stack.gatewayUrl}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }
  const subscriptionEvent = (
    type: string,
    subscriptionId: string,
  ): { id: string; data: { object: object } } & Record<string, unknown> => ({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...fake.subscriptions.get(subscriptionId) } },
  });

  it('creates the customer and a trial subscription in Stripe, and starts it once Stripe.js set up the card', async () => {
    assert.deepEqual(await (await fetch(`${stack.gatewayUrl}/api/billing/config`)).json(), {
      provider: 'stripe',
      publishableKey: 'pk_test_kerf',
    });
    const user = await signUp(stack);
    const created = await user.call('POST', '/api/subscription/create', { plan: 'yearly' });
    assert.equal(created.status, 200);
    const remote = [...fake.subscriptions.values()].at(-1)!;
    assert.equal(remote.items.data[0]!.price.id, 'price_yearly');
    assert.equal(remote.metadata.userId, user.id);
    assert.equal(fake.setupIntents.get(remote.pending_setup_intent!)!.client_secret, created.json.clientSecret);

    const { subscriptionId } = created.json;
    const early = await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'yearly' });
    assert.equal(early.status, 412, 'Stripe says trialing, but no card is set up yet');

    const intentId = remote.pending_setup_intent!;
    await assert.rejects(
      stripe.setupIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' }),
      /declined/,
    );
    assert.match(
      (await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'yearly' })).json.message,
      /declined/,
    );
    // What Stripe.js's confirmSetup does in the browser.
    await stripe.setupIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const confirmed = await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'yearly' });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.json.subscription.status, 'trialing');
    assert.equal(new Date(confirmed.json.subscription.trialEnd).getTime(), remote.trial_end! * 1000);
    const user2 = await user.userWhen((u) => !!u.subscriptionExpiresAt);
    assert.equal(user2.subscriptionExpiresAt, new Date(remote.trial_end! * 1000).toISOString());
  });

  it('takes signed webhooks once, in any order, and rejects forged ones', async () => {
    const user = await signUp(stack);
    const { subscriptionId, clientSecret } = (await user.call('POST', '/api/subscription/create', { plan: 'monthly' }))
      .json;
    await stripe.setupIntents.confirm(clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'monthly' });
    const remote = [...fake.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    await user.userWhen((u) => !!u.subscriptionExpiresAt);

    // The trial ends and Stripe charges the card: the subscription is active for a month.
    const paidUntil = Math.floor(Date.now() / 1000) + 30 * 86_400;
    remote.status = 'active';
    remote.items.data[0]!.current_period_end = paidUntil;
    const paid = subscriptionEvent('invoice.paid', remote.id);
    paid.data.object = { object: 'invoice', id: 'in_1', parent: { subscription_details: { subscription: remote.id } } };
    const forged = await deliver(paid, 'whsec_someone_else');
    assert.equal(forged.status, 400);
    assert.match(((await forged.json()) as { message: string }).message, /signature/);
    assert.equal(
      (await billingDb.query('SELECT count(*)::int AS n FROM webhook_events')).rows[0].n,
      0,
      'a forged event changes nothing',
    );
    assert.equal((await user.call('GET', '/api/user')).json.subscriptionTier, 'free');

    assert.equal((await deliver(paid)).status, 200);
    const active = await user.userWhen((u) => u.subscriptionTier === 'monthly');
    assert.equal(active.subscriptionExpiresAt, new Date(paidUntil * 1000).toISOString());

    // Stripe cancels after failed payments; then an older 'updated' event arrives late and is replayed.
    const stale = subscriptionEvent('customer.subscription.updated', remote.id);
    remote.status = 'canceled';
    const deleted = subscriptionEvent('customer.subscription.deleted', remote.id);
    assert.equal((await deliver(deleted)).status, 200);
    const gone = await user.userWhen((u) => u.subscriptionTier === 'free');
    assert.deepEqual([gone.subscriptionTier, gone.subscriptionExpiresAt], ['free', null]);
    assert.equal((await deliver(stale)).status, 200);
    assert.equal((await deliver(stale)).status, 200);
    assert.equal((await deliver(deleted)).status, 200);
    const { rows } = await billingDb.query('SELECT count(*)::int AS n FROM webhook_events WHERE id = $1', [stale.id]);
    assert.equal(rows[0].n, 1, 'a replayed event is handled once');
    await new Promise((r) => setTimeout(r, 300));
    const still = (await user.call('GET', '/api/user')).json;
    assert.deepEqual(
      [still.subscriptionTier, still.subscriptionExpiresAt],
      ['free', null],
      'a late event does not bring it back',
    );
    assert.equal((await user.call('GET', '/api/subscription')).json.subscription.status, 'canceled');
  });

  it('cancels at period end in Stripe', async () => {
    const user = await signUp(stack);
    const { subscriptionId, clientSecret } = (
      await user.call('POST', '/api/subscription/create', { plan: 'quarterly' })
    ).json;
    await stripe.setupIntents.confirm(clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    await user.call('POST', '/api/subscription/confirm', { subscriptionId, plan: 'quarterly' });
    const cancelled = await user.call('POST', '/api/subscription/cancel');
    assert.equal(cancelled.json.subscription.cancelAtPeriodEnd, true);
    const remote = [...fake.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    assert.equal(remote.cancel_at_period_end, true);
  });
});
