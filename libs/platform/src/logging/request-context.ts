import { AsyncLocalStorage } from 'node:async_hooks';

/** What travels with one request: from the gateway, through gRPC metadata, into services and their events. */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** gRPC metadata and NATS header keys that carry the context. */
export const REQUEST_ID_KEY = 'x-request-id';
export const USER_ID_KEY = 'x-user-id';
/** gRPC metadata key of the browser's address, sent by the gateway where a service needs it (login throttling). */
export const CLIENT_ADDRESS_KEY = 'x-client-address';
