import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type {
  Document,
  StagedUpload,
  UploadDocumentRequest,
  UploadStart,
} from '@kerf/contracts/generated/kerf/documents';
import type { CallOptions, ClientStreamCall } from '@kerf/platform/edge';
import type { Documents } from '../services/service-clients.module';

/** The client-streaming rpcs a file can go to: straight to a document, or staged for a batch. */
type UploadRpc = 'uploadDocument' | 'stageUpload';
type Answer<M extends UploadRpc> = M extends 'stageUpload' ? StagedUpload : Document;

/**
 * Streams one file to the documents service: `start`, then the file's chunks
 * as they arrive from the browser. A full gRPC send buffer pauses reading the
 * request, so memory stays flat; a failed file stops the stream at once.
 */
export function streamUpload<M extends UploadRpc = 'uploadDocument'>(
  documents: Documents,
  start: UploadStart,
  file: Readable,
  deadlineMs: number,
  rpc: M = 'uploadDocument' as M,
): Promise<Answer<M>> {
  const open = documents[rpc] as (options: CallOptions) => ClientStreamCall<UploadDocumentRequest, Answer<M>>;
  const { stream: call, response } = open({ deadlineMs });
  const done = new AbortController();
  let finished = false;
  const settled = response.finally(() => {
    finished = true;
    done.abort();
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
      // The browser went away mid-file (or the service answered early): the service drops what it had.
      if (!finished) call.cancel();
    } finally {
      file.resume(); // let the multipart parser move past whatever was not read
    }
  })();
  return settled;
}
