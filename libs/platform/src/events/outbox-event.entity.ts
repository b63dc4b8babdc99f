import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';

/** An event written in the same transaction as the change it announces, until the relay publishes it. */
@Entity('outbox')
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  type!: string;

  @Column('jsonb')
  envelope!: EventEnvelope;

  @Column('text', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;
}
