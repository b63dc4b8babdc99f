import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/features/auth';

/** POST /api/logout. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

/**
 * SPEC §4: on success every cached collection is cleared and the current user
 * is set to none (the caller then goes to /login).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}
