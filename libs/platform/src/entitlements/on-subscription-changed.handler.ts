import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '../events/event-consumer';
import { Entitlement } from './entitlement.entity';

export const SUBSCRIPTION_EVENTS = [
  'subscription-confirmed',
  'subscription-updated',
  'subscription-cancelled',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/**
 * Keeps the entitlement row in step with billing. A redelivered event is
 * applied once (the consumer records its id); one older than the row, arriving
 * late, changes nothing.
 */
export async function applySubscriptionEvent(
  event: EventEnvelope<SubscriptionEvent>,
  manager: EntityManager,
): Promise<void> {
  const { userId, plan, status, currentPeriodEnd } = event.data;
  const asOf = new Date(event.occurredAt);
  const current = await manager.findOneBy(Entitlement, { userId });
  if (current && current.asOf > asOf) return;
  await manager.save(
    manager.create(Entitlement, {
      userId,
      plan,
      status,
      currentPeriodEnd: currentPeriodEnd ? new Date(currentPeriodEnd) : null,
      asOf,
    }),
  );
}

@Injectable()
export class OnSubscriptionChangedHandler implements EventHandler<SubscriptionEvent> {
  readonly eventTypes = SUBSCRIPTION_EVENTS;
  handle = applySubscriptionEvent;
}
