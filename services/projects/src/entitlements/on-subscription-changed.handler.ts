import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { Entitlement } from './entitlement.entity';

type SubscriptionEvent = 'subscription-confirmed' | 'subscription-updated' | 'subscription-cancelled';

/** Keeps the entitlement row in step with billing; events may arrive twice or out of order. */
async function applySubscriptionEvent(event: EventEnvelope<SubscriptionEvent>, manager: EntityManager): Promise<void> {
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
export class OnSubscriptionConfirmedHandler implements EventHandler<'subscription-confirmed'> {
  readonly eventType = 'subscription-confirmed' as const;
  handle = applySubscriptionEvent;
}

@Injectable()
export class OnSubscriptionUpdatedHandler implements EventHandler<'subscription-updated'> {
  readonly eventType = 'subscription-updated' as const;
  handle = applySubscriptionEvent;
}

@Injectable()
export class OnSubscriptionCancelledHandler implements EventHandler<'subscription-cancelled'> {
  readonly eventType = 'subscription-cancelled' as const;
  handle = applySubscriptionEvent;
}

export const subscriptionHandlers = [
  OnSubscriptionConfirmedHandler,
  OnSubscriptionUpdatedHandler,
  OnSubscriptionCancelledHandler,
];
