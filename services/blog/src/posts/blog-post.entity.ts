import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type BlogPostStatus = 'draft' | 'published';

/**
 * A blog article (SPEC §3 blog_posts). Public when its status is published and
 * its publication time has come; a draft with `scheduledFor` is published by
 * the scheduled publisher when that time arrives.
 */
@Entity('blog_posts')
export class BlogPost {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  title!: string;

  @Column('text', { unique: true })
  slug!: string;

  /** Sanitised HTML, rendered from the Markdown source. */
  @Column('text')
  content!: string;

  @Column('text')
  excerpt!: string;

  @Column('text', { name: 'meta_description', nullable: true })
  metaDescription!: string | null;

  @Column('text', { array: true })
  keywords!: string[];

  @Column('text', { name: 'seo_keywords', array: true })
  seoKeywords!: string[];

  @Column('text')
  category!: string;

  @Column('text', { array: true })
  tags!: string[];

  @Column('text', { name: 'featured_image', nullable: true })
  featuredImage!: string | null;

  @Column('text', { default: 'draft' })
  status!: BlogPostStatus;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  @Column('timestamptz', { name: 'scheduled_for', nullable: true })
  scheduledFor!: Date | null;

  /** Minutes, from the word count at 200 words a minute. */
  @Column('integer', { name: 'reading_time' })
  readingTime!: number;

  @Column('integer', { name: 'view_count', default: 0 })
  viewCount!: number;

  @Column('boolean', { name: 'generated_by_ai', default: false })
  generatedByAi!: boolean;

  @Column('uuid', { name: 'author_id', nullable: true })
  authorId!: string | null;

  /** The content file the post was imported from, relative to the content folder. */
  @Column('text', { name: 'source_path', nullable: true })
  sourcePath!: string | null;

  /** Hash of the source file and renderer version: an unchanged file is not written again. */
  @Column('text', { name: 'source_hash', nullable: true })
  sourceHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
