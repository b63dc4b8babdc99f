import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Entitlement } from './entitlement.entity';

/**
 * A service's reading of its users' plans, as billing's events left them in its
 * own `entitlements` table. Pass the manager of a transaction to read within it.
 */
@Injectable()
export class Entitlements {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's row, or null when billing never announced a subscription of theirs. */
  of(userId: string, manager: EntityManager = this.dataSource.manager): Promise<Entitlement | null> {
    return manager.findOneBy(Entitlement, { userId });
  }

  /** A trial or subscription that has not lapsed (Entitlement.isActive). */
  async isActive(userId: string, manager?: EntityManager): Promise<boolean> {
    return (await this.of(userId, manager))?.isActive() ?? false;
  }

  /** Neither a paid plan nor a trial that has not ended (Entitlement.isPaidOrTrial). */
  async isFreePlan(userId: string, manager?: EntityManager): Promise<boolean> {
    return !(await this.of(userId, manager))?.isPaidOrTrial();
  }
}
