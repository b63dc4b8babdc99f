import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { BILLING, type Billing } from '../grpc/peer-clients';
import { LOGGER } from '../service/tokens';
import { Entitlement } from './entitlement.entity';

/** How long a check waits for billing before it keeps this service's own answer. */
const BILLING_DEADLINE_MS = 2_000;

/**
 * A service's reading of its users' plans, as billing's events left them in its
 * own `entitlements` table. Pass the manager of a transaction to read within it.
 *
 * The table follows billing by events, so for a moment after a user starts a
 * trial (or renews) it still says they have no plan. Where it says no, billing,
 * which holds the subscription itself, is asked before the user is refused
 * (docs/decisions/0020-entitlements-read-through.md); where it says yes, no call
 * is made.
 */
@Injectable()
export class Entitlements {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(BILLING) private readonly billing?: Billing,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** The user's row, or null when billing never announced a subscription of theirs. */
  of(userId: string, manager: EntityManager = this.dataSource.manager): Promise<Entitlement | null> {
    return manager.findOneBy(Entitlement, { userId });
  }

  /** A trial or subscription that has not lapsed (Entitlement.isActive). */
  async isActive(userId: string, manager?: EntityManager): Promise<boolean> {
    if ((await this.of(userId, manager))?.isActive()) return true;
    return (await this.fromBilling(userId))?.isActive() ?? false;
  }

  /** Neither a paid plan nor a trial that has not ended (Entitlement.isPaidOrTrial). */
  async isFreePlan(userId: string, manager?: EntityManager): Promise<boolean> {
    if ((await this.of(userId, manager))?.isPaidOrTrial()) return false;
    return !(await this.fromBilling(userId))?.isPaidOrTrial();
  }

  /**
   * The user's subscription as billing has it now (not stored: the table keeps
   * following the events), or null when they have none or billing does not answer.
   */
  private async fromBilling(userId: string): Promise<Entitlement | null> {
    if (!this.billing) return null;
    try {
      const { found, subscription } = await this.billing.getSubscription(
        {},
        { userId, deadlineMs: BILLING_DEADLINE_MS },
      );
      if (!found || !subscription) return null;
      return Object.assign(new Entitlement(), {
        userId,
        plan: subscription.plan,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null,
      });
    } catch (error) {
      this.logger?.warn({ err: error, userId }, 'billing did not answer a plan check; the local copy decides');
      return null;
    }
  }
}
