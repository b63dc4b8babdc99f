import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { EventEnvelope, SubscriptionEventData } from '@kerf/contracts';
import {
  Entitlement,
  Entitlements,
  EventConsumer,
  OnSubscriptionChangedHandler,
  createServiceDataSource,
  CREATE_ENTITLEMENTS_TABLE,
  ensureStreams,
  openServiceDatabase,
  type SubscriptionEvent,
} from '../src';
import { freshDatabase, isolatedEvents, testInfra } from '../src/testing';

const silent = pino({ level: 'silent' });
const DAY = 86_400_000;

/** The table as documents' own migration creates it. */
class CreateEntitlements1000000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_ENTITLEMENTS_TABLE);
  }
  async down(): Promise<void> {}
}

/** One consuming service: its own database and durable consumers, the platform's handler. */
interface Consumer {
  name: string;
  dataSource: DataSource;
  entitlements: Entitlements;
  consumer: EventConsumer;
  drop(): Promise<void>;
}

describe('entitlements: a service learns its users’ plans from billing’s events', () => {
  let nc: NatsConnection;
  let names: { stream: string; prefix: string };
  const services: Consumer[] = [];

  before(async () => {
    const infra = await testInfra();
    nc = await connect({ servers: infra.natsUrl });
    const events = isolatedEvents();
    names = { stream: events.EVENTS_STREAM, prefix: events.EVENTS_SUBJECT_PREFIX };
    await ensureStreams(nc, names);
    for (const name of ['projects', 'documents']) {
      const db = await freshDatabase(`entitlements_${name}`);
      const dataSource = await openServiceDatabase(
        createServiceDataSource({
          url: db.url,
          entities: [Entitlement],
          migrations: [CreateEntitlements1000000000000],
        }),
      );
      const consumer = new EventConsumer(
        dataSource,
        nc,
        { name, ...names, ackWaitMs: 5_000, maxDeliver: 3, handlers: [new OnSubscriptionChangedHandler()] },
        silent,
      );
      await consumer.start();
      services.push({ name, dataSource, entitlements: new Entitlements(dataSource), consumer, drop: db.drop });
    }
  });

  after(async () => {
    for (const service of services) {
      await service.consumer.stop();
      await service.dataSource.destroy();
      await service.drop();
    }
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(names.stream).catch(() => undefined);
    await jsm.streams.delete(`${names.stream}_DLQ`).catch(() => undefined);
    await nc.drain();
  });

  /** Publishes one event as billing's relay would and waits until every service has handled it. */
  async function announce(type: SubscriptionEvent, data: SubscriptionEventData, occurredAt: Date): Promise<void> {
    const envelope: EventEnvelope<SubscriptionEvent> = {
      id: randomUUID(),
      type,
      occurredAt: occurredAt.toISOString(),
      data,
    };
    await jetstream(nc).publish(`${names.prefix}.${type}`, JSON.stringify(envelope), { msgID: envelope.id });
    for (const { name, dataSource } of services) {
      for (const until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
        const [row] = await dataSource.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
          envelope.id,
        ]);
        if (row.n === 1) break;
        if (Date.now() > until) assert.fail(`${name} never handled ${type} ${envelope.id}`);
      }
    }
  }

  const plan = (userId: string, status: string, days: number | null): SubscriptionEventData => ({
    userId,
    plan: 'monthly',
    status,
    currentPeriodEnd: days === null ? null : new Date(Date.now() + days * DAY).toISOString(),
  });

  it('gives a trial to every consuming service, each in its own table, and ignores an older event arriving late', async () => {
    const userId = randomUUID();
    for (const { entitlements } of services) {
      assert.equal(await entitlements.of(userId), null, 'nothing known before billing speaks');
      assert.equal(await entitlements.isActive(userId), false);
      assert.equal(await entitlements.isFreePlan(userId), true);
    }

    const t0 = Date.now();
    await announce('subscription-confirmed', plan(userId, 'trialing', 7), new Date(t0));
    for (const { name, entitlements } of services) {
      assert.equal((await entitlements.of(userId))?.status, 'trialing', name);
      assert.equal(await entitlements.isActive(userId), true, `${name}: the trial is active`);
      assert.equal(await entitlements.isFreePlan(userId), false, `${name}: a trial is not the free plan`);
    }

    await announce('subscription-cancelled', plan(userId, 'canceled', null), new Date(t0 + 2_000));
    // Billing's earlier update, delivered after the cancellation: it changes nothing.
    await announce('subscription-updated', plan(userId, 'active', 30), new Date(t0 + 1_000));
    for (const { name, entitlements } of services) {
      assert.equal((await entitlements.of(userId))?.status, 'canceled', name);
      assert.equal(await entitlements.isActive(userId), false, `${name}: a cancelled plan is not active`);
      assert.equal(await entitlements.isFreePlan(userId), true, `${name}: back on the free plan`);
    }
  });

  it('reads the plan within a transaction it is given', async () => {
    const userId = randomUUID();
    await announce('subscription-confirmed', plan(userId, 'trialing', 7), new Date());
    const [{ dataSource, entitlements }] = services as [Consumer];
    await dataSource.transaction(async (manager) => {
      await manager.update(Entitlement, { userId }, { currentPeriodEnd: new Date(Date.now() - DAY) });
      assert.equal(await entitlements.isActive(userId, manager), false, 'the uncommitted lapse is seen');
      assert.equal(await entitlements.isActive(userId), true, 'outside the transaction, not yet');
    });
  });

  it('keeps each rule: a project needs a period not ended, the size limit lifts for a plan being paid or a live trial', () => {
    const now = new Date();
    const row = (status: string, days: number | null) =>
      Object.assign(new Entitlement(), {
        status,
        currentPeriodEnd: days === null ? null : new Date(now.getTime() + days * DAY),
      });
    const cases: Array<[string, number | null, boolean, boolean]> = [
      // status, period end in days, isActive, isPaidOrTrial
      ['trialing', 7, true, true],
      ['trialing', -1, false, false],
      ['active', 30, true, true],
      ['active', null, true, true],
      ['past_due', 3, true, true],
      ['past_due', -1, false, true],
      ['canceled', null, false, false],
    ];
    for (const [status, days, active, paidOrTrial] of cases) {
      const entitlement = row(status, days);
      assert.equal(entitlement.isActive(now), active, `${status} ${days}: isActive`);
      assert.equal(entitlement.isPaidOrTrial(now), paidOrTrial, `${status} ${days}: isPaidOrTrial`);
    }
  });
});
