import { resolve } from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GrpcStatus, isGrpcError } from '@kerf/platform/edge';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BLOG, type Blog } from '../services/service-clients.module';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { toPostResponse, type BlogPostResponse } from '../blog/blog-response';
import { isBot, visitorKey } from '../blog/visitor-key';
import { HtmlShell, type ServerQuery } from './html-shell';
import { escapeHtml, jsonForScript } from './html';
import { blogListBody, postBody, postNotFoundBody, publicLayout } from './blog-pages';
import { rssXml, sitemapXml } from './feeds';
import { PrerenderedPages } from './prerendered-pages';

const PAGE_SIZE = 12;

const BLOG_TITLE = 'Construction Estimating & Takeoff Blog | Kerf';
const BLOG_DESCRIPTION =
  'Practical guides for contractors and estimators: construction takeoff, material quantities, drawing scales, waste factors, markup and bidding.';

/**
 * Pages search engines and link previews read without running JavaScript:
 * /blog and /blog/{slug} answer the app's index.html with the title, meta
 * description, canonical link, Open Graph tags, JSON-LD and the content already
 * in it (the app then takes over with the same answers); plus /sitemap.xml,
 * /rss.xml and /robots.txt.
 */
@Controller()
export class SeoController {
  private readonly shell: HtmlShell;
  private readonly prerendered: PrerenderedPages;
  private readonly origin: string;

  constructor(
    @Inject(BLOG) private readonly blog: Blog,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    // The same folder main.ts serves the app from.
    const staticDir = resolve(config.STATIC_DIR || resolve(__dirname, '../../../../frontend/dist'));
    this.shell = new HtmlShell(staticDir);
    this.prerendered = new PrerenderedPages(staticDir);
    this.origin = config.APP_URL.replace(/\/+$/, '');
  }

  /** The landing, features, about and pricing pages: prerendered by the frontend build, with their head tags. */
  @Get()
  landing(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.marketingPage('/', request, reply);
  }

  @Get('features')
  features(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.marketingPage('/features', request, reply);
  }

  @Get('about')
  about(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.marketingPage('/about', request, reply);
  }

  /** Pricing: the plans prerendered; the button under them as the visitor is signed in or out. */
  @Get('pricing')
  pricing(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.marketingPage('/pricing', request, reply);
  }

  private marketingPage(path: '/' | '/features' | '/about' | '/pricing', request: FastifyRequest, reply: FastifyReply) {
    const page = this.prerendered.get(path);
    // A visitor without a session gets the page as rendered for the signed out, and that answer
    // in the page, so the app starts from it (and need not start until they interact).
    const signedOut = this.signedOut(request) && Boolean(page?.htmlSignedOut);
    const html = (signedOut ? page?.htmlSignedOut : page?.html) ?? '';
    const canonical = `${this.origin}${path}`;
    const title = page?.title ?? 'Kerf';
    const description = page?.description ?? BLOG_DESCRIPTION;
    const head = {
      title,
      description,
      canonical,
      extra: this.openGraph('website', title, description, canonical),
    };
    const queries = signedOut ? this.userQuery(request) : [];
    return this.sendHtml(reply, 200, this.shell.render(head, html, queries, Boolean(html)));
  }

  @Get('blog')
  async blogList(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const canonical = `${this.origin}/blog`;
    const head = {
      title: BLOG_TITLE,
      description: BLOG_DESCRIPTION,
      canonical,
      extra: [...this.openGraph('website', BLOG_TITLE, BLOG_DESCRIPTION, canonical)],
    };
    let page;
    try {
      page = await this.blog.listPosts({ page: 1, limit: PAGE_SIZE });
    } catch {
      // The app loads the list itself when the blog service does not answer.
      return this.sendHtml(reply, 200, this.shell.render(head, ''));
    }
    const posts = (page.posts ?? []).map((post) => toPostResponse(post));
    const categories = page.categories ?? [];
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: 'Kerf Blog',
      description: BLOG_DESCRIPTION,
      url: canonical,
      blogPost: posts.map((post) => ({
        '@type': 'BlogPosting',
        headline: post.title,
        url: `${this.origin}/blog/${post.slug}`,
        datePublished: post.publishedAt,
      })),
    };
    const html = this.shell.render(
      { ...head, extra: [...head.extra, this.jsonLd(jsonLd)] },
      publicLayout(blogListBody(posts, categories, PAGE_SIZE), {
        activePath: '/blog',
        signedOut: this.signedOut(request),
      }),
      [{ key: ['blog', 'posts', 1, ''], data: { posts, categories } }, ...this.userQuery(request)],
    );
    return this.sendHtml(reply, 200, html);
  }

  @Get('blog/:slug')
  async blogPost(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const canonical = `${this.origin}/blog/${encodeURIComponent(slug)}`;
    let post: BlogPostResponse;
    try {
      post = toPostResponse(
        await this.blog.getPost({ slug, countView: !isBot(request), visitor: visitorKey(request) }),
        true,
      );
    } catch (error) {
      if (isGrpcError(error) && error.code === GrpcStatus.NOT_FOUND) {
        const head = {
          title: 'Blog Post Not Found | Kerf',
          description: BLOG_DESCRIPTION,
          canonical,
          extra: ['<meta name="robots" content="noindex" />'],
        };
        const body = publicLayout(postNotFoundBody(), { activePath: '/blog', signedOut: this.signedOut(request) });
        return this.sendHtml(reply, 404, this.shell.render(head, body, this.userQuery(request)));
      }
      return this.sendHtml(
        reply,
        200,
        this.shell.render({ title: 'Kerf Blog', description: BLOG_DESCRIPTION, canonical }, ''),
      );
    }
    const title = `${post.title} | Kerf Blog`;
    const description = post.metaDescription ?? post.excerpt;
    const extra = [
      ...this.openGraph('article', post.title, description, canonical),
      ...(post.publishedAt
        ? [`<meta property="article:published_time" content="${escapeHtml(post.publishedAt)}" />`]
        : []),
      `<meta property="article:modified_time" content="${escapeHtml(post.updatedAt)}" />`,
      `<meta property="article:section" content="${escapeHtml(post.category)}" />`,
      ...post.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}" />`),
      ...(post.keywords.length ? [`<meta name="keywords" content="${escapeHtml(post.keywords.join(', '))}" />`] : []),
      this.jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: post.title,
        description,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
        url: canonical,
        articleSection: post.category,
        keywords: post.keywords.join(', '),
        ...(post.featuredImage ? { image: new URL(post.featuredImage, this.origin).href } : {}),
        author: { '@type': 'Organization', name: 'Kerf', url: this.origin },
        publisher: {
          '@type': 'Organization',
          name: 'Kerf',
          logo: { '@type': 'ImageObject', url: `${this.origin}/favicon.svg` },
        },
      }),
    ];
    const html = this.shell.render(
      { title, description, canonical, extra },
      publicLayout(postBody(post), { activePath: '/blog', signedOut: this.signedOut(request) }),
      [{ key: ['blog', 'post', post.slug], data: post }, ...this.userQuery(request)],
    );
    return this.sendHtml(reply, 200, html);
  }

  @Get('sitemap.xml')
  async sitemap(@Res() reply: FastifyReply) {
    const posts = await this.publishedPosts();
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(sitemapXml(this.origin, posts));
  }

  @Get('rss.xml')
  async rss(@Res() reply: FastifyReply) {
    const posts = await this.publishedPosts();
    return reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(rssXml(this.origin, posts));
  }

  @Get('robots.txt')
  robots(@Res() reply: FastifyReply) {
    const disallowed = ['/api/', '/dashboard', '/estimates/', '/settings', '/subscribe', '/subscription-success'];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\n${disallowed.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${this.origin}/sitemap.xml\n`,
      );
  }

  private async publishedPosts(): Promise<BlogPostResponse[]> {
    return ((await this.blog.listPublished({})).posts ?? []).map((post) => toPostResponse(post));
  }

  private openGraph(type: 'website' | 'article', title: string, description: string, url: string): string[] {
    return [
      `<meta property="og:type" content="${type}" />`,
      `<meta property="og:site_name" content="Kerf" />`,
      `<meta property="og:locale" content="en_US" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    ];
  }

  private jsonLd(data: unknown): string {
    return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
  }

  /** Without a session cookie the visitor is signed out for sure; with one, the app asks. */
  private signedOut(request: FastifyRequest): boolean {
    return !request.cookies?.[SESSION_COOKIE];
  }

  private userQuery(request: FastifyRequest): ServerQuery[] {
    return this.signedOut(request) ? [{ key: ['/api/user'], data: null }] : [];
  }

  private sendHtml(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }
}
