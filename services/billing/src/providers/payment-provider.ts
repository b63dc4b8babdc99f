import type { EntityManager } from 'typeorm';
import type { PlanId } from '../plans/plans';
import type { Subscription, SubscriptionStatus } from '../subscriptions/subscription.entity';

/** What a provider knows of a subscription, mapped onto Kerf's states. */
export interface ProviderState {
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface StartedSubscription {
  providerSubscriptionId: string;
  setupIntentId: string;
  /** For the browser's card setup (Stripe.js confirmSetup, or the local card form). */
  clientSecret: string;
  providerCustomerId?: string;
}

/**
 * The payment provider behind subscriptions: Stripe when its keys are set,
 * otherwise the local one that behaves like Stripe's test mode.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  readonly publishableKey?: string;
  start(input: {
    manager: EntityManager;
    userId: string;
    email: string;
    providerCustomerId: string | null;
    plan: PlanId;
  }): Promise<StartedSubscription>;
  /** Whether the card setup of this subscription succeeded, and the provider's message when not. */
  setupOutcome(manager: EntityManager, subscription: Subscription): Promise<{ succeeded: boolean; message?: string }>;
  /** The state once the card is set up: the trial has begun. */
  beginTrial(subscription: Subscription): Promise<ProviderState>;
  cancelAtPeriodEnd(subscription: Subscription): Promise<ProviderState>;
  /** Drops a subscription whose card was never set up. */
  abandon(subscription: Subscription): Promise<void>;
  /**
   * The state after the period end has passed: the provider's own record
   * (Stripe), or the renewal charge the local provider makes itself.
   */
  afterPeriodEnd(manager: EntityManager, subscription: Subscription, now: Date): Promise<ProviderState>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
