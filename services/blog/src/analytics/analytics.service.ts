import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Page views and unique visitors per post per day (UTC), and the post's running view count. */
@Injectable()
export class AnalyticsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts one page view of a post: its view count, today's page views, and
   * today's unique visitors when this visitor key was not seen today. Returns
   * the post's new view count. One statement, so concurrent views never lose a count.
   */
  async recordView(postId: string, visitor: string): Promise<number> {
    const rows: Array<{ view_count: number }> = await this.dataSource.query(
      `WITH today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS date),
       seen AS (
         INSERT INTO blog_daily_visitors (post_id, date, visitor)
         SELECT $1, today.date, $2 FROM today WHERE $2 <> ''
         ON CONFLICT DO NOTHING
         RETURNING 1
       ),
       daily AS (
         INSERT INTO blog_analytics (post_id, date, page_views, unique_visitors)
         SELECT $1, today.date, 1, (SELECT count(*) FROM seen) FROM today
         ON CONFLICT (post_id, date) DO UPDATE SET
           page_views = blog_analytics.page_views + 1,
           unique_visitors = blog_analytics.unique_visitors + EXCLUDED.unique_visitors
       ),
       counted AS (UPDATE blog_posts SET view_count = view_count + 1 WHERE id = $1 RETURNING view_count)
       SELECT view_count FROM counted`,
      [postId, visitor],
    );
    return rows[0]?.view_count ?? 0;
  }

  /** Drops visitor keys older than yesterday: they only decide who is new today. */
  async forgetOldVisitors(): Promise<void> {
    await this.dataSource.query(`DELETE FROM blog_daily_visitors WHERE date < (now() AT TIME ZONE 'UTC')::date - 1`);
  }
}
