import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1_000 });
}

export interface StreamNames {
  stream: string;
  prefix: string;
}

/** Subject of an event type: `<prefix>.<type>`; dead letters go to `<prefix>-dlq.<consumer>.<type>`. */
export const eventSubject = (prefix: string, type: string) => `${prefix}.${type}`;
export const deadLetterSubject = (prefix: string, consumer: string, type: string) =>
  `${prefix}-dlq.${consumer}.${type}`;

/** Creates the event stream and its dead-letter stream when missing. Safe to call from every service. */
export async function ensureStreams(nc: NatsConnection, { stream, prefix }: StreamNames): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  const wanted = [
    { name: stream, subjects: [`${prefix}.>`] },
    { name: `${stream}_DLQ`, subjects: [`${prefix}-dlq.>`] },
  ];
  for (const config of wanted) {
    try {
      await jsm.streams.info(config.name);
    } catch {
      try {
        await jsm.streams.add({
          ...config,
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          max_age: nanos(30 * 24 * 3600 * 1000),
          duplicate_window: nanos(10 * 60 * 1000),
        });
      } catch (error) {
        // Another service created it in the meantime.
        await jsm.streams.info(config.name).catch(() => {
          throw error;
        });
      }
    }
  }
  return jsm;
}
