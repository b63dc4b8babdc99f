import { queryOptions, useQuery } from '@tanstack/react-query';
import type { blogRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { BLOG_STALE_TIME, SEARCH_MIN_LENGTH, type BlogPost } from './types';

/** GET /api/blog/search?q={text} (SPEC §7). */
export async function searchPosts(q: string, signal?: AbortSignal): Promise<BlogPost[]> {
  try {
    const url = `/api/blog/search?${new URLSearchParams({ q })}`;
    return (await callRoute<typeof blogRoutes.search>('GET', url, undefined, signal)).posts;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error('Search failed', { cause: error });
  }
}

/** SPEC §5: search runs only when the text is longer than 2 characters. */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH;
}

export function searchPostsQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: ['blog', 'search', text] as const,
    queryFn: ({ signal }) => searchPosts(text, signal),
    enabled: isSearchable(text),
    staleTime: BLOG_STALE_TIME,
  });
}

export function useSearchPosts(q: string) {
  return useQuery(searchPostsQueryOptions(q));
}
