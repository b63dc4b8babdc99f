import { RpcErrors } from './errors';
import { currentContext } from '../logging/request-context';

/** The acting user, from the call's metadata; every rpc that reads or changes a user's data needs one. */
export function actingUserId(): string {
  const userId = currentContext()?.userId;
  if (!userId) throw RpcErrors.unauthenticated();
  return userId;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string can be a row id (a UUID). An id that cannot be one is
 * answered as not found, like another user's, without asking Postgres (which
 * would refuse it as malformed).
 */
export function isId(value: string): boolean {
  return ID.test(value);
}
