import { randomUUID } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Metadata } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import { REQUEST_ID_KEY, USER_ID_KEY, runWithContext } from '../logging/request-context';

function first(metadata: Metadata | undefined, key: string): string | undefined {
  const value = metadata?.get?.(key)?.[0];
  return typeof value === 'string' && value ? value : undefined;
}

/** Puts the request id and acting user id of an incoming gRPC call into the request context. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const metadata = context.switchToRpc().getContext<Metadata | undefined>();
    const requestId = first(metadata, REQUEST_ID_KEY) ?? randomUUID();
    const userId = first(metadata, USER_ID_KEY);
    return new Observable((subscriber) =>
      runWithContext({ requestId, ...(userId ? { userId } : {}) }, () => next.handle().subscribe(subscriber)),
    );
  }
}
