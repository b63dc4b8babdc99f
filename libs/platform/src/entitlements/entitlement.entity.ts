import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The table `Entitlement` maps, for the migration of each service that keeps entitlements in its own database. */
export const CREATE_ENTITLEMENTS_TABLE = `
  CREATE TABLE entitlements (
    user_id uuid PRIMARY KEY,
    plan text NOT NULL,
    status text NOT NULL,
    current_period_end timestamptz,
    as_of timestamptz NOT NULL
  )`;

/**
 * What a service knows of a user's subscription, kept from billing's
 * subscription-* events in its own `entitlements` table (one per service
 * database; each service's migration creates it), so deciding what the user may
 * do needs no call to billing or identity.
 */
@Entity('entitlements')
export class Entitlement {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  plan!: string;

  @Column('text')
  status!: string;

  @Column('timestamptz', { name: 'current_period_end', nullable: true })
  currentPeriodEnd!: Date | null;

  /** When the event this row reflects happened; older events arriving late are ignored. */
  @Column('timestamptz', { name: 'as_of' })
  asOf!: Date;

  /**
   * A trial or subscription whose period has not ended (without a period end:
   * active or trialing). Projects asks this before a project is created.
   */
  isActive(now = new Date()): boolean {
    if (this.currentPeriodEnd) return this.currentPeriodEnd > now;
    return this.status === 'active' || this.status === 'trialing';
  }

  /**
   * A paid plan (active, or past due while the payment is retried, ADR 0009) or
   * a trial that has not ended. Anyone else is on the free plan: documents holds
   * their uploads to the free plan's size.
   */
  isPaidOrTrial(now = new Date()): boolean {
    if (this.status === 'active' || this.status === 'past_due') return true;
    return this.status === 'trialing' && !!this.currentPeriodEnd && this.currentPeriodEnd > now;
  }
}
