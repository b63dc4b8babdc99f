import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThanOrEqual, Not, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { EventOutbox, RpcErrors, parseRequest, isId } from '@kerf/platform';
import type { SubscriptionEventData } from '@kerf/contracts';
import { Customer } from '../customers/customer.entity';
import { PLANS, PLAN_IDS, formatCents, CURRENCY, type PlanId } from '../plans/plans';
import { LocalPaymentProvider } from '../providers/local-provider';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderState } from '../providers/payment-provider';
import { LIVE_STATUSES, Subscription } from './subscription.entity';

const planSchema = z.enum(PLAN_IDS, { error: 'Choose a plan: monthly, quarterly or yearly.' });
const createSchema = z.object({ plan: planSchema });
const confirmSchema = z.object({
  subscriptionId: z.string({ error: 'subscriptionId is required' }).min(1, 'subscriptionId is required'),
  plan: planSchema,
});
const cardSchema = z.object({
  clientSecret: z.string().min(1, 'clientSecret is required'),
  number: z.string().min(1, 'Your card number is incomplete.').max(40, 'Your card number is invalid.'),
  expMonth: z.number({ error: "Your card's expiration month is invalid." }).int(),
  expYear: z.number({ error: "Your card's expiration year is invalid." }).int(),
  cvc: z.string().max(8, "Your card's security code is invalid."),
});

/** A subscription as the gateway and the screens read it. */
export interface SubscriptionView {
  id: string;
  plan: PlanId;
  status: string;
  amount: string;
  currency: string;
  trialEnd?: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd: boolean;
  createdAt: string;
}

export function toView(subscription: Subscription): SubscriptionView {
  return {
    id: subscription.id,
    plan: subscription.plan,
    status: subscription.status,
    amount: formatCents(PLANS[subscription.plan].priceCents),
    currency: CURRENCY,
    trialEnd: subscription.trialEnd?.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    createdAt: subscription.createdAt.toISOString(),
  };
}

/**
 * The subscribe flow of SPEC §4: create (card setup pending), confirm (trial
 * starts once the provider says the card is set up), cancel at period end,
 * and every change of state announced to identity and projects through the outbox.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(PAYMENT_PROVIDER) readonly provider: PaymentProvider,
  ) {}

  async create(userId: string, request: unknown): Promise<{ clientSecret: string; subscriptionId: string }> {
    const { plan } = parseRequest(createSchema, request);
    return this.dataSource.transaction(async (manager) => {
      // One subscribe flow at a time per user: the customer row is the lock.
      await manager.query(`INSERT INTO customers (user_id, email) VALUES ($1, '') ON CONFLICT (user_id) DO NOTHING`, [
        userId,
      ]);
      const customer = await manager.findOne(Customer, { where: { userId }, lock: { mode: 'pessimistic_write' } });
      if (await manager.existsBy(Subscription, { userId, status: In([...LIVE_STATUSES]) }))
        throw RpcErrors.conflict("You're already subscribed.", 'ALREADY_SUBSCRIBED');
      // A plan chosen earlier and never paid for is dropped, so only the newest card form counts.
      for (const stale of await manager.findBy(Subscription, { userId, status: 'incomplete' })) {
        await this.provider.abandon(stale);
        await manager.update(Subscription, { id: stale.id }, { status: 'canceled' });
      }
      const started = await this.provider.start({
        manager,
        userId,
        email: customer!.email,
        providerCustomerId: customer!.providerCustomerId,
        plan,
      });
      if (started.providerCustomerId && started.providerCustomerId !== customer!.providerCustomerId)
        await manager.update(Customer, { userId }, { providerCustomerId: started.providerCustomerId });
      const subscription = await manager.save(
        manager.create(Subscription, {
          userId,
          plan,
          status: 'incomplete',
          provider: this.provider.name,
          providerSubscriptionId: started.providerSubscriptionId,
          setupIntentId: started.setupIntentId,
        }),
      );
      return { clientSecret: started.clientSecret, subscriptionId: subscription.id };
    });
  }

  /** Starts the trial when the card setup succeeded; confirming again answers the same subscription. */
  async confirm(userId: string, request: unknown): Promise<SubscriptionView> {
    const input = parseRequest(confirmSchema, request);
    return this.dataSource.transaction(async (manager) => {
      const subscription = isId(input.subscriptionId)
        ? await manager.findOne(Subscription, {
            where: { id: input.subscriptionId, userId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!subscription) throw RpcErrors.notFound('Subscription not found.');
      if (subscription.plan !== input.plan)
        throw RpcErrors.invalid(`This subscription is for the ${subscription.plan} plan, not ${input.plan}.`);
      if (subscription.status !== 'incomplete') {
        if (subscription.status === 'canceled' && !subscription.trialEnd)
          throw RpcErrors.precondition({
            message: 'This subscription was replaced by a newer one. Choose your plan again.',
            code: 'SUBSCRIPTION_REPLACED',
          });
        return toView(subscription);
      }
      const outcome = await this.provider.setupOutcome(manager, subscription);
      if (!outcome.succeeded)
        throw RpcErrors.precondition({
          message: `Your card has not been set up: ${outcome.message}`,
          code: 'CARD_SETUP_INCOMPLETE',
        });
      const state = await this.provider.beginTrial(subscription);
      return toView(await this.apply(manager, subscription, state, new Date(), 'subscription-confirmed'));
    });
  }

  /** The live subscription, else the last one that ran (a plan replaced before it was paid for never ran). */
  async current(userId: string): Promise<SubscriptionView | null> {
    const repository = this.dataSource.getRepository(Subscription);
    const subscription =
      (await repository.findOneBy({ userId, status: In([...LIVE_STATUSES]) })) ??
      (await repository.findOne({
        where: { userId, status: 'canceled', trialEnd: Not(IsNull()) },
        order: { updatedAt: 'DESC' },
      }));
    return subscription ? toView(subscription) : null;
  }

  async cancel(userId: string): Promise<SubscriptionView> {
    return this.dataSource.transaction(async (manager) => {
      const subscription = await manager.findOne(Subscription, {
        where: { userId, status: In([...LIVE_STATUSES]) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!subscription) throw RpcErrors.notFound('You have no subscription to cancel.');
      if (subscription.cancelAtPeriodEnd) return toView(subscription);
      const state = await this.provider.cancelAtPeriodEnd(subscription);
      return toView(await this.apply(manager, subscription, state, new Date()));
    });
  }

  /** The local provider's confirmSetup (Stripe.js does this against Stripe itself). */
  async confirmLocalSetup(userId: string, request: unknown): Promise<void> {
    if (!(this.provider instanceof LocalPaymentProvider))
      throw RpcErrors.precondition({ message: 'Cards are set up with Stripe on this server.', code: 'NOT_LOCAL' });
    const card = parseRequest(cardSchema, request);
    const provider = this.provider;
    await this.dataSource.transaction((manager) => provider.confirmSetup(manager, userId, card));
  }

  /**
   * Settles trials and periods that have ended: the local provider charges the
   * card on file or ends the subscription; with Stripe, its record is fetched.
   * Rows locked by another replica are skipped.
   */
  async settleDue(now = new Date(), limit = 50): Promise<number> {
    let settled = 0;
    for (;;) {
      const done = await this.dataSource.transaction(async (manager) => {
        const due = await manager.find(Subscription, {
          where: { status: In([...LIVE_STATUSES]), currentPeriodEnd: LessThanOrEqual(now) },
          lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
          take: limit,
        });
        for (const subscription of due) {
          const state = await this.provider.afterPeriodEnd(manager, subscription, now);
          await this.apply(manager, subscription, state, now);
        }
        return due.length;
      });
      settled += done;
      if (done < limit) return settled;
    }
  }

  /** Updates a subscription by its provider id to the provider's state as of `asOf` (webhooks). */
  async applyProviderState(
    manager: EntityManager,
    providerSubscriptionId: string,
    state: ProviderState,
    asOf: Date,
  ): Promise<boolean> {
    const subscription = await manager.findOne(Subscription, {
      where: { providerSubscriptionId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!subscription) return false;
    if (subscription.providerStateAt && subscription.providerStateAt > asOf) return false;
    // Until Kerf has seen the card set up, only an ending counts: Stripe calls a card-less trial 'trialing' too.
    if (subscription.status === 'incomplete' && state.status !== 'canceled') return false;
    await this.apply(manager, subscription, state, asOf);
    return true;
  }

  /** Saves the new state and announces it when the user would notice. */
  private async apply(
    manager: EntityManager,
    subscription: Subscription,
    state: ProviderState,
    asOf: Date,
    type?: 'subscription-confirmed',
  ): Promise<Subscription> {
    const before = JSON.stringify([
      subscription.status,
      subscription.currentPeriodEnd?.getTime(),
      subscription.cancelAtPeriodEnd,
    ]);
    subscription.status = state.status;
    subscription.trialEnd = state.trialEnd ?? subscription.trialEnd;
    subscription.currentPeriodEnd = state.currentPeriodEnd;
    subscription.cancelAtPeriodEnd = state.cancelAtPeriodEnd;
    subscription.providerStateAt = asOf;
    const saved = await manager.save(subscription);
    const after = JSON.stringify([saved.status, saved.currentPeriodEnd?.getTime(), saved.cancelAtPeriodEnd]);
    const eventType =
      type ??
      (after === before ? null : saved.status === 'canceled' ? 'subscription-cancelled' : 'subscription-updated');
    if (eventType) {
      const data: SubscriptionEventData = {
        userId: saved.userId,
        plan: saved.plan,
        status: saved.status,
        currentPeriodEnd: saved.currentPeriodEnd?.toISOString() ?? null,
      };
      await this.outbox.add(manager, eventType, data);
    }
    return saved;
  }
}
