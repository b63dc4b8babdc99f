import { Metadata, type ClientReadableStream, type ClientWritableStream } from '@grpc/grpc-js';
import type { ClientGrpc } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { REQUEST_ID_KEY, USER_ID_KEY, currentContext } from '../logging/request-context';

/** A client-streaming call: write the request messages to `stream`, then end it; `response` is the one answer. */
export interface ClientStreamCall<Req, Res> {
  stream: ClientWritableStream<Req>;
  response: Promise<Res>;
}

/**
 * A typed view of a gRPC service as ts-proto declares it: unary rpcs return a
 * promise, client-streaming rpcs a ClientStreamCall, and the server-streaming
 * rpcs named in `Streams` (ts-proto's types do not tell them from unary ones)
 * grpc-js's readable stream of answers.
 */
export type ServiceClient<T, Streams extends keyof T = never> = {
  [K in keyof T]: T[K] extends (request: infer R, metadata?: Metadata) => Observable<infer O>
    ? R extends Observable<infer M>
      ? (options?: CallOptions) => ClientStreamCall<M, O>
      : K extends Streams
        ? (request: R, options?: CallOptions) => ClientReadableStream<O>
        : (request: R, options?: CallOptions) => Promise<O>
    : never;
};

export interface CallOptions {
  /** Milliseconds before the call fails with DEADLINE_EXCEEDED (streams have none unless told). */
  deadlineMs?: number;
  /** Acting user, when it is not the one in the request context. */
  userId?: string;
  /** Further metadata for this call only (for example the client address for login throttling). */
  metadata?: Record<string, string>;
}

/**
 * A typed view of a gRPC service over grpc-js. Every call carries the request
 * id and acting user id of the current request context in its metadata; a
 * unary call has a deadline (5 s unless told otherwise).
 */
export function serviceClient<T extends object, Streams extends keyof T = never>(
  client: ClientGrpc,
  serviceName: string,
  defaultDeadlineMs = 5_000,
): ServiceClient<T, Streams> {
  // Calls go to grpc-js directly: Nest's Observable wrapper around each call
  // cost more CPU than the call itself on the gateway's busiest path.
  const raw = client.getClientByServiceName<Record<string, RawMethod>>(serviceName);
  const methods = Object.keys(client.getService<Record<string, unknown>>(serviceName));
  // A plain object with one wrapper per rpc (no Proxy: Nest probes providers for hooks and `then`).
  const wrapped: Record<string, (...args: never[]) => unknown> = {};
  for (const method of methods) {
    const rawMethod = raw[method]!;
    if (rawMethod.requestStream) {
      wrapped[method] = (options: CallOptions = {}) => {
        let settle!: (error: Error | null, response?: unknown) => void;
        const response = new Promise((resolve, reject) => {
          settle = (error, answer) => (error ? reject(error) : resolve(answer));
        });
        response.catch(() => undefined); // the caller awaits it; an early failure must not go unhandled meanwhile
        const stream = stackless(() => rawMethod.call(raw, callMetadata(options), callOptions(options), settle));
        return { stream, response };
      };
    } else if (rawMethod.responseStream) {
      wrapped[method] = (request: unknown, options: CallOptions = {}) =>
        stackless(() => rawMethod.call(raw, request, callMetadata(options), callOptions(options)));
    } else {
      wrapped[method] = (request: unknown, options: CallOptions = {}) =>
        new Promise((resolve, reject) => {
          const deadline = Date.now() + (options.deadlineMs ?? defaultDeadlineMs);
          stackless(() =>
            rawMethod.call(raw, request, callMetadata(options), { deadline }, (error: Error | null, answer: unknown) =>
              error ? reject(error) : resolve(answer),
            ),
          );
        });
    }
  }
  return wrapped as ServiceClient<T, Streams>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- grpc-js's methods take differing argument lists
type RawMethod = ((...args: any[]) => any) & { requestStream?: boolean; responseStream?: boolean };

const callOptions = (options: CallOptions) =>
  options.deadlineMs === undefined ? {} : { deadline: Date.now() + options.deadlineMs };

/**
 * grpc-js captures a caller stack (new Error()) on every call, for its error
 * messages only; on the gateway's busiest path that capture was a twentieth of
 * the CPU. Our errors carry the request id instead, so the synchronous call is
 * made stackless.
 */
function stackless<R>(call: () => R): R {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return call();
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

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

/**
 * The first answer of a server stream, or null when it ends without one; the
 * stream is paused after it, so the rest can be piped on. A failure before the
 * first answer rejects (an HTTP route can still answer a JSON error then).
 */
export function firstMessage<T>(call: ClientReadableStream<T>): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const onData = (message: T) => {
      cleanup();
      call.pause();
      resolve(message);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const cleanup = () => {
      call.off('data', onData);
      call.off('error', onError);
      call.off('end', onEnd);
    };
    call.on('data', onData);
    call.on('error', onError);
    call.on('end', onEnd);
  });
}
