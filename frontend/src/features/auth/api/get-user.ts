import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuccessOf, authRoutes } from '@kerf/contracts/http';
import { getQueryFn } from '@/lib/api-client';

/** The current user as the gateway returns it (never a password or a token). */
export type User = SuccessOf<typeof authRoutes.user>;

export const userQueryKey = ['/api/user'] as const;

/**
 * GET /api/user. A 401 means signed out: the query resolves to null, which is
 * not an error and is never retried.
 */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    retry: false,
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
