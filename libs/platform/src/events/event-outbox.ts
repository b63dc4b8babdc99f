import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventDataMap, EventEnvelope, EventType } from '@kerf/contracts';
import { currentContext } from '../logging/request-context';
import { OutboxEvent } from './outbox-event.entity';

/**
 * Records an event in the outbox inside the caller's transaction, so the event
 * exists exactly when the change it announces does. The relay publishes it.
 */
export class EventOutbox {
  async add<T extends EventType>(manager: EntityManager, type: T, data: EventDataMap[T]): Promise<EventEnvelope<T>> {
    const envelope: EventEnvelope<T> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
    await manager.insert(OutboxEvent, {
      id: envelope.id,
      type,
      envelope: envelope as EventEnvelope,
      requestId: currentContext()?.requestId ?? null,
    });
    return envelope;
  }
}
