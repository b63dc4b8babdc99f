import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@kerf/platform';
import { BILLING_CONFIG, loadBillingConfig, paymentProviderFor, type BillingConfig } from './config';
import { Customer } from './customers/customer.entity';
import { CustomersGrpcController } from './customers/customers.grpc.controller';
import { OnUserRegisteredHandler } from './customers/on-user-registered.handler';
import { LocalSetupIntent } from './providers/local-setup-intent.entity';
import { PAYMENT_PROVIDER } from './providers/payment-provider';
import { Subscription } from './subscriptions/subscription.entity';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { SubscriptionsGrpcController } from './subscriptions/subscriptions.grpc.controller';
import { SubscriptionSettlement } from './subscriptions/settlement';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';
import { WebhookEvent } from './webhooks/webhook-event.entity';
import { CreateCustomers1763800200000 } from './migrations/1763800200000-create-customers';
import { CreateSubscriptions1763800700000 } from './migrations/1763800700000-create-subscriptions';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'billing',
      entities: [Customer, Subscription, LocalSetupIntent, WebhookEvent],
      migrations: [CreateCustomers1763800200000, CreateSubscriptions1763800700000],
      eventHandlers: [OnUserRegisteredHandler],
    }),
    TypeOrmModule.forFeature([Customer]),
  ],
  controllers: [CustomersGrpcController, SubscriptionsGrpcController],
  providers: [
    { provide: BILLING_CONFIG, useFactory: loadBillingConfig },
    {
      provide: PAYMENT_PROVIDER,
      inject: [BILLING_CONFIG],
      useFactory: (config: BillingConfig) => paymentProviderFor(config),
    },
    OnUserRegisteredHandler,
    SubscriptionsService,
    StripeWebhooksService,
    SubscriptionSettlement,
  ],
})
export class AppModule {}
