import Stripe from 'stripe';
import { RpcErrors } from '@kerf/platform';
import { TRIAL_DAYS, type PlanId } from '../plans/plans';
import type { Subscription, SubscriptionStatus } from '../subscriptions/subscription.entity';
import type { PaymentProvider, ProviderState, StartedSubscription } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  prices: Record<PlanId, string>;
  /** host, port and protocol of the API; unset, Stripe's own. */
  apiBase?: URL;
}

type StripeSubscription = Awaited<ReturnType<Stripe['subscriptions']['retrieve']>>;

/**
 * Stripe through its official library: a customer per user, a subscription
 * with a 7-day trial whose card is set up in the browser by Stripe.js with the
 * pending SetupIntent's client secret.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    const base = settings.apiBase;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    });
  }

  async start(input: {
    userId: string;
    email: string;
    providerCustomerId: string | null;
    plan: PlanId;
  }): Promise<StartedSubscription> {
    const customerId =
      input.providerCustomerId ??
      (
        await this.stripe.customers.create(
          { email: input.email || undefined, metadata: { userId: input.userId } },
          { idempotencyKey: `customer-${input.userId}` },
        )
      ).id;
    const subscription = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: this.settings.prices[input.plan] }],
      trial_period_days: TRIAL_DAYS,
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      // A trial that ends with no card on file is cancelled, not left unpaid.
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      expand: ['pending_setup_intent'],
      metadata: { userId: input.userId, plan: input.plan },
    });
    const intent = subscription.pending_setup_intent;
    if (!intent || typeof intent === 'string' || !intent.client_secret)
      throw RpcErrors.unavailable('The payment provider did not return a card setup. Please try again.');
    return {
      providerSubscriptionId: subscription.id,
      setupIntentId: intent.id,
      clientSecret: intent.client_secret,
      providerCustomerId: customerId,
    };
  }

  async setupOutcome(_manager: unknown, subscription: Subscription) {
    if (!subscription.setupIntentId) return { succeeded: false, message: 'No card setup was started.' };
    const intent = await this.stripe.setupIntents.retrieve(subscription.setupIntentId);
    if (intent.status === 'succeeded') return { succeeded: true };
    return { succeeded: false, message: intent.last_setup_error?.message ?? 'The card setup has not completed.' };
  }

  async beginTrial(subscription: Subscription): Promise<ProviderState> {
    return this.current(subscription);
  }

  async cancelAtPeriodEnd(subscription: Subscription): Promise<ProviderState> {
    return stripeState(
      await this.stripe.subscriptions.update(subscription.providerSubscriptionId!, { cancel_at_period_end: true }),
    );
  }

  async abandon(subscription: Subscription): Promise<void> {
    if (subscription.providerSubscriptionId)
      await this.stripe.subscriptions.cancel(subscription.providerSubscriptionId).catch(() => undefined);
  }

  /** Stripe charges and cancels on its own; its record is the truth (webhooks normally bring it sooner). */
  async afterPeriodEnd(_manager: unknown, subscription: Subscription): Promise<ProviderState> {
    return this.current(subscription);
  }

  async current(subscription: Subscription | string): Promise<ProviderState> {
    const id = typeof subscription === 'string' ? subscription : subscription.providerSubscriptionId!;
    return stripeState(await this.stripe.subscriptions.retrieve(id));
  }

  /** Verifies a webhook delivery's signature; throws INVALID_ARGUMENT when it does not match. */
  verifyWebhook(payload: string, signature: string): ReturnType<Stripe['webhooks']['constructEvent']> {
    try {
      return this.stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
    } catch {
      throw RpcErrors.invalid('Webhook signature verification failed.');
    }
  }
}

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/** Stripe's subscription, in Kerf's states. */
export function stripeState(subscription: StripeSubscription): ProviderState {
  const known: Record<string, SubscriptionStatus> = {
    trialing: 'trialing',
    active: 'active',
    past_due: 'past_due',
    incomplete: 'incomplete',
  };
  // canceled, incomplete_expired, unpaid and paused all leave the user without a plan.
  const status = known[subscription.status] ?? 'canceled';
  // Since API version 2025-03-31 the period lives on the subscription items.
  const periodEnd =
    subscription.items?.data?.[0]?.current_period_end ??
    (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    status,
    trialEnd: seconds(subscription.trial_end),
    currentPeriodEnd: status === 'canceled' ? null : seconds(periodEnd ?? subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}
