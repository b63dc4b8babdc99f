import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** SPEC §3 messages: the user's questions and the assistant's replies of a project, in order. */
@Entity('messages')
export class Message {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Insertion order: two messages of the same instant still come back in the order they were stored. */
  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  content!: string;

  /** user or ai */
  @Column('text')
  sender!: string;

  /** text or file */
  @Column('text', { default: 'text' })
  type!: string;

  @Column('uuid', { name: 'document_id', nullable: true })
  documentId!: string | null;

  /** For a reply: the quantities it states, each with its source. */
  @Column('jsonb', { default: () => `'{}'::jsonb` })
  metadata!: Record<string, unknown>;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
