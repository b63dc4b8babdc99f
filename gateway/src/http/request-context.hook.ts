import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { runWithContext } from '@kerf/platform/edge';

/**
 * preHandler hook: the route handler runs with the request id (and, once
 * signed in, the user id) in context for gRPC calls and logs. Fastify calls the
 * handler from `done`, so everything it awaits inherits the context. (A Nest
 * interceptor did this before, at the price of an rxjs pipeline per request.)
 */
export function requestContextHook(
  request: FastifyRequest & { userId?: string },
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  runWithContext({ requestId: String(request.id), ...(request.userId ? { userId: request.userId } : {}) }, done);
}
