import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RpcErrors } from '@kerf/platform';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { StripePaymentProvider } from '../providers/stripe-provider';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

/** The Stripe events that can change what a user is entitled to. */
const HANDLED = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * Stripe webhooks: the signature is checked against the raw body, each event
 * id is handled once, and the subscription's state is then read back from
 * Stripe, so events arriving late or out of order cannot roll it back.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger('StripeWebhooks');

  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async handle(payload: string, signature: string): Promise<{ received: boolean; applied: boolean }> {
    if (!(this.provider instanceof StripePaymentProvider))
      throw RpcErrors.precondition({ message: 'Stripe is not configured on this server.', code: 'NOT_STRIPE' });
    const stripe = this.provider;
    const event = stripe.verifyWebhook(payload, signature);
    const subscriptionId = HANDLED.has(event.type) ? subscriptionIdOf(event.data.object) : null;
    // Read before the transaction: no network call while rows are locked.
    const state = subscriptionId ? await stripe.current(subscriptionId) : null;
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO webhook_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (!inserted.length) return { received: true, applied: false };
      const applied =
        !!subscriptionId &&
        !!state &&
        (await this.subscriptions.applyProviderState(manager, subscriptionId, state, new Date()));
      this.logger.log(`stripe ${event.type} ${event.id}${applied ? ' applied' : ''}`);
      return { received: true, applied };
    });
  }
}

/** The subscription an event is about: the object itself, or an invoice's subscription (either API shape). */
function subscriptionIdOf(object: unknown): string | null {
  const value = object as {
    object?: string;
    id?: string;
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  if (value.object === 'subscription') return value.id ?? null;
  const reference = value.parent?.subscription_details?.subscription ?? value.subscription;
  if (!reference) return null;
  return typeof reference === 'string' ? reference : reference.id;
}
