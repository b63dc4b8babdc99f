import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BLOG, type Blog } from '../services/service-clients.module';
import { parseBody } from '../http/parse-body';
import { toPostResponse } from './blog-response';
import { isBot, visitorKey } from './visitor-key';

const wholeNumber = (field: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(z.number({ error: `${field} must be a whole number` }).int(`${field} must be a whole number`));

const listQuery = z.object({
  page: wholeNumber('page', 1).pipe(z.number().min(1, 'page must be 1 or more')),
  limit: wholeNumber('limit', 12).pipe(
    z.number().min(1, 'limit must be 1 or more').max(50, 'limit must be at most 50'),
  ),
  category: z.string().optional(),
});

const searchQuery = z.object({ q: z.string({ error: 'Search needs at least 3 characters' }) });

/** SPEC §7 blog calls: public, no session needed. */
@Controller('api/blog')
export class BlogController {
  constructor(@Inject(BLOG) private readonly blog: Blog) {}

  /** Published posts, newest first, 12 a page, with every category's count. */
  @Get('posts')
  async list(@Query() query: unknown) {
    const { page, limit, category } = parseBody(listQuery, query);
    const result = await this.blog.listPosts({ page, limit, category: category || undefined });
    return {
      posts: (result.posts ?? []).map((post) => toPostResponse(post)),
      categories: result.categories ?? [],
    };
  }

  /** Full-text search, best match first; fewer than 3 characters is a 400. */
  @Get('search')
  async search(@Query() query: unknown) {
    const { q } = parseBody(searchQuery, query);
    const result = await this.blog.searchPosts({ q });
    return { posts: (result.posts ?? []).map((post) => toPostResponse(post)) };
  }

  /** A published post with its body; 404 when missing or not published. Counts a view. */
  @Get('posts/:slug')
  async get(@Param('slug') slug: string, @Req() request: FastifyRequest) {
    const post = await this.blog.getPost({
      slug,
      countView: !isBot(request),
      visitor: visitorKey(request),
    });
    return toPostResponse(post, true);
  }
}
