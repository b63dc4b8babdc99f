import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { EventEnvelope } from '@kerf/contracts';
import {
  EventConsumer,
  EventOutbox,
  OutboxRelay,
  createServiceDataSource,
  ensureStreams,
  openServiceDatabase,
  type EventHandler,
} from '../src';
import { freshDatabase, isolatedEvents, testInfra } from '../src/testing';

const silent = pino({ level: 'silent' });

describe('outbox relay and consumer (in process)', () => {
  let nc: NatsConnection;
  let dataSource: DataSource;
  let drop: () => Promise<void>;
  let names: { stream: string; prefix: string };

  before(async () => {
    const infra = await testInfra();
    const db = await freshDatabase('events');
    drop = db.drop;
    dataSource = await openServiceDatabase(createServiceDataSource({ url: db.url, entities: [], migrations: [] }));
    nc = await connect({ servers: infra.natsUrl });
    const events = isolatedEvents();
    names = { stream: events.EVENTS_STREAM, prefix: events.EVENTS_SUBJECT_PREFIX };
    await ensureStreams(nc, names);
  });

  after(async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(names.stream).catch(() => undefined);
    await jsm.streams.delete(`${names.stream}_DLQ`).catch(() => undefined);
    await nc.drain();
    await dataSource.destroy();
    await drop();
  });

  it('publishes nothing from a rolled-back transaction and everything from a committed one, with the event id as message id', async () => {
    const outbox = new EventOutbox();
    await dataSource
      .transaction(async (manager) => {
        await outbox.add(manager, 'project-deleted', { projectId: 'p-rolled-back', userId: 'u' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const committed = await dataSource.transaction((manager) =>
      outbox.add(manager, 'project-deleted', { projectId: 'p-kept', userId: 'u' }),
    );

    await new OutboxRelay(dataSource, nc, names.prefix, silent).flush();

    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(names.stream);
    assert.equal(info.state.messages, 1);
    const stored = await jsm.streams.getMessage(names.stream, { seq: info.state.last_seq });
    assert.equal(stored!.header.get('Nats-Msg-Id'), committed.id);
    assert.equal((stored!.json() as EventEnvelope<'project-deleted'>).data.projectId, 'p-kept');
    const [row] = await dataSource.query('SELECT published_at FROM outbox WHERE id = $1', [committed.id]);
    assert.ok(row.published_at);
  });

  it('survives its LISTEN connection being cut (Postgres restarting) and listens again', async () => {
    // A poll far longer than the test: only a NOTIFY on a fresh LISTEN can wake the relay.
    const relay = new OutboxRelay(dataSource, nc, names.prefix, silent, 600_000);
    await relay.start();
    try {
      const cut = await dataSource.query(
        `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      assert.equal(cut.length, 1, 'the relay held one LISTEN connection');
      const jsm = await jetstreamManager(nc);
      const before = (await jsm.streams.info(names.stream)).state.messages;
      // Committed again and again until the relay, listening anew, publishes one (this process still runs).
      const until = Date.now() + 15_000;
      let published = before;
      while (published === before && Date.now() < until) {
        await dataSource.transaction((manager) =>
          new EventOutbox().add(manager, 'project-deleted', { projectId: 'p-after-cut', userId: 'u' }),
        );
        await new Promise((r) => setTimeout(r, 300));
        published = (await jsm.streams.info(names.stream)).state.messages;
      }
      assert.ok(published > before, 'published after the LISTEN connection was cut');
    } finally {
      await relay.stop();
    }
  });

  it('stops cleanly while its LISTEN connection is being cut, handing the connection back once', async () => {
    const uncaught: Error[] = [];
    const onUncaught = (error: Error) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      for (let round = 0; round < 10; round++) {
        const relay = new OutboxRelay(dataSource, nc, names.prefix, silent, 600_000);
        await relay.start();
        // The cut and the stop at once, as when the database restarts during a shutdown.
        await Promise.all([
          dataSource.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
          ),
          relay.stop(),
        ]);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
    assert.deepEqual(
      uncaught.map((error) => error.message),
      [],
    );
  });

  it('retries a failing handler with back-off, then sends the event to the dead-letter subject', async () => {
    let attempts = 0;
    const failing: EventHandler<'project-created'> = {
      eventTypes: ['project-created'],
      async handle(_event, manager: EntityManager) {
        attempts++;
        await manager.query('SELECT 1');
        throw new Error('the handler cannot cope');
      },
    };
    const consumer = new EventConsumer(
      dataSource,
      nc,
      { name: 'dlqtest', ...names, ackWaitMs: 5_000, maxDeliver: 2, handlers: [failing as EventHandler] },
      silent,
    );
    await consumer.start();
    const envelope = {
      id: crypto.randomUUID(),
      type: 'project-created',
      occurredAt: new Date().toISOString(),
      data: { projectId: 'p', userId: 'u', name: 'n' },
    };
    await jetstream(nc).publish(`${names.prefix}.project-created`, JSON.stringify(envelope), { msgID: envelope.id });

    const jsm = await jetstreamManager(nc);
    const until = Date.now() + 10_000;
    let dead = 0;
    while (Date.now() < until && dead === 0) {
      dead = (await jsm.streams.info(`${names.stream}_DLQ`)).state.messages;
      if (!dead) await new Promise((r) => setTimeout(r, 100));
    }
    await consumer.stop();
    assert.equal(attempts, 2, 'tried maxDeliver times');
    assert.equal(dead, 1, 'one dead letter');
    const letter = await jsm.streams.getMessage(`${names.stream}_DLQ`, {
      last_by_subj: `${names.prefix}-dlq.dlqtest.project-created`,
    });
    assert.equal(letter!.header.get('kerf-dead-letter-reason'), 'the handler cannot cope');
    const processed = await dataSource.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
      envelope.id,
    ]);
    assert.equal(processed[0].n, 0, 'a failed attempt leaves no processed record behind');
  });
});
