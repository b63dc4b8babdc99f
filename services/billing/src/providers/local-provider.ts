import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { RpcErrors } from '@kerf/platform';
import { PLANS, TRIAL_DAYS, addMonths } from '../plans/plans';
import type { Subscription } from '../subscriptions/subscription.entity';
import { LocalSetupIntent } from './local-setup-intent.entity';
import type { PaymentProvider, ProviderState, StartedSubscription } from './payment-provider';
import { checkCard } from './test-cards';

const DAY_MS = 86_400_000;

/**
 * The provider with no Stripe keys: Stripe's test mode, played locally. The
 * browser's card form confirms the setup intent (the stand-in for Stripe.js's
 * confirmSetup); at the end of each period the card on file is "charged",
 * which succeeds unless it is the test card whose charges fail.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  async start({ manager, userId }: { manager: EntityManager; userId: string }): Promise<StartedSubscription> {
    const id = `seti_local_${randomUUID().replaceAll('-', '')}`;
    const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
    await manager.insert(LocalSetupIntent, { id, clientSecret, userId, status: 'requires_payment_method' });
    return { providerSubscriptionId: `sub_local_${randomUUID().replaceAll('-', '')}`, setupIntentId: id, clientSecret };
  }

  /** Checks the card like Stripe's test mode; a declined card is remembered as the intent's last error. */
  async confirmSetup(
    manager: EntityManager,
    userId: string,
    input: { clientSecret: string; number: string; expMonth: number; expYear: number; cvc: string },
  ): Promise<void> {
    const intent = await manager.findOne(LocalSetupIntent, {
      where: { clientSecret: input.clientSecret, userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!intent) throw RpcErrors.notFound('This payment form has expired. Choose your plan again.');
    if (intent.status === 'succeeded') return;
    const card = checkCard(input);
    if (!card.ok && card.kind === 'malformed') throw RpcErrors.invalid(card.message);
    if (!card.ok) {
      await manager.update(LocalSetupIntent, { id: intent.id }, { lastError: card.message });
      throw RpcErrors.precondition({ message: card.message, code: 'CARD_DECLINED' });
    }
    await manager.update(
      LocalSetupIntent,
      { id: intent.id },
      {
        status: 'succeeded',
        cardBrand: card.brand,
        cardLast4: card.last4,
        failsRenewal: card.failsRenewal,
        lastError: null,
      },
    );
  }

  async setupOutcome(manager: EntityManager, subscription: Subscription) {
    const intent = await manager.findOneBy(LocalSetupIntent, { id: subscription.setupIntentId ?? '' });
    if (intent?.status === 'succeeded') return { succeeded: true };
    return { succeeded: false, message: intent?.lastError ?? 'No card has been entered yet.' };
  }

  async beginTrial(): Promise<ProviderState> {
    const trialEnd = new Date(Date.now() + TRIAL_DAYS * DAY_MS);
    return { status: 'trialing', trialEnd, currentPeriodEnd: trialEnd, cancelAtPeriodEnd: false };
  }

  async cancelAtPeriodEnd(subscription: Subscription): Promise<ProviderState> {
    return { ...stateOf(subscription), cancelAtPeriodEnd: true };
  }

  async abandon(): Promise<void> {}

  async afterPeriodEnd(manager: EntityManager, subscription: Subscription, now: Date): Promise<ProviderState> {
    const state = stateOf(subscription);
    if (subscription.cancelAtPeriodEnd) return { ...state, status: 'canceled', currentPeriodEnd: null };
    const intent = await manager.findOneBy(LocalSetupIntent, { id: subscription.setupIntentId ?? '' });
    // No payment: the subscription lapses and the user returns to no subscription.
    if (!intent || intent.status !== 'succeeded' || intent.failsRenewal)
      return { ...state, status: 'canceled', currentPeriodEnd: null };
    // Paid: the next period starts where the last one ended (catching up if the service was down).
    let periodEnd = subscription.currentPeriodEnd ?? now;
    do periodEnd = addMonths(periodEnd, PLANS[subscription.plan].months);
    while (periodEnd <= now);
    return { ...state, status: 'active', currentPeriodEnd: periodEnd };
  }
}

export function stateOf(subscription: Subscription): ProviderState {
  return {
    status: subscription.status,
    trialEnd: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
