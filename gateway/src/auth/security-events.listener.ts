import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@kerf/contracts';
import { eventSubject } from '@kerf/platform/edge';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SessionResolver } from './session-cookie';

/**
 * Drops a user's cached sessions the moment identity announces a
 * user-security-event (logout, password change, password reset), in every
 * gateway replica. A plain NATS subscription on the event's subject: the
 * JetStream stream keeps the event for the services' durable consumers, and
 * the same publish reaches live subscribers; a gateway that was disconnected
 * misses nothing it needs, because it clears its whole cache on reconnecting
 * and entries live only SESSION_CACHE_MS anyway (docs/decisions/0008).
 * NATS being away never stops the gateway from serving.
 */
@Injectable()
export class SecurityEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SecurityEvents');
  private connection?: Promise<NatsConnection | undefined>;
  private stopped = false;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(SessionResolver) private readonly sessions: SessionResolver,
  ) {}

  onApplicationBootstrap() {
    this.connection = this.listen().catch((error: unknown) => {
      this.logger.warn(`not listening for security events: ${(error as Error)?.message ?? error}`);
      return undefined;
    });
  }

  private async listen(): Promise<NatsConnection | undefined> {
    const subject = eventSubject(this.config.EVENTS_SUBJECT_PREFIX, 'user-security-event');
    const nc = await connect({
      servers: this.config.NATS_URL,
      name: 'kerf-gateway',
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    if (this.stopped) {
      await nc.close();
      return undefined;
    }
    const subscription = nc.subscribe(subject);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'reconnect') this.sessions.forgetAll();
      }
    })();
    void (async () => {
      for await (const message of subscription) {
        try {
          const event = message.json<EventEnvelope<'user-security-event'>>();
          if (typeof event?.data?.userId === 'string') this.sessions.forgetUser(event.data.userId);
        } catch {
          this.logger.warn(`unreadable message on ${subject}`);
        }
      }
    })();
    await nc.flush();
    this.logger.log(`listening for security events on ${subject}`);
    return nc;
  }

  async onApplicationShutdown() {
    this.stopped = true;
    // A connection still waiting for its first server is abandoned with the process.
    const nc = await Promise.race([this.connection, Promise.resolve(undefined)]);
    await nc?.drain().catch(() => undefined);
  }
}
