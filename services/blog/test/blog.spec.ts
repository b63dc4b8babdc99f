import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startStack, type TestStack } from '@kerf/platform/testing';

interface PostJson {
  id: string;
  slug: string;
  title: string;
  category: string;
  content?: string;
  publishedAt: string;
  viewCount: number;
  readingTime: number;
  tags: string[];
}

const DAY = 86_400_000;
const contentDir = mkdtempSync(join(tmpdir(), 'kerf-blog-content-'));

function article(file: string, meta: Record<string, unknown>, body: string) {
  const yaml = Object.entries(meta)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n');
  writeFileSync(join(contentDir, file), `---\n${yaml}\n---\n${body}\n`);
}

const published = (category: string, daysAgo: number) => ({
  category,
  status: 'published',
  publishedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
});

// 9 Alpha and 5 Beta posts, one a day apart; 3 Gamma posts used for search and sanitising.
for (let i = 1; i <= 14; i += 1) {
  const category = i <= 9 ? 'Alpha' : 'Beta';
  article(
    `post-${String(i).padStart(2, '0')}.md`,
    { title: `Field guide number ${i}`, tags: ['one', 'two', 'three', 'four'], ...published(category, 30 + i) },
    `Paragraph about scheduling crews and deliveries for job ${i}.\n\n${'word '.repeat(450)}`,
  );
}
article(
  'pouring-footings.md',
  { title: 'Pouring concrete footings', keywords: ['footings'], ...published('Gamma', 20) },
  'A short note on forms and inspections.',
);
article(
  'site-diary.md',
  { title: 'Site diary', ...published('Gamma', 1) },
  Array.from({ length: 12 }, () => 'The concrete truck arrived and the concrete was placed.').join('\n\n'),
);
article(
  'sneaky.md',
  { title: 'A post with a script', ...published('Gamma', 10) },
  'Before <script>alert("owned")</script> after.\n\n<img src="x.png" onerror="alert(1)">\n\n[click](javascript:alert(2)) <a href="#" onclick="alert(3)">x</a>',
);
article(
  'draft-plan.md',
  { title: 'Unfinished thoughts on zebrawood', category: 'Alpha', status: 'draft' },
  'Zebrawood paneling is not ready.',
);
article(
  'next-year.md',
  {
    title: 'Future post about zebrawood',
    category: 'Alpha',
    status: 'published',
    scheduledFor: new Date(Date.now() + 365 * DAY).toISOString(),
  },
  'Not yet.',
);
article(
  'coming-soon.md',
  {
    title: 'Coming soon',
    category: 'Beta',
    status: 'draft',
    // Due tomorrow: the test below brings its time forward, so a slow start cannot publish it early.
    scheduledFor: new Date(Date.now() + DAY).toISOString(),
  },
  'Published by the scheduler.',
);
writeFileSync(join(contentDir, 'broken.md'), 'no front matter here');

describe('blog', () => {
  let stack: TestStack;
  let db: Client;

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.gatewayUrl}${path}`, { headers: { 'user-agent': 'blog-test/1', ...headers } });
  const json = async <T>(path: string, headers?: Record<string, string>): Promise<T> => {
    const response = await get(path, headers);
    assert.equal(response.status, 200, `${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const list = (query = '') =>
    json<{ posts: PostJson[]; categories: Array<{ category: string; count: number }> }>(`/api/blog/posts${query}`);

  async function allListedSlugs(): Promise<string[]> {
    const slugs: string[] = [];
    for (let page = 1; ; page += 1) {
      const { posts } = await list(`?page=${page}&limit=12`);
      slugs.push(...posts.map((post) => post.slug));
      if (posts.length < 12) return slugs;
    }
  }

  before(async () => {
    stack = await startStack(['blog'], {
      blog: { BLOG_CONTENT_DIR: contentDir, BLOG_PUBLISH_INTERVAL_MS: '250' },
    });
    db = new Client({ connectionString: stack.databases.blog });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('skips a content file it cannot read and names it, importing the rest', () => {
    assert.match(stack.services.blog!.output, /blog content file skipped: broken\.md/);
    assert.match(stack.services.blog!.output, /"inserted":20/);
  });

  it('pages published posts newest first, 12 to a page', async () => {
    const first = await list('?page=1&limit=12');
    assert.equal(first.posts.length, 12);
    const dates = first.posts.map((post) => post.publishedAt);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(first.posts[0]!.slug, 'site-diary');
    assert.equal(first.posts[0]!.content, undefined, 'lists leave out the body');
    const second = await list('?page=2&limit=12');
    assert.equal(second.posts.length, 5);
    assert.ok(second.posts.every((post) => post.publishedAt < dates.at(-1)!));
    assert.equal((await list('?page=3&limit=12')).posts.length, 0);
    assert.equal((await list()).posts.length, 12, 'the page size defaults to 12');
  });

  it('answers every category with its count, and filters by one', async () => {
    const { categories } = await list();
    assert.deepEqual(categories, [
      { category: 'Alpha', count: 9 },
      { category: 'Beta', count: 5 },
      { category: 'Gamma', count: 3 },
    ]);
    const beta = await list('?page=1&limit=12&category=Beta');
    assert.equal(beta.posts.length, 5);
    assert.ok(beta.posts.every((post) => post.category === 'Beta'));
  });

  it('refuses a bad page or limit with a 400', async () => {
    for (const query of ['?page=0', '?page=abc', '?limit=500']) {
      const response = await get(`/api/blog/posts${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(typeof ((await response.json()) as { message: string }).message, 'string');
    }
  });

  it('never shows drafts or posts scheduled for later', async () => {
    const slugs = await allListedSlugs();
    assert.equal(slugs.length, 17);
    for (const hidden of ['draft-plan', 'next-year']) {
      assert.ok(!slugs.includes(hidden), `${hidden} is listed`);
      assert.equal((await get(`/api/blog/posts/${hidden}`)).status, 404);
      assert.equal((await get(`/blog/${hidden}`)).status, 404);
    }
    assert.deepEqual((await json<{ posts: PostJson[] }>('/api/blog/search?q=zebrawood')).posts, []);
    const sitemap = await (await get('/sitemap.xml')).text();
    assert.ok(!sitemap.includes('draft-plan') && !sitemap.includes('next-year'));
    assert.equal((await get('/api/blog/posts/no-such-post')).status, 404);
  });

  it('publishes a scheduled draft when its time comes', async () => {
    assert.equal((await get('/api/blog/posts/coming-soon')).status, 404, 'not before its time');
    // Its time comes: the scheduler, polling every 250 ms, publishes it.
    await db.query(`UPDATE blog_posts SET scheduled_for = now() - interval '1 second' WHERE slug = 'coming-soon'`);
    const until = Date.now() + 30_000;
    while ((await get('/api/blog/posts/coming-soon')).status !== 200) {
      assert.ok(Date.now() < until, 'the scheduled post was not published in time');
      await new Promise((r) => setTimeout(r, 250));
    }
    const post = await json<PostJson>('/api/blog/posts/coming-soon');
    assert.equal(post.category, 'Beta');
  });

  it('ranks a title match above body matches, and needs 3 characters', async () => {
    const { posts } = await json<{ posts: PostJson[] }>('/api/blog/search?q=concrete');
    assert.deepEqual(
      posts.map((post) => post.slug),
      ['pouring-footings', 'site-diary'],
    );
    const prefix = await json<{ posts: PostJson[] }>('/api/blog/search?q=concr');
    assert.equal(prefix.posts[0]!.slug, 'pouring-footings', 'words match by prefix while typing');
    for (const q of ['co', '  c ', '']) {
      const response = await get(`/api/blog/search?q=${encodeURIComponent(q)}`);
      assert.equal(response.status, 400, `q=${q}`);
      assert.match(((await response.json()) as { message: string }).message, /3 characters/);
    }
  });

  it('counts views per post, and page views and unique visitors per day', async () => {
    const first = await json<PostJson>('/api/blog/posts/post-01');
    const second = await json<PostJson>('/api/blog/posts/post-01');
    assert.equal(second.viewCount, first.viewCount + 1);
    await json<PostJson>('/api/blog/posts/post-01', { 'user-agent': 'another-reader/2' });
    await json<PostJson>('/api/blog/posts/post-01', { 'user-agent': 'Googlebot/2.1' });
    const { rows } = await db.query(
      `SELECT a.page_views, a.unique_visitors, p.view_count
         FROM blog_analytics a JOIN blog_posts p ON p.id = a.post_id
        WHERE p.slug = 'post-01' AND a.date = (now() AT TIME ZONE 'UTC')::date`,
    );
    assert.deepEqual(rows, [{ page_views: 3, unique_visitors: 2, view_count: 3 }]);
  });

  it('computes reading time from the text', async () => {
    const post = await json<PostJson>('/api/blog/posts/post-02');
    assert.equal(post.readingTime, 3, '~460 words at 200 a minute');
    assert.deepEqual(post.tags, ['one', 'two', 'three', 'four']);
  });

  it('never lets a script from Markdown reach the page', async () => {
    const post = await json<PostJson>('/api/blog/posts/sneaky');
    assert.match(post.content!, /Before\s+after/);
    assert.doesNotMatch(post.content!, /<script|onerror|onclick|javascript:|alert/i);
    const html = await (await get('/blog/sneaky')).text();
    assert.ok(html.includes('Before'), 'the article text is in the page');
    assert.doesNotMatch(html, /alert\(|onerror|onclick|javascript:/i);
  });

  it('serves /blog/{slug} as HTML with its meta tags and text before any script runs', async () => {
    const response = await get('/blog/pouring-footings');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /text\/html/);
    const html = await response.text();
    assert.match(html, /<title>Pouring concrete footings \| Kerf Blog<\/title>/);
    assert.match(html, /<meta name="description" content="A short note on forms and inspections\."/);
    assert.match(html, /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/blog\/pouring-footings"/);
    assert.match(html, /<meta property="og:title" content="Pouring concrete footings"/);
    assert.match(html, /<meta property="og:type" content="article"/);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    assert.ok(ld, 'JSON-LD is present');
    const article = JSON.parse(ld[1]!) as Record<string, unknown>;
    assert.equal(article['@type'], 'Article');
    assert.equal(article.headline, 'Pouring concrete footings');
    assert.match(html, /<div id="root">[\s\S]*<h1[^>]*>Pouring concrete footings<\/h1>[\s\S]*A short note on forms/);
    assert.equal((html.match(/<meta name="description"/g) ?? []).length, 1, 'one meta description');
  });

  it('serves /blog, the sitemap and the feed', async () => {
    const html = await (await get('/blog')).text();
    assert.match(html, /<title>Construction Estimating &amp; Takeoff Blog \| Kerf<\/title>/);
    assert.match(html, /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/blog"/);
    assert.equal((html.match(/data-testid="blog-card"/g) ?? []).length, 12);
    const sitemap = await get('/sitemap.xml');
    assert.match(sitemap.headers.get('content-type')!, /xml/);
    const sitemapText = await sitemap.text();
    assert.match(sitemapText, /<loc>http:\/\/127\.0\.0\.1:\d+\/blog\/pouring-footings<\/loc>/);
    const rss = await (await get('/rss.xml')).text();
    assert.match(rss, /<rss version="2.0"/);
    assert.match(rss, /<title>Pouring concrete footings<\/title>/);
  });

  it('imports idempotently by slug: unchanged files write nothing, an edited file updates its post', async () => {
    const before = await db.query(`SELECT slug, id, updated_at, view_count FROM blog_posts ORDER BY slug`);
    const blog = stack.services.blog!;
    await blog.stop();
    blog.start();
    await blog.waitFor(/serving gRPC/);
    assert.match(blog.output, /"inserted":0,"updated":0/);
    const again = await db.query(`SELECT slug, id, updated_at, view_count FROM blog_posts ORDER BY slug`);
    assert.deepEqual(again.rows, before.rows);

    article(
      'pouring-footings.md',
      { title: 'Pouring concrete footings in winter', keywords: ['footings'], ...published('Gamma', 20) },
      'A short note on forms, blankets and inspections.',
    );
    await blog.stop();
    blog.start();
    await blog.waitFor(/serving gRPC/);
    assert.match(blog.output, /"inserted":0,"updated":1/);
    const after = await db.query(`SELECT id, title, view_count FROM blog_posts WHERE slug = 'pouring-footings'`);
    const previous = before.rows.find((row) => row.slug === 'pouring-footings');
    assert.equal(after.rows[0].id, previous.id, 'same post, not a new one');
    assert.equal(after.rows[0].title, 'Pouring concrete footings in winter');
    assert.equal(after.rows[0].view_count, previous.view_count);
    const count = await db.query(`SELECT count(*)::int AS n FROM blog_posts`);
    assert.equal(count.rows[0].n, before.rows.length);
    const post = await json<PostJson>('/api/blog/posts/pouring-footings');
    assert.equal(post.title, 'Pouring concrete footings in winter');
  });

  it('records the keywords its published articles use', async () => {
    const { rows } = await db.query(`SELECT keyword, category, use_count FROM seo_keywords WHERE keyword = 'footings'`);
    assert.deepEqual(rows, [{ keyword: 'footings', category: 'Gamma', use_count: 1 }]);
  });
});
