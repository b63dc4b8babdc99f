import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { answer, blogRoutes } from '@kerf/contracts/http';
import { BLOG, type Blog } from '../services/service-clients.module';
import { parseBody } from '../http/parse-body';
import { toPostResponse } from './blog-response';
import { isBot, visitorKey } from './visitor-key';

/** SPEC §7 blog calls: public, no session needed. */
@Controller('api/blog')
export class BlogController {
  constructor(@Inject(BLOG) private readonly blog: Blog) {}

  /** Published posts, newest first, 12 a page, with every category's count. */
  @Get('posts')
  async list(@Query() query: unknown) {
    const { page, limit, category } = parseBody(blogRoutes.list.query, query);
    const result = await this.blog.listPosts({ page, limit, category: category || undefined });
    return answer(blogRoutes.list, {
      posts: (result.posts ?? []).map((post) => toPostResponse(post)),
      categories: result.categories ?? [],
    });
  }

  /** Full-text search, best match first; fewer than 3 characters is a 400. */
  @Get('search')
  async search(@Query() query: unknown) {
    const { q } = parseBody(blogRoutes.search.query, query);
    const result = await this.blog.searchPosts({ q });
    return answer(blogRoutes.search, { posts: (result.posts ?? []).map((post) => toPostResponse(post)) });
  }

  /** A published post with its body; 404 when missing or not published. Counts a view. */
  @Get('posts/:slug')
  async get(@Param('slug') slug: string, @Req() request: FastifyRequest) {
    const post = await this.blog.getPost({
      slug,
      countView: !isBot(request),
      visitor: visitorKey(request),
    });
    return answer(blogRoutes.get, toPostResponse(post, true));
  }
}
