import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ADDRESS_KEY, GrpcStatus, errorBodyFromGrpc, isGrpcError } from '@kerf/platform/edge';

/** gRPC call options carrying the browser's address, which identity's login throttle counts by. */
export function clientAddressMetadata(request: FastifyRequest) {
  return { metadata: { [CLIENT_ADDRESS_KEY]: request.ip } };
}

/** Adds Retry-After to a throttled answer (the error filter then writes the body), and rethrows. */
export function withRetryAfter(reply: FastifyReply) {
  return (error: unknown): never => {
    if (isGrpcError(error) && error.code === GrpcStatus.RESOURCE_EXHAUSTED) {
      const seconds = Number(errorBodyFromGrpc(error).retryAfterSeconds);
      if (Number.isFinite(seconds) && seconds > 0) void reply.header('retry-after', String(Math.ceil(seconds)));
    }
    throw error;
  };
}
