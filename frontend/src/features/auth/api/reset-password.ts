import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BodyOf, authRoutes } from '@kerf/contracts/http';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { userQueryKey } from './get-user';

/** SPEC §5 reset password. */
export const resetPasswordInputSchema = z
  .object({
    password: z
      .string()
      .min(8, 'Password must be at least 8 characters')
      .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
      .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
      .regex(/[0-9]/, 'Password must contain at least one number'),
    confirmPassword: z.string(),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** POST /api/reset-password/reset with the token from the link. */
export async function resetPassword({ token, password }: BodyOf<typeof authRoutes.resetPassword>): Promise<void> {
  const body: BodyOf<typeof authRoutes.resetPassword> = { token, password };
  await apiRequest('POST', '/api/reset-password/reset', body);
}

/**
 * docs/spec.md §8: the server's error text (its body field `error`), else 'Failed to
 * reset password'; without an answer at all, 'An error occurred. Please try again.'
 */
export function resetPasswordErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An error occurred. Please try again.';
  const text = error.body.error;
  return typeof text === 'string' && text ? text : 'Failed to reset password';
}

/** Every session of the user has ended: cached data goes and the current user is asked again (SPEC §4). */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
