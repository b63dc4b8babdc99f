import { randomUUID } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Metadata } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import { REQUEST_ID_KEY, USER_ID_KEY, runWithContext, type RequestContext } from '../logging/request-context';

function first(metadata: Metadata | undefined, key: string): string | undefined {
  const value = metadata?.get?.(key)?.[0];
  return typeof value === 'string' && value ? value : undefined;
}

/** The request id (a new one when the caller sent none) and acting user id of an incoming call's metadata. */
export function contextOfCall(metadata: Metadata | undefined): RequestContext {
  const requestId = first(metadata, REQUEST_ID_KEY) ?? randomUUID();
  const userId = first(metadata, USER_ID_KEY);
  return { requestId, ...(userId ? { userId } : {}) };
}

/** Puts the request id and acting user id of an incoming gRPC call into the request context. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const metadata = context.switchToRpc().getContext<Metadata | undefined>();
    return new Observable((subscriber) =>
      runWithContext(contextOfCall(metadata), () => next.handle().subscribe(subscriber)),
    );
  }
}
