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

/**
 * Known errors (RpcException, and a peer service's deliberate answer) pass through; anything else is logged and answered
 * INTERNAL with a generic message, never a stack trace.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<never> {
    if (exception instanceof RpcException) return throwError(() => exception.getError());
    // A peer service's answer (say, projects' NOT_FOUND for another user's project) passes on as it was.
    if (isPeerAnswer(exception)) return throwError(() => ({ code: exception.code, message: exception.details }));
    this.logger.error({ err: exception }, 'unhandled error in gRPC handler');
    return throwError(() => ({
      code: GrpcStatus.INTERNAL,
      message: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
    }));
  }
}

export type { ArgumentsHost };
