import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { runWithContext } from '@kerf/platform';

/** Every gateway request runs with its request id (and, once signed in, the user id) in context for gRPC calls and logs. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { userId?: string }>();
    return new Observable((subscriber) =>
      runWithContext({ requestId: String(request.id), ...(request.userId ? { userId: request.userId } : {}) }, () =>
        next.handle().subscribe(subscriber),
      ),
    );
  }
}
