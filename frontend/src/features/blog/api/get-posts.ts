import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { blogRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { BLOG_PAGE_SIZE, BLOG_STALE_TIME, type BlogListResponse } from './types';

/** Also the key the server uses when it puts page 1 in the /blog page. */
export const blogPostsQueryKey = (page: number, category: string | null) =>
  ['blog', 'posts', page, category ?? ''] as const;

/** GET /api/blog/posts?page={n}&limit=12[&category={c}] (SPEC §7). */
export async function getPosts(page: number, category: string | null, signal?: AbortSignal): Promise<BlogListResponse> {
  const params = new URLSearchParams({ page: String(page), limit: String(BLOG_PAGE_SIZE) });
  if (category) params.set('category', category);
  try {
    return await callRoute<typeof blogRoutes.list>('GET', `/api/blog/posts?${params}`, undefined, signal);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error('Failed to fetch blog posts', { cause: error });
  }
}

export function getPostsQueryOptions(page: number, category: string | null) {
  return queryOptions({
    queryKey: blogPostsQueryKey(page, category),
    queryFn: ({ signal }) => getPosts(page, category, signal),
    staleTime: BLOG_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export function usePosts(page: number, category: string | null) {
  return useQuery(getPostsQueryOptions(page, category));
}
