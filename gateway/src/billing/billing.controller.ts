import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Post,
  Req,
  UseGuards,
  type RawBodyRequest,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Subscription } from '@kerf/contracts/generated/kerf/billing';
import { BILLING, type Billing } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

const plan = z.string({ error: 'Choose a plan: monthly, quarterly or yearly.' });
const createBody = z.object({ plan }, { error: 'Send the plan as a JSON object' });
const confirmBody = z.object(
  { subscriptionId: z.string({ error: 'subscriptionId is required' }), plan },
  { error: 'Send the subscription as a JSON object' },
);
const wholeNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message),
  );
const cardBody = z.object(
  {
    clientSecret: z.string({ error: 'clientSecret is required' }),
    number: z.string({ error: 'Your card number is incomplete.' }),
    expMonth: wholeNumber("Your card's expiration month is invalid."),
    expYear: wholeNumber("Your card's expiration year is invalid."),
    cvc: z.string({ error: "Your card's security code is incomplete." }),
  },
  { error: 'Send the card as a JSON object' },
);

/** A subscription as the screens read it; money as a decimal string. */
function toSubscriptionResponse(subscription: Subscription) {
  return {
    id: subscription.id,
    plan: subscription.plan,
    status: subscription.status,
    amount: subscription.amount,
    currency: subscription.currency,
    trialEnd: subscription.trialEnd ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    createdAt: subscription.createdAt,
  };
}

/** SPEC §7 subscription calls, the local card form's setup confirmation, and Stripe's webhook. */
@Controller('api')
export class BillingController {
  constructor(@Inject(BILLING) private readonly billing: Billing) {}

  /** Which card form the screens show: Stripe's Payment Element with this key, or the local test form. */
  @Get('billing/config')
  async config() {
    const config = await this.billing.getBillingConfig({});
    return { provider: config.provider, publishableKey: config.publishableKey ?? null };
  }

  @Post('subscription/create')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async create(@Body() body: unknown) {
    const created = await this.billing.createSubscription(parseBody(createBody, body));
    return { clientSecret: created.clientSecret, subscriptionId: created.subscriptionId };
  }

  @Post('subscription/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async confirm(@Body() body: unknown) {
    const subscription = await this.billing.confirmSubscription(parseBody(confirmBody, body));
    return { success: true, subscription: toSubscriptionResponse(subscription) };
  }

  @Get('subscription')
  @UseGuards(SignedInGuard)
  async current() {
    const lookup = await this.billing.getSubscription({});
    return { subscription: lookup.found && lookup.subscription ? toSubscriptionResponse(lookup.subscription) : null };
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async cancel() {
    return { subscription: toSubscriptionResponse(await this.billing.cancelSubscription({})) };
  }

  /** The local provider's stand-in for Stripe.js confirmSetup: 200, 402 with the decline, or 400. */
  @Post('billing/local/setup-intents/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async confirmLocalSetupIntent(@Body() body: unknown) {
    return this.billing.confirmLocalSetupIntent(parseBody(cardBody, body));
  }

  /** Stripe's deliveries: verified against the raw bytes, so the body is never re-serialised. */
  @Post('billing/webhook')
  @HttpCode(200)
  async webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string) {
    if (!request.rawBody || !signature) throw new BadRequestException({ message: 'Missing Stripe signature or body.' });
    const result = await this.billing.handleStripeWebhook({ payload: request.rawBody.toString('utf8'), signature });
    return { received: result.received };
  }
}
