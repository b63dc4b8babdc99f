import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';

const SUBSCRIPTION_EVENTS = ['subscription-confirmed', 'subscription-updated', 'subscription-cancelled'] as const;
type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

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
export class OnSubscriptionChangedHandler implements EventHandler<SubscriptionEvent> {
  readonly eventTypes = SUBSCRIPTION_EVENTS;
  handle = applySubscriptionEvent;
}
