import { z } from 'zod';
import { apiRoute } from './route';

const wholeNumber = (field: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(z.number({ error: `${field} must be a whole number` }).int(`${field} must be a whole number`));

export const blogListQuery = z.object({
  page: wholeNumber('page', 1).pipe(z.number().min(1, 'page must be 1 or more')),
  limit: wholeNumber('limit', 12).pipe(
    z.number().min(1, 'limit must be 1 or more').max(50, 'limit must be at most 50'),
  ),
  category: z.string().optional(),
});
export const blogSearchQuery = z.object({ q: z.string({ error: 'Search needs at least 3 characters' }) });

/** A blog post (docs/spec.md §3 blog_posts). Lists leave out `content`. */
export const blogPost = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string().optional(),
  excerpt: z.string(),
  metaDescription: z.string().nullable(),
  keywords: z.array(z.string()),
  seoKeywords: z.array(z.string()),
  category: z.string(),
  tags: z.array(z.string()),
  featuredImage: z.string().nullable(),
  status: z.string(),
  publishedAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  readingTime: z.number(),
  viewCount: z.number(),
  generatedByAI: z.boolean(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.output<typeof blogPost>;

export const categoryCount = z.object({ category: z.string(), count: z.number() });
export type CategoryCount = z.output<typeof categoryCount>;

/** docs/spec.md §3 "Blog list response". */
export const blogList = z.object({ posts: z.array(blogPost), categories: z.array(categoryCount) });
export type BlogList = z.output<typeof blogList>;
export const blogSearchResult = z.object({ posts: z.array(blogPost) });

export const blogRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/blog/posts',
    summary: "Published posts, newest first, with every category's count",
    signedIn: false,
    query: blogListQuery,
    responses: { 200: { description: 'A page of posts', schema: blogList } },
  }),
  search: apiRoute({
    method: 'GET',
    path: '/api/blog/search',
    summary: 'Full-text search, best match first (at least 3 characters)',
    signedIn: false,
    query: blogSearchQuery,
    responses: { 200: { description: 'The matching posts', schema: blogSearchResult } },
  }),
  get: apiRoute({
    method: 'GET',
    path: '/api/blog/posts/{slug}',
    summary: 'A published post with its body (counts a view); 404 when missing',
    signedIn: false,
    responses: { 200: { description: 'The post', schema: blogPost } },
  }),
};
