import { queryOptions, useQuery } from '@tanstack/react-query';
import type { blogRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { BLOG_STALE_TIME, type BlogPost } from './types';

/** The post does not exist or is not published (a 404). */
export class BlogPostNotFoundError extends Error {
  constructor() {
    super('Blog post not found');
    this.name = 'BlogPostNotFoundError';
  }
}

export const blogPostQueryKey = (slug: string) => ['blog', 'post', slug] as const;

/** GET /api/blog/posts/{slug} (SPEC §7): a 404 status means not found. Counts a view. */
export async function getPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  try {
    return await callRoute<typeof blogRoutes.get>(
      'GET',
      `/api/blog/posts/${encodeURIComponent(slug)}`,
      undefined,
      signal,
    );
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (error instanceof ApiError && error.status === 404) throw new BlogPostNotFoundError();
    throw new Error('Failed to fetch blog post', { cause: error });
  }
}

export function getPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: blogPostQueryKey(slug),
    queryFn: ({ signal }) => getPost(slug, signal),
    staleTime: BLOG_STALE_TIME,
    // Each fetch counts a view: coming back to the tab is not a new one.
    refetchOnWindowFocus: false,
  });
}

export function usePost(slug: string) {
  return useQuery(getPostQueryOptions(slug));
}
