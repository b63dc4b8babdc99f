import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ClientWritableStream, Metadata, ServiceError } from '@grpc/grpc-js';
import type {
  Document,
  StagedUpload,
  UploadDocumentRequest,
  UploadStart,
} from '@kerf/contracts/generated/kerf/documents';

type UploadCall<T> = (
  metadata: Metadata,
  options: { deadline: number },
  callback: (error: ServiceError | null, response?: T) => void,
) => ClientWritableStream<UploadDocumentRequest>;

/** The documents service's grpc-js client, as far as uploads use it. */
export interface RawDocumentsClient {
  uploadDocument: UploadCall<Document>;
  stageUpload: UploadCall<StagedUpload>;
}

/** The client-streaming rpcs a file can go to: straight to a document, or staged for a batch. */
type UploadRpc = 'uploadDocument' | 'stageUpload';
type Answer<M extends UploadRpc> = M extends 'stageUpload' ? StagedUpload : Document;

/**
 * Streams one file to the documents service: `start`, then the file's chunks
 * as they arrive from the browser. A full gRPC send buffer pauses reading the
 * request, so memory stays flat; a failed file stops the stream at once.
 */
export function streamUpload<M extends UploadRpc = 'uploadDocument'>(
  client: RawDocumentsClient,
  metadata: Metadata,
  start: UploadStart,
  file: Readable,
  deadlineMs: number,
  rpc: M = 'uploadDocument' as M,
): Promise<Answer<M>> {
  return new Promise((resolve, reject) => {
    let finished = false;
    const done = new AbortController();
    const method = client[rpc] as UploadCall<Answer<M>>;
    const call = method.call(client, metadata, { deadline: Date.now() + deadlineMs }, (error, response) => {
      finished = true;
      done.abort();
      if (error) reject(error);
      else resolve(response!);
    });
    call.write({ start });
    void (async () => {
      try {
        for await (const chunk of file) {
          if (finished) break;
          // At most 1 MB per message (gRPC refuses messages over 4 MB).
          for (let at = 0; at < (chunk as Buffer).length; at += 1024 * 1024) {
            if (!call.write({ chunk: (chunk as Buffer).subarray(at, at + 1024 * 1024) }))
              await once(call, 'drain', { signal: done.signal });
          }
        }
        if (!finished) call.end();
      } catch {
        // The browser went away mid-file: the service drops what it had.
        call.cancel();
      } finally {
        file.resume(); // let the multipart parser move past whatever was not read
      }
    })();
  });
}
