import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One row per event a consumer has handled, so a redelivery changes nothing. */
@Entity('processed_events')
export class ProcessedEvent {
  @PrimaryColumn('text')
  consumer!: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId!: string;

  @Column('text', { name: 'event_type' })
  eventType!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
