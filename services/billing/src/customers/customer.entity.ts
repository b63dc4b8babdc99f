import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Billing's record of a user, made when identity announces user-registered. */
@Entity('customers')
export class Customer {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  email!: string;

  /** The payment provider's customer id, once one is created. */
  @Column('text', { name: 'provider_customer_id', nullable: true })
  providerCustomerId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
