import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { type Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { GrpcStatus } from './errors';

/**
 * Known errors (RpcException) pass through; anything else is logged and answered
 * INTERNAL with a generic message, never a stack trace.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<never> {
    if (exception instanceof RpcException) return throwError(() => exception.getError());
    this.logger.error({ err: exception }, 'unhandled error in gRPC handler');
    return throwError(() => ({
      code: GrpcStatus.INTERNAL,
      message: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
    }));
  }
}

export type { ArgumentsHost };
