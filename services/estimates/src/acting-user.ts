import { RpcErrors, currentContext } from '@kerf/platform';

/** The acting user, from the call's metadata; every rpc needs one. */
export function actingUserId(): string {
  const userId = currentContext()?.userId;
  if (!userId) throw RpcErrors.unauthenticated();
  return userId;
}
