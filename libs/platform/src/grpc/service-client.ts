import { Metadata } from '@grpc/grpc-js';
import type { ClientGrpc } from '@nestjs/microservices';
import { firstValueFrom, type Observable } from 'rxjs';
import { REQUEST_ID_KEY, USER_ID_KEY, currentContext } from '../logging/request-context';

type Promisified<T> = {
  [K in keyof T]: T[K] extends (request: infer R, metadata?: Metadata) => Observable<infer O>
    ? (request: R, options?: CallOptions) => Promise<O>
    : never;
};

export interface CallOptions {
  /** Milliseconds before the call fails with DEADLINE_EXCEEDED. */
  deadlineMs?: number;
  /** Acting user, when it is not the one in the request context. */
  userId?: string;
  /** Further metadata for this call only (for example the client address for login throttling). */
  metadata?: Record<string, string>;
}

/**
 * A typed, promise-returning view of a gRPC service. Every call carries the
 * request id and acting user id of the current request context in its
 * metadata and has a deadline (5 s unless told otherwise).
 */
export function serviceClient<T extends object>(
  client: ClientGrpc,
  serviceName: string,
  defaultDeadlineMs = 5_000,
): Promisified<T> {
  const service = client.getService<Record<string, (...args: unknown[]) => Observable<unknown>>>(serviceName);
  // Unary calls go to grpc-js directly: Nest's Observable wrapper around each
  // call cost more CPU than the call itself on the gateway's busiest path.
  const raw = client.getClientByServiceName<Record<string, RawMethod>>(serviceName);
  // A plain object with one wrapper per rpc (no Proxy: Nest probes providers for hooks and `then`).
  const wrapped: Record<string, (request: unknown, options?: CallOptions) => Promise<unknown>> = {};
  for (const method of Object.keys(service)) {
    const rawMethod = raw[method];
    const unary = rawMethod && !rawMethod.requestStream && !rawMethod.responseStream;
    wrapped[method] = (request, options = {}) => {
      const metadata = callMetadata(options);
      const deadline = Date.now() + (options.deadlineMs ?? defaultDeadlineMs);
      if (!unary) return firstValueFrom(service[method]!(request, metadata, { deadline }));
      return new Promise((resolve, reject) => {
        // grpc-js captures a caller stack (new Error()) on every call, for its error messages only;
        // on the gateway's busiest path that capture was a twentieth of the CPU. Our errors carry
        // the request id instead, so the capture is made stackless for the synchronous call.
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
          rawMethod.call(raw, request, metadata, { deadline }, (error, response) =>
            error ? reject(error) : resolve(response),
          );
        } finally {
          Error.stackTraceLimit = stackTraceLimit;
        }
      });
    };
  }
  return wrapped as Promisified<T>;
}

type RawMethod = ((
  request: unknown,
  metadata: Metadata,
  options: { deadline: number },
  callback: (error: Error | null, response?: unknown) => void,
) => unknown) & { requestStream?: boolean; responseStream?: boolean };

/** The request id and acting user of the current request context, and any metadata the call adds. */
export function callMetadata(options: CallOptions): Metadata {
  const context = currentContext();
  const metadata = new Metadata();
  if (context?.requestId) metadata.set(REQUEST_ID_KEY, context.requestId);
  const userId = options.userId ?? context?.userId;
  if (userId) metadata.set(USER_ID_KEY, userId);
  for (const [key, value] of Object.entries(options.metadata ?? {})) if (value) metadata.set(key, value);
  return metadata;
}
