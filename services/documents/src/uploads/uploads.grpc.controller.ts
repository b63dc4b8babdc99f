import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { GrpcMethod, GrpcStreamCall } from '@nestjs/microservices';
import type { ServerReadableStream, sendUnaryData } from '@grpc/grpc-js';
import { RpcErrors, REQUEST_ID_KEY, USER_ID_KEY, currentContext, runWithContext } from '@kerf/platform';
import {
  DOCUMENTS_SERVICE_NAME,
  type CommitUploadsRequest,
  type DocumentList,
  type StagedUpload,
  type StagedUploadIds,
  type UploadDocumentRequest,
} from '@kerf/contracts/generated/kerf/documents';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { first, toServiceError } from '../documents/documents.grpc.controller';
import { toDocumentMessage } from '../documents/documents.service';
import { UploadsService } from './uploads.service';

function actingUserId(): string {
  const userId = currentContext()?.userId;
  if (!userId) throw RpcErrors.unauthenticated();
  return userId;
}

/** The batch upload rpcs: stage each file, then commit the batch or discard it (issue 18). */
@Controller()
export class UploadsGrpcController {
  constructor(private readonly uploads: UploadsService) {}

  /** Client streaming, read as a Node stream so backpressure reaches the gateway (as uploadDocument). */
  @GrpcStreamCall(DOCUMENTS_SERVICE_NAME, 'stageUpload')
  stageUpload(call: ServerReadableStream<UploadDocumentRequest, StagedUpload>, callback: sendUnaryData<StagedUpload>) {
    const requestId = first(call.metadata, REQUEST_ID_KEY) ?? randomUUID();
    const userId = first(call.metadata, USER_ID_KEY);
    void runWithContext({ requestId, ...(userId ? { userId } : {}) }, async () => {
      try {
        if (!userId) throw RpcErrors.unauthenticated();
        callback(null, await this.uploads.stage(userId, call));
      } catch (error) {
        callback(toServiceError(error));
      }
    });
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'commitUploads')
  async commitUploads(request: CommitUploadsRequest): Promise<DocumentList> {
    const documents = await this.uploads.commit(actingUserId(), {
      projectId: request.projectId ?? '',
      documentType: request.documentType ?? '',
      ids: request.ids ?? [],
    });
    return { documents: documents.map(toDocumentMessage) };
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'discardUploads')
  async discardUploads(request: StagedUploadIds): Promise<Empty> {
    await this.uploads.discard(actingUserId(), request.ids ?? []);
    return {};
  }
}
