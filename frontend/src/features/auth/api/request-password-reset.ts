import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { BodyOf, authRoutes } from '@kerf/contracts/http';
import { apiRequest } from '@/lib/api-client';

/** SPEC §5 forgot password. */
export const forgotPasswordInputSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** POST /api/reset-password/request. The answer is the same whether or not the e-mail has an account. */
export async function requestPasswordReset({ email }: ForgotPasswordInput): Promise<void> {
  const body: BodyOf<typeof authRoutes.requestPasswordReset> = { email };
  await apiRequest('POST', '/api/reset-password/request', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
