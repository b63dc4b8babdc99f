import { once } from 'node:events';
import type { ServerReadableStream, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import type { Logger } from 'pino';
import { runWithContext } from '../logging/request-context';
import { contextOfCall } from './rpc-context.interceptor';
import { rpcErrorOf } from './rpc-exception.filter';

/**
 * Serves a client-streaming rpc (a @GrpcStreamCall handler, which Nest's
 * interceptors and filters do not reach) as a unary one is served: `handle`
 * runs in the request context of the call's metadata (actingUserId() works),
 * and a failure is answered as AllRpcExceptionsFilter answers it.
 */
export function serveClientStream<Req, Res>(
  call: ServerReadableStream<Req, Res>,
  callback: sendUnaryData<Res>,
  logger: Pick<Logger, 'error' | 'warn'>,
  handle: () => Promise<Res>,
): void {
  void runWithContext(contextOfCall(call.metadata), async () => {
    try {
      callback(null, await handle());
    } catch (exception) {
      const { code, message } = rpcErrorOf(exception, logger);
      callback(Object.assign(new Error(message), { code, details: message }));
    }
  });
}

/** The call of a server-streaming handler (its third argument), as fileChunks waits on it. */
export type ServerStreamCall = ServerWritableStream<unknown, unknown>;

/** Chunks of at most 256 KB: a server stream's messages stay far below gRPC's 4 MB cap. */
const CHUNK = 256 * 1024;

/**
 * A stored file as a server stream's messages: `opened` gives its body and the
 * fields of the first message (content type, size, name); then `{ data }` of
 * at most 256 KB each. The body is read only as fast as the caller takes the
 * messages (the call's send buffer full, reading waits for it to drain), so a
 * large file is never held in memory; a cancelled call stops the read.
 */
export function fileChunks<M extends { data: Uint8Array }>(
  call: ServerStreamCall,
  opened: () => Promise<{ body: AsyncIterable<Uint8Array>; head: Omit<M, 'data'> }>,
): Observable<M> {
  return new Observable<M>((subscriber) => {
    const stop = new AbortController();
    void (async () => {
      try {
        const { body, head } = await opened();
        let first = true;
        let pending = Buffer.alloc(0);
        const emit = async (data: Buffer) => {
          subscriber.next((first ? { ...head, data } : { data }) as unknown as M);
          first = false;
          if (call.writableNeedDrain) await once(call, 'drain', { signal: stop.signal });
        };
        for await (const part of body) {
          if (stop.signal.aborted) return;
          pending = pending.length ? Buffer.concat([pending, part]) : Buffer.from(part);
          while (pending.length >= CHUNK) {
            await emit(pending.subarray(0, CHUNK));
            pending = pending.subarray(CHUNK);
          }
        }
        if (pending.length || first) await emit(pending);
        subscriber.complete();
      } catch (error) {
        if (!stop.signal.aborted) subscriber.error(error);
      }
    })();
    return () => stop.abort();
  });
}
