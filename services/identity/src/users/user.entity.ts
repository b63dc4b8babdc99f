import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A Kerf account (SPEC §3 users). The username is the e-mail, stored trimmed and lower-cased. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { unique: true })
  username!: string;

  /** argon2id hash; never leaves the service. */
  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text', { name: 'first_name', nullable: true })
  firstName!: string | null;

  @Column('text', { name: 'last_name', nullable: true })
  lastName!: string | null;

  @Column('text', { name: 'subscription_tier', nullable: true, default: 'free' })
  subscriptionTier!: string | null;

  @Column('timestamptz', { name: 'subscription_expires_at', nullable: true })
  subscriptionExpiresAt!: Date | null;

  @Column('text', { name: 'stripe_customer_id', nullable: true })
  stripeCustomerId!: string | null;

  @Column('text', { name: 'stripe_subscription_id', nullable: true })
  stripeSubscriptionId!: string | null;

  @Column('boolean', { name: 'email_verified', default: false })
  emailVerified!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
