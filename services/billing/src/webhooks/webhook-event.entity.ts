import { CreateDateColumn, Entity, PrimaryColumn, Column } from 'typeorm';

/** A Stripe webhook event already handled: a redelivery of the same id changes nothing. */
@Entity('webhook_events')
export class WebhookEvent {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  type!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
