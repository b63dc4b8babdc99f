import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { RpcErrors, parseRequest } from '@kerf/platform';
import { SLUG } from '../content/markdown';
import { AnalyticsService } from '../analytics/analytics.service';
import { PostsRepository, type CategoryCountRow, type PostRow } from './posts.repository';

/** SPEC §9: the blog's page size and the shortest search. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const SEARCH_MIN_LENGTH = 3;
const SEARCH_LIMIT = 50;

// Unset proto numbers arrive as 0: they mean "the default".
const listSchema = z.object({
  page: z
    .number()
    .int()
    .transform((page) => page || 1)
    .pipe(z.number().min(1, 'page must be 1 or more').max(10_000, 'page is too large')),
  limit: z
    .number()
    .int()
    .transform((limit) => limit || PAGE_SIZE)
    .pipe(z.number().min(1, 'limit must be 1 or more').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)),
  category: z
    .string()
    .trim()
    .max(60, 'category is too long')
    .optional()
    .transform((category) => category || undefined),
});

const searchSchema = z.object({
  q: z
    .string({ error: 'Enter something to search for' })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Search needs at least ${SEARCH_MIN_LENGTH} characters`)
    .max(200, 'Search is limited to 200 characters'),
});

const getSchema = z.object({
  slug: z.string().max(200),
  countView: z.boolean().default(false),
  visitor: z.string().max(128).default(''),
});

/** Words of a search, lower-cased letters and digits only (safe to put in a tsquery). */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 12);
}

/** The public blog: published posts only, whatever is asked. */
@Injectable()
export class PostsService {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(AnalyticsService) private readonly analytics: AnalyticsService,
  ) {}

  async listPage(request: unknown): Promise<{ posts: PostRow[]; categories: CategoryCountRow[] }> {
    const { page, limit, category } = parseRequest(listSchema, request);
    const [posts, categories] = await Promise.all([
      this.posts.findPublicPage((page - 1) * limit, limit, category),
      this.posts.countPublicByCategory(),
    ]);
    return { posts, categories };
  }

  async search(request: unknown): Promise<PostRow[]> {
    const { q } = parseRequest(searchSchema, request);
    const terms = searchTerms(q);
    if (terms.length === 0) return [];
    return this.posts.searchPublic(terms, SEARCH_LIMIT);
  }

  /** A public post by slug; NOT_FOUND otherwise. Counts a view when asked to. */
  async get(request: unknown): Promise<PostRow> {
    const { slug, countView, visitor } = parseRequest(getSchema, request);
    const post = SLUG.test(slug) ? await this.posts.findPublicBySlug(slug) : undefined;
    if (!post) throw RpcErrors.notFound('Blog post not found');
    if (countView) post.view_count = await this.analytics.recordView(post.id, visitor);
    return post;
  }

  listAllPublic(): Promise<PostRow[]> {
    return this.posts.findAllPublic();
  }
}
