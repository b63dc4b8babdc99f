import type { DataSource, EntityManager } from 'typeorm';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { Logger } from 'pino';
import type { EventEnvelope, EventType } from '@kerf/contracts';
import { REQUEST_ID_KEY, runWithContext } from '../logging/request-context';
import { deadLetterSubject, eventSubject } from './nats';
import { failpoint } from './failpoints';

/**
 * Handles one or more event types inside the consumer's transaction (one
 * durable consumer per type). Name it on-<event>.handler.ts.
 */
export interface EventHandler<T extends EventType = EventType> {
  readonly eventTypes: readonly T[];
  handle(event: EventEnvelope<T>, manager: EntityManager): Promise<void>;
}

export interface EventConsumerOptions {
  /** The consuming service; it names the durable consumers and the processed_events rows. */
  name: string;
  stream: string;
  prefix: string;
  ackWaitMs: number;
  maxDeliver: number;
  handlers: EventHandler[];
}

/** Redelivery delay after a failed attempt: 1 s, 2 s, 4 s … up to 30 s. */
export const retryDelayMs = (deliveryCount: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, deliveryCount - 1));

/**
 * A durable JetStream consumer. Each message is handled in one database
 * transaction that also records the event id in processed_events; the message
 * is acked only after that commit, so a crash before the ack means a
 * redelivery, and a redelivery of a recorded event changes nothing. After
 * maxDeliver failed attempts the event goes to the dead-letter subject.
 */
export class EventConsumer {
  private readonly subscriptions: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly handlers = new Map<string, EventHandler>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly nc: NatsConnection,
    private readonly options: EventConsumerOptions,
    private readonly logger: Logger,
  ) {
    for (const handler of options.handlers) for (const type of handler.eventTypes) this.handlers.set(type, handler);
  }

  /**
   * One durable consumer per event type (`<service>_<type>`), each filtered to
   * one subject, which every JetStream server version supports.
   */
  async start(): Promise<void> {
    const { name, stream, prefix, ackWaitMs, maxDeliver } = this.options;
    const jsm = await jetstreamManager(this.nc);
    for (const type of this.handlers.keys()) {
      const durable = `${name}_${type}`;
      const settings = { ack_wait: nanos(ackWaitMs), max_deliver: maxDeliver };
      try {
        await jsm.consumers.info(stream, durable);
        await jsm.consumers.update(stream, durable, settings);
      } catch {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: eventSubject(prefix, type),
          ...settings,
        });
      }
      const consumer = await jetstream(this.nc).consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 16 });
      this.subscriptions.push(messages);
      this.loops.push(
        (async () => {
          for await (const message of messages) await this.process(message);
        })(),
      );
    }
  }

  private async process(message: JsMsg): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = message.json<EventEnvelope>();
    } catch {
      this.logger.error({ subject: message.subject }, 'unreadable event; sent to dead letters');
      await this.deadLetter(message, 'unreadable', 'not JSON');
      return;
    }
    const handler = this.handlers.get(envelope.type);
    const requestId = message.headers?.get(REQUEST_ID_KEY) || envelope.id;
    await runWithContext({ requestId }, async () => {
      try {
        if (!handler) throw new Error(`no handler for ${envelope.type}`);
        const applied = await this.dataSource.transaction(async (manager) => {
          const inserted: unknown[] = await manager.query(
            `INSERT INTO processed_events (consumer, event_id, event_type) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING RETURNING event_id`,
            [this.options.name, envelope.id, envelope.type],
          );
          if (!inserted.length) return false;
          await handler.handle(envelope, manager);
          failpoint('consumer.before-commit');
          return true;
        });
        failpoint('consumer.after-commit');
        await message.ackAck();
        this.logger.info(
          { event: envelope.type, eventId: envelope.id, applied },
          applied ? 'event handled' : 'event already handled',
        );
      } catch (error) {
        const attempt = message.info.deliveryCount;
        if (attempt >= this.options.maxDeliver) {
          this.logger.error(
            { err: error, event: envelope.type, eventId: envelope.id, attempt },
            'event failed for good; sent to dead letters',
          );
          await this.deadLetter(message, envelope.type, String((error as Error)?.message ?? error));
        } else {
          this.logger.warn(
            { err: error, event: envelope.type, eventId: envelope.id, attempt },
            'event failed; will retry',
          );
          message.nak(retryDelayMs(attempt));
        }
      }
    });
  }

  private async deadLetter(message: JsMsg, type: string, reason: string): Promise<void> {
    const h = natsHeaders();
    h.set('kerf-dead-letter-reason', reason.slice(0, 500));
    h.set('kerf-original-subject', message.subject);
    await jetstream(this.nc).publish(deadLetterSubject(this.options.prefix, this.options.name, type), message.data, {
      headers: h,
    });
    message.term(reason.slice(0, 200));
  }

  /** Stops taking messages and waits for the one in hand to finish. */
  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((messages) => messages.close()));
    await Promise.all(this.loops.map((loop) => loop.catch(() => undefined)));
  }
}
