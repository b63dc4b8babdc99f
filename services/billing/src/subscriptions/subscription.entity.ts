import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanId } from '../plans/plans';

/**
 * incomplete: created, waiting for the card setup; trialing and active: the
 * user is entitled; past_due: a renewal payment failed; canceled: over.
 */
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';

export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

@Entity('subscriptions')
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  plan!: PlanId;

  @Column('text')
  status!: SubscriptionStatus;

  /** local or stripe */
  @Column('text')
  provider!: string;

  @Column('text', { name: 'provider_subscription_id', nullable: true })
  providerSubscriptionId!: string | null;

  /** The setup intent whose success starts the trial. */
  @Column('text', { name: 'setup_intent_id', nullable: true })
  setupIntentId!: string | null;

  @Column('timestamptz', { name: 'trial_end', nullable: true })
  trialEnd!: Date | null;

  /** The end of the trial or of the paid period: the next billing date. */
  @Column('timestamptz', { name: 'current_period_end', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column('boolean', { name: 'cancel_at_period_end', default: false })
  cancelAtPeriodEnd!: boolean;

  /** When the provider's state this row reflects was true; older webhook events are ignored. */
  @Column('timestamptz', { name: 'provider_state_at', nullable: true })
  providerStateAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
