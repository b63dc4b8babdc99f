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
import { answer, billingRoutes } from '@kerf/contracts/http';
import { BILLING, type Billing } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** SPEC §7 subscription calls, the local card form's setup confirmation, and Stripe's webhook. */
@Controller('api')
export class BillingController {
  constructor(@Inject(BILLING) private readonly billing: Billing) {}

  /** Which card form the screens show: Stripe's Payment Element with this key, or the local test form. */
  @Get('billing/config')
  async config() {
    const config = await this.billing.getBillingConfig({});
    return answer(billingRoutes.config, config);
  }

  @Post('subscription/create')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async create(@Body() body: unknown) {
    const created = await this.billing.createSubscription(parseBody(billingRoutes.create.body, body));
    return answer(billingRoutes.create, created);
  }

  @Post('subscription/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async confirm(@Body() body: unknown) {
    const subscription = await this.billing.confirmSubscription(parseBody(billingRoutes.confirm.body, body));
    return answer(billingRoutes.confirm, { success: true, subscription });
  }

  @Get('subscription')
  @UseGuards(SignedInGuard)
  async current() {
    const lookup = await this.billing.getSubscription({});
    return answer(billingRoutes.current, {
      subscription: lookup.found && lookup.subscription ? lookup.subscription : null,
    });
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async cancel() {
    return answer(billingRoutes.cancel, { subscription: await this.billing.cancelSubscription({}) });
  }

  /** The local provider's stand-in for Stripe.js confirmSetup: 200, 402 with the decline, or 400. */
  @Post('billing/local/setup-intents/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async confirmLocalSetupIntent(@Body() body: unknown) {
    return answer(
      billingRoutes.confirmLocalSetupIntent,
      await this.billing.confirmLocalSetupIntent(parseBody(billingRoutes.confirmLocalSetupIntent.body, body)),
    );
  }

  /** Stripe's deliveries: verified against the raw bytes, so the body is never re-serialised. */
  @Post('billing/webhook')
  @HttpCode(200)
  async webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string) {
    if (!request.rawBody || !signature) throw new BadRequestException({ message: 'Missing Stripe signature or body.' });
    const { received } = await this.billing.handleStripeWebhook({
      payload: request.rawBody.toString('utf8'),
      signature,
    });
    // Stripe reads only that it arrived; whether this delivery was new (`applied`) stays between the services.
    return answer(billingRoutes.webhook, { received });
  }
}
