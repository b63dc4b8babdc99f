import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { actingUserId } from '@kerf/platform';
import {
  BILLING_SERVICE_NAME,
  type BillingConfig,
  type ConfirmSubscriptionRequest,
  type CreateSubscriptionRequest,
  type CreatedSubscription,
  type LocalSetupIntentConfirmation,
  type LocalSetupIntentResult,
  type StripeWebhook,
  type Subscription,
  type SubscriptionLookup,
  type WebhookResult,
} from '@kerf/contracts/generated/kerf/billing';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';
import { SubscriptionsService } from './subscriptions.service';

@Controller()
export class SubscriptionsGrpcController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly webhooks: StripeWebhooksService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  @GrpcMethod(BILLING_SERVICE_NAME, 'getBillingConfig')
  getBillingConfig(): BillingConfig {
    return { provider: this.provider.name, publishableKey: this.provider.publishableKey };
  }

  @GrpcMethod(BILLING_SERVICE_NAME, 'createSubscription')
  createSubscription(request: CreateSubscriptionRequest): Promise<CreatedSubscription> {
    return this.subscriptions.create(actingUserId(), request);
  }

  @GrpcMethod(BILLING_SERVICE_NAME, 'confirmSubscription')
  confirmSubscription(request: ConfirmSubscriptionRequest): Promise<Subscription> {
    return this.subscriptions.confirm(actingUserId(), request);
  }

  @GrpcMethod(BILLING_SERVICE_NAME, 'getSubscription')
  async getSubscription(): Promise<SubscriptionLookup> {
    const subscription = await this.subscriptions.current(actingUserId());
    return subscription ? { found: true, subscription } : { found: false, subscription: undefined };
  }

  @GrpcMethod(BILLING_SERVICE_NAME, 'cancelSubscription')
  cancelSubscription(): Promise<Subscription> {
    return this.subscriptions.cancel(actingUserId());
  }

  @GrpcMethod(BILLING_SERVICE_NAME, 'confirmLocalSetupIntent')
  async confirmLocalSetupIntent(request: LocalSetupIntentConfirmation): Promise<LocalSetupIntentResult> {
    await this.subscriptions.confirmLocalSetup(actingUserId(), request);
    return { status: 'succeeded' };
  }

  /** Called by the gateway for Stripe's deliveries: no acting user, the signature is the authority. */
  @GrpcMethod(BILLING_SERVICE_NAME, 'handleStripeWebhook')
  handleStripeWebhook(request: StripeWebhook): Promise<WebhookResult> {
    return this.webhooks.handle(request.payload ?? '', request.signature ?? '');
  }
}
