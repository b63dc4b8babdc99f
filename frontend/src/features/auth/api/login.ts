import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { authRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';

/** SPEC §5 login form: rememberMe stays on the screen; only username and password are sent. */
export const loginInputSchema = z.object({
  username: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
  rememberMe: z.boolean(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** POST /api/login. */
export async function login({ username, password }: Pick<LoginInput, 'username' | 'password'>): Promise<User> {
  return callRoute<typeof authRoutes.login>('POST', '/api/login', { username, password });
}

/** SPEC §4: on success every cached collection is cleared and the user becomes current. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
