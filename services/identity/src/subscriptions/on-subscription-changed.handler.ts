import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';

type SubscriptionEvent = 'subscription-confirmed' | 'subscription-updated' | 'subscription-cancelled';

/**
 * The user's subscriptionTier and subscriptionExpiresAt follow billing (SPEC §4):
 * a trial is no paid tier ('free') with the trial end as expiry; a paid plan is
 * its tier with the next billing date; an ended subscription is 'free' with no
 * date. Events may arrive twice or out of order: an older one changes nothing.
 */
async function applySubscriptionEvent(event: EventEnvelope<SubscriptionEvent>, manager: EntityManager): Promise<void> {
  const { userId, plan, status, currentPeriodEnd } = event.data;
  const paid = status === 'active' || status === 'past_due';
  const live = paid || status === 'trialing';
  await manager.query(
    `UPDATE users SET subscription_tier = $2, subscription_expires_at = $3, subscription_as_of = $4
      WHERE id = $1 AND (subscription_as_of IS NULL OR subscription_as_of <= $4)`,
    [userId, paid ? plan : 'free', live ? currentPeriodEnd : null, event.occurredAt],
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
