import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBlog1763800700000 implements MigrationInterface {
  name = 'CreateBlog1763800700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE blog_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        slug text NOT NULL,
        content text NOT NULL DEFAULT '',
        excerpt text NOT NULL DEFAULT '',
        meta_description text,
        keywords text[] NOT NULL DEFAULT '{}',
        seo_keywords text[] NOT NULL DEFAULT '{}',
        category text NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        featured_image text,
        status text NOT NULL DEFAULT 'draft',
        published_at timestamptz,
        scheduled_for timestamptz,
        reading_time integer NOT NULL DEFAULT 1,
        view_count integer NOT NULL DEFAULT 0,
        generated_by_ai boolean NOT NULL DEFAULT false,
        author_id uuid,
        source_path text,
        source_hash text,
        search_vector tsvector,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT blog_posts_slug_key UNIQUE (slug),
        CONSTRAINT blog_posts_status CHECK (status IN ('draft', 'published')),
        CONSTRAINT blog_posts_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
      )`);
    // Only published posts are ever listed; drafts waiting for their time are found by the publisher.
    await queryRunner.query(
      `CREATE INDEX blog_posts_public ON blog_posts (published_at DESC, id DESC) WHERE status = 'published'`,
    );
    await queryRunner.query(
      `CREATE INDEX blog_posts_due ON blog_posts (scheduled_for) WHERE status = 'draft' AND scheduled_for IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX blog_posts_search ON blog_posts USING gin (search_vector)`);
    // Weighted full-text document: title A, tags and keywords B, excerpt C, body D (tags stripped).
    await queryRunner.query(`
      CREATE FUNCTION blog_posts_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_vector :=
          setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
          setweight(to_tsvector('english', array_to_string(NEW.keywords || NEW.seo_keywords || NEW.tags, ' ')), 'B') ||
          setweight(to_tsvector('english', coalesce(NEW.excerpt, '')), 'C') ||
          setweight(to_tsvector('english', regexp_replace(coalesce(NEW.content, ''), '<[^>]*>', ' ', 'g')), 'D');
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER blog_posts_search_vector
        BEFORE INSERT OR UPDATE OF title, keywords, seo_keywords, tags, excerpt, content ON blog_posts
        FOR EACH ROW EXECUTE FUNCTION blog_posts_search_vector()`);

    await queryRunner.query(`
      CREATE TABLE seo_keywords (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        keyword text NOT NULL,
        category text,
        difficulty integer,
        search_volume integer,
        competitiveness text,
        intent text,
        last_used timestamptz,
        use_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT seo_keywords_keyword_key UNIQUE (keyword)
      )`);

    await queryRunner.query(`
      CREATE TABLE blog_analytics (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
        date date NOT NULL,
        page_views integer NOT NULL DEFAULT 0,
        unique_visitors integer NOT NULL DEFAULT 0,
        bounce_rate numeric(5, 2),
        avg_time_on_page integer,
        social_shares integer NOT NULL DEFAULT 0,
        comments integer NOT NULL DEFAULT 0,
        CONSTRAINT blog_analytics_post_date UNIQUE (post_id, date)
      )`);
    // Who was already counted today: a daily anonymous key per visitor, dropped after two days.
    await queryRunner.query(`
      CREATE TABLE blog_daily_visitors (
        post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
        date date NOT NULL,
        visitor text NOT NULL,
        PRIMARY KEY (post_id, date, visitor)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE blog_daily_visitors`);
    await queryRunner.query(`DROP TABLE blog_analytics`);
    await queryRunner.query(`DROP TABLE seo_keywords`);
    await queryRunner.query(`DROP TABLE blog_posts`);
    await queryRunner.query(`DROP FUNCTION blog_posts_search_vector()`);
  }
}
