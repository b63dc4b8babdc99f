import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { authRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { userQueryKey, type User } from '@/features/auth';

/** SPEC §5: first and last name; sent as null when empty. The e-mail cannot be changed. */
export const profileInputSchema = z.object({
  firstName: z.string().trim().max(100, 'First name is too long'),
  lastName: z.string().trim().max(100, 'Last name is too long'),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** PATCH /api/user/profile; answers the updated user. */
export async function updateProfile({ firstName, lastName }: ProfileInput): Promise<User> {
  return callRoute<typeof authRoutes.updateProfile>('PATCH', '/api/user/profile', {
    firstName: firstName || null,
    lastName: lastName || null,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
