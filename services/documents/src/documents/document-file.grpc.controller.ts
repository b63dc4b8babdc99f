import { once } from 'node:events';
import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { Metadata, ServerWritableStream } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import {
  DOCUMENTS_SERVICE_NAME,
  type DocumentFileChunk,
  type DocumentFileRequest,
} from '@kerf/contracts/generated/kerf/documents';
import { DocumentFileService } from './document-file.service';
import { actingUserId } from './documents.grpc.controller';

const CHUNK = 256 * 1024;

@Controller()
export class DocumentFileGrpcController {
  constructor(private readonly files: DocumentFileService) {}

  /**
   * Server streaming: S3's body is read only as fast as the gateway takes the
   * chunks (the call's send buffer full, reading waits for it to drain), so a
   * large drawing is never held in memory here.
   */
  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'downloadDocumentFile')
  downloadDocumentFile(
    request: DocumentFileRequest,
    _metadata: Metadata,
    call: ServerWritableStream<DocumentFileRequest, DocumentFileChunk>,
  ): Observable<DocumentFileChunk> {
    const userId = actingUserId();
    return new Observable<DocumentFileChunk>((subscriber) => {
      const stop = new AbortController();
      void (async () => {
        try {
          const file = await this.files.open(userId, request.id ?? '', {
            start: request.start === undefined ? undefined : Number(request.start),
            end: request.end === undefined ? undefined : Number(request.end),
          });
          let first = true;
          let pending = Buffer.alloc(0);
          const emit = async (data: Buffer) => {
            subscriber.next(first ? { data, contentType: file.contentType, size: String(file.size) } : { data });
            first = false;
            if (call.writableNeedDrain) await once(call, 'drain', { signal: stop.signal });
          };
          for await (const part of file.body) {
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
}
