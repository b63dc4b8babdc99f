import type { BlogPostResponse } from '../blog/blog-response';

function xml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The public pages and every published post, for search engines. */
export function sitemapXml(origin: string, posts: BlogPostResponse[]): string {
  const pages = ['/', '/features', '/pricing', '/about', '/blog'];
  const latest = posts[0]?.updatedAt;
  const urls = [
    ...pages.map(
      (path) =>
        `  <url><loc>${xml(origin + path)}</loc>${path === '/blog' && latest ? `<lastmod>${xml(latest)}</lastmod>` : ''}</url>`,
    ),
    ...posts.map(
      (post) =>
        `  <url><loc>${xml(`${origin}/blog/${post.slug}`)}</loc><lastmod>${xml(post.updatedAt)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/** RSS 2.0 of the newest posts. */
export function rssXml(origin: string, posts: BlogPostResponse[], limit = 50): string {
  const items = posts.slice(0, limit).map((post) => {
    const link = `${origin}/blog/${post.slug}`;
    const categories = [post.category, ...post.tags].map((c) => `      <category>${xml(c)}</category>`).join('\n');
    return `    <item>
      <title>${xml(post.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <description>${xml(post.metaDescription ?? post.excerpt)}</description>
      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>
${categories}
    </item>`;
  });
  const built = posts[0]?.publishedAt ? new Date(posts[0].publishedAt).toUTCString() : new Date().toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Kerf Blog</title>
    <link>${xml(`${origin}/blog`)}</link>
    <atom:link href="${xml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Practical guides on construction takeoff, estimating and bidding for contractors and estimators.</description>
    <language>en-us</language>
    <lastBuildDate>${built}</lastBuildDate>
${items.join('\n')}
  </channel>
</rss>
`;
}
