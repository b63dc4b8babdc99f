import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { Metadata, ServerWritableStream } from '@grpc/grpc-js';
import type { Observable } from 'rxjs';
import { actingUserId, fileChunks } from '@kerf/platform';
import {
  DOCUMENTS_SERVICE_NAME,
  type DocumentFileChunk,
  type DocumentFileRequest,
} from '@kerf/contracts/generated/kerf/documents';
import { DocumentFileService } from './document-file.service';

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
    return fileChunks(call, async () => {
      const file = await this.files.open(userId, request.id ?? '', {
        start: request.start === undefined ? undefined : Number(request.start),
        end: request.end === undefined ? undefined : Number(request.end),
      });
      return { body: file.body, head: { contentType: file.contentType, size: String(file.size) } };
    });
  }
}
