import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BILLING_CONFIG, type BillingConfig } from '../config';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Settles ended trials and periods on a timer (docs/decisions/0009): without
 * it, a trial nobody pays for would stay "active" as long as no webhook came.
 */
@Injectable()
export class SubscriptionSettlement implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SubscriptionSettlement');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly subscriptions: SubscriptionsService,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.runOnce(), this.config.BILLING_SWEEP_INTERVAL_MS);
    this.timer.unref();
    void this.runOnce();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = this.subscriptions
      .settleDue()
      .then((count) => {
        if (count) this.logger.log(`settled ${count} subscription(s) whose period ended`);
      })
      .catch((error: unknown) => this.logger.warn(`settling subscriptions failed: ${String(error)}`))
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
