import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The local provider's stand-in for a Stripe SetupIntent: a card to be checked before the trial starts. */
@Entity('local_setup_intents')
export class LocalSetupIntent {
  @PrimaryColumn('text')
  id!: string;

  /** Handed to the browser like Stripe's client secret: `<id>_secret_<random>`. */
  @Column('text', { name: 'client_secret', unique: true })
  clientSecret!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  /** requires_payment_method or succeeded */
  @Column('text')
  status!: string;

  @Column('text', { name: 'card_brand', nullable: true })
  cardBrand!: string | null;

  @Column('text', { name: 'card_last4', nullable: true })
  cardLast4!: string | null;

  /** Stripe's 4000 0000 0000 0341: sets up, then every charge fails. */
  @Column('boolean', { name: 'fails_renewal', default: false })
  failsRenewal!: boolean;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
