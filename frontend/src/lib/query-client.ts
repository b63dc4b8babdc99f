import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';

/**
 * SPEC §7: always stale, unused entries kept 5 minutes, no retries for reads
 * or writes, no polling, refetch on window focus and on mount. Reads without a
 * queryFn of their own GET their key joined as a URL and throw on 401.
 */
export const queryConfig = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    staleTime: 0,
    gcTime: 5 * 60 * 1000,
    retry: false,
    refetchInterval: false,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();
