import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BodyOf, authRoutes } from '@kerf/contracts/http';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/features/auth';

export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 6 characters long.';

/**
 * SPEC §5 change password. The server asks more of a new password (8 or more
 * characters, not a common one) and says so in its answer.
 */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password required'),
    newPassword: z.string().min(6, NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** POST /api/user/password: only the current and new password are sent. */
export async function changePassword({ currentPassword, newPassword }: ChangePasswordInput): Promise<void> {
  const body: BodyOf<typeof authRoutes.changePassword> = { currentPassword, newPassword };
  await apiRequest('POST', '/api/user/password', body);
}

/**
 * A password change is a security event (SPEC §4): every other session has
 * ended, cached data is cleared and the current user is asked for again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
