import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod, GrpcStreamCall } from '@nestjs/microservices';
import type { ServerReadableStream, sendUnaryData } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { LOGGER, actingUserId, serveClientStream } from '@kerf/platform';
import {
  DOCUMENTS_SERVICE_NAME,
  type CommitUploadsRequest,
  type DocumentList,
  type StagedUpload,
  type StagedUploadIds,
  type UploadDocumentRequest,
} from '@kerf/contracts/generated/kerf/documents';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { toDocumentMessage } from '../documents/documents.service';
import { AnalysisQueue } from '../analysis/analysis-queue';
import { UploadsService } from './uploads.service';

/** The batch upload rpcs: stage each file, then commit the batch or discard it (issue 18). */
@Controller()
export class UploadsGrpcController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly queue: AnalysisQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Client streaming, read as a Node stream so backpressure reaches the gateway (as uploadDocument). */
  @GrpcStreamCall(DOCUMENTS_SERVICE_NAME, 'stageUpload')
  stageUpload(call: ServerReadableStream<UploadDocumentRequest, StagedUpload>, callback: sendUnaryData<StagedUpload>) {
    serveClientStream(call, callback, this.logger, () => this.uploads.stage(actingUserId(), call));
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'commitUploads')
  async commitUploads(request: CommitUploadsRequest): Promise<DocumentList> {
    const documents = await this.uploads.commit(actingUserId(), {
      projectId: request.projectId ?? '',
      documentType: request.documentType ?? '',
      ids: request.ids ?? [],
    });
    // Committed: their analyses start now rather than at the queue's next poll.
    this.queue.wake();
    return { documents: documents.map(toDocumentMessage) };
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'discardUploads')
  async discardUploads(request: StagedUploadIds): Promise<Empty> {
    await this.uploads.discard(actingUserId(), request.ids ?? []);
    return {};
  }
}
