import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostSource } from '../content/markdown';

/** A blog_posts row as the queries below select it (content only where asked for). */
export interface PostRow {
  id: string;
  title: string;
  slug: string;
  content?: string;
  excerpt: string;
  meta_description: string | null;
  keywords: string[];
  seo_keywords: string[];
  category: string;
  tags: string[];
  featured_image: string | null;
  status: 'draft' | 'published';
  published_at: Date | null;
  scheduled_for: Date | null;
  reading_time: number;
  view_count: number;
  generated_by_ai: boolean;
  author_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const SUMMARY = `p.id, p.title, p.slug, p.excerpt, p.meta_description, p.keywords, p.seo_keywords, p.category, p.tags,
  p.featured_image, p.status, p.published_at, p.scheduled_for, p.reading_time, p.view_count, p.generated_by_ai,
  p.author_id, p.created_at, p.updated_at`;

/** What makes a post public: published, and its publication time has come. */
const PUBLIC = `p.status = 'published' AND p.published_at <= now()`;

export interface CategoryCountRow {
  category: string;
  count: number;
}

/** blog_posts, with one method per question the service asks. */
@Injectable()
export class PostsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page of public posts, newest first, optionally in one category. */
  findPublicPage(offset: number, limit: number, category?: string): Promise<PostRow[]> {
    return this.dataSource.query(
      `SELECT ${SUMMARY} FROM blog_posts p
        WHERE ${PUBLIC} AND ($3::text IS NULL OR p.category = $3)
        ORDER BY p.published_at DESC, p.id DESC
        LIMIT $1 OFFSET $2`,
      [limit, offset, category ?? null],
    );
  }

  /** Every public post without its body, newest first. */
  findAllPublic(): Promise<PostRow[]> {
    return this.dataSource.query(
      `SELECT ${SUMMARY} FROM blog_posts p WHERE ${PUBLIC} ORDER BY p.published_at DESC, p.id DESC`,
    );
  }

  /** Each category with its number of public posts, by name. */
  async countPublicByCategory(): Promise<CategoryCountRow[]> {
    return this.dataSource.query(
      `SELECT p.category, count(*)::int AS count FROM blog_posts p WHERE ${PUBLIC}
        GROUP BY p.category ORDER BY p.category`,
    );
  }

  /**
   * Public posts matching every term (each as a prefix), best first: a match in
   * the title before any other, then ts_rank over the weighted document
   * (title A, tags and keywords B, excerpt C, body D), then the newest.
   */
  searchPublic(terms: string[], limit: number): Promise<PostRow[]> {
    const query = terms.map((term) => `${term}:*`).join(' & ');
    return this.dataSource.query(
      `WITH q AS (SELECT to_tsquery('english', $1) AS query)
       SELECT ${SUMMARY} FROM blog_posts p, q
        WHERE ${PUBLIC} AND p.search_vector @@ q.query
        ORDER BY (to_tsvector('english', p.title) @@ q.query) DESC,
                 ts_rank(p.search_vector, q.query) DESC,
                 p.published_at DESC
        LIMIT $2`,
      [query, limit],
    );
  }

  async findPublicBySlug(slug: string): Promise<PostRow | undefined> {
    const rows: PostRow[] = await this.dataSource.query(
      `SELECT ${SUMMARY}, p.content FROM blog_posts p WHERE p.slug = $1 AND ${PUBLIC}`,
      [slug],
    );
    return rows[0];
  }

  /**
   * Writes an imported article by slug: inserted when new, updated when its
   * source changed, left alone (no write at all) when the source is the same.
   * Views, creation time and a publication date already given are kept.
   */
  async upsertFromSource(source: PostSource, sourcePath: string): Promise<'inserted' | 'updated' | 'unchanged'> {
    const publishAt = source.status === 'published' ? (source.scheduledFor ?? source.publishedAt) : null;
    const rows: Array<{ inserted: boolean }> = await this.dataSource.query(
      `INSERT INTO blog_posts (slug, title, content, excerpt, meta_description, keywords, seo_keywords, category, tags,
                               featured_image, status, published_at, scheduled_for, reading_time, generated_by_ai,
                               source_path, source_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               CASE WHEN $11 = 'published' THEN coalesce($12::timestamptz, now()) END,
               $13, $14, $15, $16, $17)
       ON CONFLICT (slug) DO UPDATE SET
         title = EXCLUDED.title, content = EXCLUDED.content, excerpt = EXCLUDED.excerpt,
         meta_description = EXCLUDED.meta_description, keywords = EXCLUDED.keywords,
         seo_keywords = EXCLUDED.seo_keywords, category = EXCLUDED.category, tags = EXCLUDED.tags,
         featured_image = EXCLUDED.featured_image, status = EXCLUDED.status,
         published_at = CASE WHEN EXCLUDED.status = 'published'
                             THEN coalesce($12::timestamptz, blog_posts.published_at, now()) END,
         scheduled_for = EXCLUDED.scheduled_for, reading_time = EXCLUDED.reading_time,
         generated_by_ai = EXCLUDED.generated_by_ai, source_path = EXCLUDED.source_path,
         source_hash = EXCLUDED.source_hash, updated_at = now()
       WHERE blog_posts.source_hash IS DISTINCT FROM EXCLUDED.source_hash
       RETURNING (xmax = 0) AS inserted`,
      [
        source.slug,
        source.title,
        source.content,
        source.excerpt,
        source.metaDescription,
        source.keywords,
        source.seoKeywords,
        source.category,
        source.tags,
        source.featuredImage,
        source.status,
        publishAt,
        source.scheduledFor,
        source.readingTime,
        source.generatedByAi,
        sourcePath,
        source.sourceHash,
      ],
    );
    if (rows.length === 0) return 'unchanged';
    return rows[0]!.inserted ? 'inserted' : 'updated';
  }

  /** Publishes drafts whose scheduled time has come; returns their slugs. */
  async publishDue(): Promise<string[]> {
    const rows: Array<{ slug: string }> = await this.dataSource.query(
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count] rather than rows.
      `WITH due AS (
         UPDATE blog_posts SET status = 'published', published_at = scheduled_for, updated_at = now()
          WHERE status = 'draft' AND scheduled_for <= now()
          RETURNING slug)
       SELECT slug FROM due`,
    );
    return rows.map((row) => row.slug);
  }

  /**
   * Recounts seo_keywords from the public posts: every keyword a public post
   * uses, how many use it and when the latest was published. A keyword no
   * longer used keeps its row with a count of 0.
   */
  async refreshKeywordUsage(): Promise<void> {
    await this.dataSource.transaction(async (manager: EntityManager) => {
      await manager.query(`UPDATE seo_keywords SET use_count = 0`);
      await manager.query(
        `INSERT INTO seo_keywords (keyword, category, use_count, last_used)
         SELECT k.keyword, (array_agg(k.category ORDER BY k.published_at DESC))[1],
                count(DISTINCT k.id)::int, max(k.published_at)
           FROM (SELECT p.id, p.category, p.published_at, lower(btrim(kw)) AS keyword
                   FROM blog_posts p, unnest(p.keywords || p.seo_keywords) AS kw
                  WHERE ${PUBLIC}) k
          WHERE k.keyword <> ''
          GROUP BY k.keyword
         ON CONFLICT (keyword) DO UPDATE SET
           use_count = EXCLUDED.use_count, last_used = EXCLUDED.last_used,
           category = coalesce(seo_keywords.category, EXCLUDED.category)`,
      );
    });
  }
}
