import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Per post per day (UTC): page views and unique visitors (SPEC §3 blog_analytics). */
@Entity('blog_analytics')
export class BlogAnalytics {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'post_id' })
  postId!: string;

  @Column('date')
  date!: string;

  @Column('integer', { name: 'page_views', default: 0 })
  pageViews!: number;

  @Column('integer', { name: 'unique_visitors', default: 0 })
  uniqueVisitors!: number;

  /** Percent, precision 5 scale 2; not measured yet. */
  @Column('numeric', { name: 'bounce_rate', precision: 5, scale: 2, nullable: true })
  bounceRate!: string | null;

  /** Seconds; not measured yet. */
  @Column('integer', { name: 'avg_time_on_page', nullable: true })
  avgTimeOnPage!: number | null;

  @Column('integer', { name: 'social_shares', default: 0 })
  socialShares!: number;

  @Column('integer', { default: 0 })
  comments!: number;
}
