import { Transform, pipeline, type Readable } from 'node:stream';
import type { ClientReadableStream } from '@grpc/grpc-js';
import { firstMessage } from '@kerf/platform/edge';

/**
 * A file a service streams as `{ data }` messages (documents' and estimates'
 * downloads), read for an HTTP reply: `first` is awaited before any header goes
 * out, so a failure (NOT_FOUND, …) is still a JSON error; `bytes` is the whole
 * file with backpressure, and a browser that goes away cancels the call (and
 * the service's read from S3 with it).
 */
export async function streamedFile<M extends { data: Uint8Array }>(
  call: ClientReadableStream<M>,
): Promise<{ first: M | null; bytes: Readable }> {
  const first = await firstMessage(call);
  const bytes = new Transform({
    writableObjectMode: true,
    transform(message: M, _encoding, done) {
      done(null, Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
    },
  });
  if (first) bytes.write(first);
  pipeline(call, bytes, (error) => {
    if (error) call.cancel();
  });
  return { first, bytes };
}
