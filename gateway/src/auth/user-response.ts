import type { User } from '@kerf/contracts/generated/kerf/identity';

/** The user as the API shows it (SPEC §3 fields, never a hash or token). */
export function toUserResponse(user: User) {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    subscriptionTier: user.subscriptionTier ?? null,
    subscriptionExpiresAt: user.subscriptionExpiresAt ?? null,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
  };
}
