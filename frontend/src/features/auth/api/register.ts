import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { authRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';

/**
 * SPEC §5 registration. The server checks again, and further: a valid e-mail,
 * and a password of 8 or more characters that is not a common one.
 */
export const registerInputSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required'),
    lastName: z.string().trim().min(1, 'Last name is required'),
    username: z.string().trim().min(1, 'Email is required'),
    password: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(8, 'Password must be at least 8 characters long'),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** POST /api/register: only username, password, firstName and lastName are sent. */
export async function register({ username, password, firstName, lastName }: RegisterInput): Promise<User> {
  return callRoute<typeof authRoutes.register>('POST', '/api/register', { username, password, firstName, lastName });
}

/** SPEC §4: as after login, cached collections are cleared and the new user becomes current. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
