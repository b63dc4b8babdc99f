import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What projects knows of a user's subscription, kept from billing's
 * subscription-* events, so creating a project needs no call to billing.
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

  /** A trial or subscription that has not lapsed. */
  isActive(now = new Date()): boolean {
    if (this.currentPeriodEnd) return this.currentPeriodEnd > now;
    return this.status === 'active' || this.status === 'trialing';
  }
}
