import { Controller } from '@nestjs/common';
import { GrpcMethod, GrpcStreamCall } from '@nestjs/microservices';
import type { Metadata, ServerReadableStream, sendUnaryData } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { RpcErrors, REQUEST_ID_KEY, USER_ID_KEY, currentContext, runWithContext } from '@kerf/platform';
import {
  DOCUMENTS_SERVICE_NAME,
  type Document as DocumentMessage,
  type DocumentAnalysisResult,
  type DocumentId,
  type DocumentList,
  type DrawingGeometryResult,
  type ListDocumentsRequest,
  type SearchDocumentsRequest,
  type SearchDocumentsResult,
  type SetDrawingUnitsRequest,
  type SetPageScaleRequest,
  type UploadDocumentRequest,
} from '@kerf/contracts/generated/kerf/documents';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { UploadsService } from '../uploads/uploads.service';
import { DocumentCorrectionsService } from './document-corrections.service';
import { DrawingGeometryService } from './drawing-geometry.service';
import { DocumentsService, toAnalysisResult, toDocumentMessage } from './documents.service';

export function actingUserId(): string {
  const userId = currentContext()?.userId;
  if (!userId) throw RpcErrors.unauthenticated();
  return userId;
}

export const first = (metadata: Metadata, key: string) => {
  const value = metadata.get(key)[0];
  return typeof value === 'string' && value ? value : undefined;
};

@Controller()
export class DocumentsGrpcController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly corrections: DocumentCorrectionsService,
    private readonly uploads: UploadsService,
    private readonly drawingGeometry: DrawingGeometryService,
  ) {}

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'listDocuments')
  async listDocuments(request: ListDocumentsRequest): Promise<DocumentList> {
    const documents = await this.documents.list(actingUserId(), request.projectId ?? '', request.documentType);
    return { documents: documents.map(toDocumentMessage) };
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'getDocument')
  async getDocument(request: DocumentId): Promise<DocumentMessage> {
    return toDocumentMessage(await this.documents.get(actingUserId(), request.id ?? ''));
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'getAnalysis')
  async getAnalysis(request: DocumentId): Promise<DocumentAnalysisResult> {
    const { document, json } = await this.documents.analysis(actingUserId(), request.id ?? '');
    return toAnalysisResult(document, json);
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'getDrawingGeometry')
  async getDrawingGeometry(request: DocumentId): Promise<DrawingGeometryResult> {
    return { geometryJson: await this.drawingGeometry.geometryJson(actingUserId(), request.id ?? '') };
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'setDrawingUnits')
  async setDrawingUnits(request: SetDrawingUnitsRequest): Promise<DocumentAnalysisResult> {
    const { document, json } = await this.corrections.setDrawingUnits(
      actingUserId(),
      request.id ?? '',
      request.unit ?? '',
      request.setBy ?? '',
    );
    return toAnalysisResult(document, json);
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'setPageScale')
  async setPageScale(request: SetPageScaleRequest): Promise<DocumentAnalysisResult> {
    const { document, json } = await this.corrections.setPageScale(actingUserId(), request.id ?? '', {
      page: request.page ?? 0,
      from: request.from,
      to: request.to,
      distance: request.distance ?? Number.NaN,
      unit: request.unit ?? '',
      setBy: request.setBy ?? '',
    });
    return toAnalysisResult(document, json);
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'searchDocuments')
  async searchDocuments(request: SearchDocumentsRequest): Promise<SearchDocumentsResult> {
    const hits = await this.documents.search(actingUserId(), {
      projectId: request.projectId ?? '',
      query: request.query ?? '',
      documentIds: request.documentIds ?? [],
      limit: request.limit ?? 0,
    });
    return { hits };
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'deleteDocument')
  async deleteDocument(request: DocumentId): Promise<Empty> {
    await this.documents.delete(actingUserId(), request.id ?? '');
    return {};
  }

  /**
   * Client streaming: the raw call is read as a Node stream, so backpressure
   * reaches the gateway (and the browser) through HTTP/2 flow control.
   */
  @GrpcStreamCall(DOCUMENTS_SERVICE_NAME, 'uploadDocument')
  uploadDocument(
    call: ServerReadableStream<UploadDocumentRequest, DocumentMessage>,
    callback: sendUnaryData<DocumentMessage>,
  ) {
    const requestId = first(call.metadata, REQUEST_ID_KEY) ?? randomUUID();
    const userId = first(call.metadata, USER_ID_KEY);
    void runWithContext({ requestId, ...(userId ? { userId } : {}) }, async () => {
      try {
        if (!userId) throw RpcErrors.unauthenticated();
        const document = await this.uploads.upload(userId, call);
        callback(null, toDocumentMessage(document));
      } catch (error) {
        callback(toServiceError(error));
      }
    });
  }
}

/** An RpcException (or any error) as grpc-js's callback wants it. */
export function toServiceError(error: unknown) {
  const rpc = error as { getError?: () => unknown; code?: number; details?: string };
  const payload = rpc.getError?.() as { code?: number; message?: string } | undefined;
  if (payload && typeof payload.code === 'number')
    return Object.assign(new Error(payload.message), { code: payload.code, details: payload.message ?? '' });
  // A peer service's answer (projects' NOT_FOUND) passes on as it was.
  if (typeof rpc.code === 'number' && typeof rpc.details === 'string')
    return Object.assign(new Error(rpc.details), { code: rpc.code, details: rpc.details });
  return Object.assign(new Error('Internal error'), { code: 13, details: 'Something went wrong on our side.' });
}
