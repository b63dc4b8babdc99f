import type { DataSource } from 'typeorm';
import type { Client } from 'pg';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/nats-core';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { REQUEST_ID_KEY } from '../logging/request-context';
import { eventSubject } from './nats';
import { failpoint } from './failpoints';

const BATCH = 100;

/**
 * Publishes outbox rows to JetStream with Nats-Msg-Id = event id (JetStream
 * drops a duplicate within its window; consumers also de-duplicate by id).
 * Woken by a Postgres NOTIFY on commit, with a slow poll as a safety net.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  /** The connection held for LISTEN, and how to hand it back once (with its listeners taken off). */
  private listening?: { client: Client; release(error?: Error): void };
  private timer?: NodeJS.Timeout;
  private relisten?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    nc: NatsConnection,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly pollMs = 5_000,
  ) {
    this.js = jetstream(nc);
  }

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.kick();
  }

  /**
   * Holds one pooled connection for LISTEN. A connection the pool has handed
   * out gets no error listener from it, so a Postgres restart or a cut
   * connection would throw an unhandled 'error' and kill the process: the
   * connection is dropped instead, and LISTEN taken up again on a new one
   * (the poll publishes meanwhile). The connection goes back to the pool once,
   * with this relay's listeners taken off: one left on would hand it back a
   * second time when the idle connection errs later (a database dropped or
   * restarted after the relay stopped).
   */
  private async listen(): Promise<void> {
    const driver = this.dataSource.driver as unknown as {
      master: { connect(): Promise<Client & { release(error?: Error): void }> };
    };
    const client = await driver.master.connect();
    let released = false;
    const onNotification = () => this.kick();
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.removeListener('error', onError);
      client.removeListener('notification', onNotification);
      client.release(error);
    };
    const onError = (error: Error) => {
      this.logger.warn({ err: error }, 'outbox listener lost its database connection; listening again');
      const wasListening = this.listening?.client === client;
      release(error);
      // Before LISTEN succeeded, the caller sees the failure and tries again itself.
      if (wasListening) {
        this.listening = undefined;
        this.listenAgain();
      }
    };
    client.on('error', onError);
    try {
      await client.query('LISTEN kerf_outbox');
    } catch (error) {
      release(error as Error);
      throw error;
    }
    // Stopped while this connection was being set up: nothing is to listen any more.
    if (this.stopped) {
      release();
      return;
    }
    client.on('notification', onNotification);
    this.listening = { client, release };
  }

  private listenAgain(): void {
    if (this.stopped) return;
    this.relisten = setTimeout(() => {
      this.listen()
        .then(() => this.kick())
        .catch(() => this.listenAgain());
    }, 1_000);
  }

  /** Asks for a flush; flushes never overlap, and a request during one runs another after it. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.flush()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'outbox relay could not publish; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Publishes everything unpublished, in order. */
  async flush(): Promise<void> {
    for (;;) {
      const published = await this.dataSource.transaction(async (manager) => {
        const rows: Array<{ id: string; type: string; envelope: unknown; request_id: string | null }> =
          await manager.query(
            `SELECT id, type, envelope, request_id FROM outbox WHERE published_at IS NULL
           ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
          );
        for (const row of rows) {
          const h = natsHeaders();
          if (row.request_id) h.set(REQUEST_ID_KEY, row.request_id);
          await this.js.publish(eventSubject(this.prefix, row.type), JSON.stringify(row.envelope), {
            msgID: row.id,
            headers: h,
          });
          failpoint('relay.after-publish');
        }
        if (rows.length) {
          await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
        }
        return rows.length;
      });
      if (published < BATCH) return;
    }
  }

  /** Stops taking work and publishes what is left (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.relisten) clearTimeout(this.relisten);
    await this.running;
    await this.flush().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'outbox not fully flushed at shutdown'),
    );
    const listening = this.listening;
    this.listening = undefined;
    if (listening) {
      await listening.client.query('UNLISTEN kerf_outbox').catch(() => undefined);
      listening.release();
    }
  }
}
