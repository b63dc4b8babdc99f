import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { type Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { GrpcStatus } from './errors';

/** A grpc-js error from a call to another service that answered with a deliberate status. */
function isPeerAnswer(error: unknown): error is { code: number; details: string } {
  const { code, details, metadata } = (error ?? {}) as { code?: unknown; details?: unknown; metadata?: unknown };
  return (
    typeof code === 'number' &&
    typeof details === 'string' &&
    metadata !== undefined &&
    [
      GrpcStatus.INVALID_ARGUMENT,
      GrpcStatus.NOT_FOUND,
      GrpcStatus.PERMISSION_DENIED,
      GrpcStatus.UNAUTHENTICATED,
      GrpcStatus.FAILED_PRECONDITION,
      GrpcStatus.ALREADY_EXISTS,
      GrpcStatus.RESOURCE_EXHAUSTED,
    ].includes(code)
  );
}

/** A peer service that did not answer (stopped, restarting, too slow): the caller is as unavailable as it. */
function isPeerOutage(error: unknown): error is { code: number; details?: string } {
  const { code, metadata } = (error ?? {}) as { code?: unknown; metadata?: unknown };
  return metadata !== undefined && (code === GrpcStatus.UNAVAILABLE || code === GrpcStatus.DEADLINE_EXCEEDED);
}

/** Socket errors of a connection refused, reset or cut mid-request. */
const CONNECTION_LOST = /^(ECONN|EPIPE$|ETIMEDOUT$|EHOSTUNREACH$|ENETUNREACH$)/;

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart). */
const DATABASE_DOWN_STATES = /^(08|57P0[1-3])/;
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error|ECONNREFUSED|ECONNRESET|the database system is (starting up|shutting down)/i;

/** Postgres could not be reached or dropped the connection (the error itself, or TypeORM's wrapper of it). */
export function isDatabaseOutage(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && (DATABASE_DOWN_STATES.test(e.code) || CONNECTION_LOST.test(e.code))) return true;
    if (typeof e.message === 'string' && DATABASE_DOWN_MESSAGES.test(e.message)) return true;
    e = (e.driverError ?? e.cause) as Record<string, unknown> | undefined;
  }
  return false;
}

/** S3 answered 5xx (after the SDK's own retries) or dropped the connection mid-request. */
export function isStorageOutage(error: unknown): boolean {
  const e = (error ?? {}) as { $fault?: unknown; $metadata?: { httpStatusCode?: number }; code?: unknown };
  if (e.$fault === 'server' && (e.$metadata?.httpStatusCode ?? 500) >= 500) return true;
  return e.$metadata !== undefined && typeof e.code === 'string' && CONNECTION_LOST.test(e.code);
}

const UNAVAILABLE = JSON.stringify({
  message: 'The service is temporarily unavailable. Please try again in a moment.',
});

/**
 * The status and details a handler's failure is answered with: known errors
 * (RpcException, and a peer service's deliberate answer) pass through; a peer or
 * the database or storage being down is UNAVAILABLE; anything else is logged and
 * answered INTERNAL with a generic message, never a stack trace.
 */
export function rpcErrorOf(
  exception: unknown,
  logger: Pick<Logger, 'error' | 'warn'>,
): { code: number; message: string } {
  if (exception instanceof RpcException) return exception.getError() as { code: number; message: string };
  // A peer service's answer (say, projects' NOT_FOUND for another user's project) passes on as it was.
  if (isPeerAnswer(exception)) return { code: exception.code, message: exception.details };
  // A dependency that is down is an outage the caller can retry (503), not a fault of ours (500).
  if (isPeerOutage(exception) || isDatabaseOutage(exception) || isStorageOutage(exception)) {
    logger.warn({ err: exception }, 'a dependency is unavailable');
    return { code: GrpcStatus.UNAVAILABLE, message: UNAVAILABLE };
  }
  logger.error({ err: exception }, 'unhandled error in gRPC handler');
  return {
    code: GrpcStatus.INTERNAL,
    message: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
  };
}

/** Every gRPC handler's failure, answered as rpcErrorOf says. */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<never> {
    return throwError(() => rpcErrorOf(exception, this.logger));
  }
}

export type { ArgumentsHost };
