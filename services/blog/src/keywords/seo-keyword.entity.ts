import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A search keyword the blog targets (SPEC §3 seo_keywords). The content import
 * records every keyword its articles use, with how many published articles use
 * it and when one last did. Difficulty, volume, competitiveness and intent come
 * from keyword research and stay empty until someone supplies them.
 */
@Entity('seo_keywords')
export class SeoKeyword {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { unique: true })
  keyword!: string;

  @Column('text', { nullable: true })
  category!: string | null;

  @Column('integer', { nullable: true })
  difficulty!: number | null;

  @Column('integer', { name: 'search_volume', nullable: true })
  searchVolume!: number | null;

  @Column('text', { nullable: true })
  competitiveness!: string | null;

  @Column('text', { nullable: true })
  intent!: string | null;

  @Column('timestamptz', { name: 'last_used', nullable: true })
  lastUsed!: Date | null;

  @Column('integer', { name: 'use_count', default: 0 })
  useCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
