// The two races of issue 18 the fault suite provokes: the same password-reset
// token sent twice at the same moment, and two billing sweeps settling the
// same due subscriptions at once. Each race remembers what it did; the checks
// afterwards judge by what is stored and answered, never by which side won.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { EventOutbox, OutboxEvent } from '@kerf/platform';
import { Customer } from '../../services/billing/dist/src/customers/customer.entity.js';
import { LocalPaymentProvider } from '../../services/billing/dist/src/providers/local-provider.js';
import { LocalSetupIntent } from '../../services/billing/dist/src/providers/local-setup-intent.entity.js';
import { Subscription } from '../../services/billing/dist/src/subscriptions/subscription.entity.js';
import { SubscriptionsService } from '../../services/billing/dist/src/subscriptions/subscriptions.service.js';
import { WebhookEvent } from '../../services/billing/dist/src/webhooks/webhook-event.entity.js';
import { PLANS, addMonths } from '../../services/billing/dist/src/plans/plans.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Subscriptions one sweep race makes due: enough for both sweepers to meet on the same rows. */
const DUE_PER_RACE = 4;

/** A database URL straight to Postgres, not through the suite's fault proxy. */
function direct(url) {
  const u = new URL(url);
  u.port = process.env.CHAOS_POSTGRES_PORT ?? '5432';
  return u.toString();
}

export class Races {
  /** { kind: 'reset', email, passwords, answers, again } and { kind: 'sweep', due: [...], settled } */
  done = [];
  sweepers = [];

  constructor({ stack, workload, mailDir, log }) {
    Object.assign(this, { stack, workload, mailDir, log });
  }

  /**
   * A user asks for a reset link; the link is then sent twice at the same
   * moment with two different new passwords, and once more afterwards.
   */
  async resetToken() {
    const email = `${this.workload.unique('race-reset')}@example.com`;
    const original = 'Chaos suite 9 password';
    const registered = await this.workload.call(undefined, 'POST', '/api/register', {
      username: email,
      password: original,
      firstName: 'Race',
      lastName: 'Reset',
    });
    if (registered.status !== 201) return this.log(`reset race skipped: sign-up answered ${registered.status}`);
    const asked = await this.workload.call(undefined, 'POST', '/api/reset-password/request', { email });
    if (asked.status !== 200) return this.log(`reset race skipped: reset request answered ${asked.status}`);
    const token = await this.mailedToken(email);
    if (!token) return this.log(`reset race skipped: no reset mail for ${email}`);
    const passwords = ['Race winner 7 left beam', 'Race winner 8 right beam'];
    const answers = await Promise.all(
      passwords.map((password) =>
        this.workload.call(undefined, 'POST', '/api/reset-password/reset', { token, password }),
      ),
    );
    const again = await this.workload.call(undefined, 'POST', '/api/reset-password/reset', {
      token,
      password: 'Race latecomer 9 joist',
    });
    const race = { kind: 'reset', email, original, token, passwords, answers, again, at: Date.now() };
    this.done.push(race);
    this.log(`reset race: ${answers.map((a) => a.status).join(' and ')} at once, ${again.status} afterwards`);
  }

  /** The token of the newest reset mail to `email` (identity writes mail to MAIL_DIR without SMTP). */
  async mailedToken(email) {
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const files = readdirSync(this.mailDir)
        .filter((name) => name.endsWith(`-${email}.eml`))
        .sort();
      if (files.length) {
        // The text part is quoted-printable: undo soft line breaks and =XX escapes.
        const text = readFileSync(join(this.mailDir, files.at(-1)), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
        return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      }
      await sleep(100);
    }
    return undefined;
  }

  /**
   * Makes a few trials that users confirmed due now, then runs billing's sweep
   * (SubscriptionsService.settleDue, compiled) twice at once on two connection
   * pools of billing's database, as two billing replicas would; the service's
   * own timer may join in.
   */
  async billingSweeps() {
    if (!this.sweepers.length) {
      for (let i = 0; i < 2; i++) {
        const dataSource = new DataSource({
          type: 'postgres',
          url: direct(this.stack.databases.billing),
          entities: [Customer, Subscription, LocalSetupIntent, WebhookEvent, OutboxEvent],
          extra: { max: 2 },
        });
        await dataSource.initialize();
        this.sweepers.push({
          dataSource,
          service: new SubscriptionsService(dataSource, new EventOutbox(), new LocalPaymentProvider()),
        });
      }
    }
    const confirmed = new Set(this.workload.users.filter((u) => u.trial === 'acked').map((u) => u.id));
    const db = this.sweepers[0].dataSource;
    const trials = (
      await db.query(
        `SELECT id::text, user_id::text FROM subscriptions WHERE status = 'trialing' AND current_period_end > now() + interval '1 day' ORDER BY created_at`,
      )
    ).filter((s) => confirmed.has(s.user_id));
    const chosen = trials.slice(0, DUE_PER_RACE);
    if (!chosen.length) return this.log('sweep race skipped: no confirmed trial yet');
    // The trial ended a minute ago: the card on file pays for the first month, once.
    await db.query(
      `UPDATE subscriptions SET current_period_end = now() - interval '1 minute', trial_end = now() - interval '1 minute'
        WHERE id = ANY($1::uuid[])`,
      [chosen.map((s) => s.id)],
    );
    const due = await db.query(
      `SELECT id::text, user_id::text, plan, current_period_end FROM subscriptions WHERE id = ANY($1::uuid[])`,
      [chosen.map((s) => s.id)],
    );
    const eventsBefore = await this.subscriptionEvents(due.map((s) => s.user_id));
    const settled = await Promise.all(this.sweepers.map((s) => s.service.settleDue()));
    const race = {
      kind: 'sweep',
      due: due.map((s) => ({ ...s, eventsBefore: eventsBefore.get(s.user_id) ?? 0 })),
      settled,
      at: Date.now(),
    };
    this.done.push(race);
    this.log(`sweep race: ${due.length} subscription(s) due, the two sweeps settled ${settled.join(' and ')}`);
  }

  /** Subscription events billing has put in its outbox, per user. */
  async subscriptionEvents(userIds) {
    const rows = await this.sweepers[0].dataSource.query(
      `SELECT envelope->'data'->>'userId' AS user_id, count(*)::int AS n FROM outbox
        WHERE type IN ('subscription-updated', 'subscription-cancelled', 'subscription-confirmed')
          AND envelope->'data'->>'userId' = ANY($1::text[])
        GROUP BY 1`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.n]));
  }

  async close() {
    await Promise.all(this.sweepers.map((s) => s.dataSource.destroy().catch(() => undefined)));
  }

  /** Both races judged once everything settled; answers the failures found. */
  async check() {
    const failures = [];
    const identity = new pg.Client({ connectionString: direct(this.stack.databases.identity) });
    await identity.connect();
    try {
      for (const race of this.done.filter((r) => r.kind === 'reset')) {
        const what = `reset token of ${race.email} used twice at once`;
        const won = race.answers.filter((a) => a.status >= 200 && a.status < 300);
        const refused = race.answers.filter((a) => a.status >= 400 && a.status < 500);
        if (won.length !== 1) failures.push(`${what}: ${won.length} of the two answered 2xx (exactly one must)`);
        for (const answer of refused)
          if (!(answer.json.message || answer.json.error))
            failures.push(`${what}: the refusal (${answer.status}) carries no message`);
        if (won.length + refused.length !== 2)
          failures.push(`${what}: answered ${race.answers.map((a) => a.status).join(' and ')}`);
        if (race.again.status !== 400) failures.push(`${what}: a third use answered ${race.again.status}, not 400`);
        const unused = await identity.query(
          `SELECT count(*)::int AS n FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
            WHERE u.username = $1 AND t.used_at IS NULL`,
          [race.email],
        );
        if (unused.rows[0].n) failures.push(`${what}: ${unused.rows[0].n} token(s) still usable`);
        // The password is the winner's: it logs in, the loser's and the original do not.
        const winner = race.answers.findIndex((a) => a.status >= 200 && a.status < 300);
        if (winner < 0) continue;
        const tries = [
          [race.passwords[winner], 200],
          [race.passwords[1 - winner], 401],
          [race.original, 401],
        ];
        for (const [password, expected] of tries) {
          const login = await this.workload.call(undefined, 'POST', '/api/login', { username: race.email, password });
          if (login.status !== expected)
            failures.push(
              `${what}: logging in with the ${password === race.original ? 'original' : password === race.passwords[winner] ? "winner's" : "loser's"} password answered ${login.status}, not ${expected}`,
            );
        }
      }

      for (const race of this.done.filter((r) => r.kind === 'sweep')) {
        const ids = race.due.map((s) => s.id);
        const rows = new Map(
          (
            await this.sweepers[0].dataSource.query(
              `SELECT id::text, status, current_period_end FROM subscriptions WHERE id = ANY($1::uuid[])`,
              [ids],
            )
          ).map((r) => [r.id, r]),
        );
        const events = await this.subscriptionEvents(race.due.map((s) => s.user_id));
        for (const due of race.due) {
          const what = `subscription of user ${due.user_id} settled by two sweeps at once`;
          const row = rows.get(due.id);
          const expected = addMonths(new Date(due.current_period_end), PLANS[due.plan].months);
          if (row.status !== 'active') failures.push(`${what}: ${row.status}, not active (paid by the card on file)`);
          else if (row.current_period_end.getTime() !== expected.getTime())
            failures.push(
              `${what}: paid until ${row.current_period_end.toISOString()}, not ${expected.toISOString()} (charged ${row.current_period_end > expected ? 'more than once' : 'not at all'})`,
            );
          const added = (events.get(due.user_id) ?? 0) - due.eventsBefore;
          if (added !== 1) failures.push(`${what}: ${added} subscription events announced, not exactly 1`);
        }
      }
    } finally {
      await identity.end().catch(() => undefined);
    }
    return failures;
  }
}
