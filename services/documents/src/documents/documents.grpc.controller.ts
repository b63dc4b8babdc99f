import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod, GrpcStreamCall } from '@nestjs/microservices';
import type { ServerReadableStream, sendUnaryData } from '@grpc/grpc-js';
import { from, type Observable } from 'rxjs';
import type { Logger } from 'pino';
import { LOGGER, actingUserId, serveClientStream } from '@kerf/platform';
import {
  DOCUMENTS_SERVICE_NAME,
  type Document as DocumentMessage,
  type DocumentAnalysisResult,
  type DocumentId,
  type DocumentList,
  type DocumentsOfProject,
  type DrawingGeometryResult,
  type ListDocumentsRequest,
  type PageText,
  type ProjectAnalysis,
  type SearchDocumentsRequest,
  type SearchDocumentsResult,
  type SetDrawingUnitsRequest,
  type SetPageBoundariesRequest,
  type SetPageScaleRequest,
  type UploadDocumentRequest,
} from '@kerf/contracts/generated/kerf/documents';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { UploadsService } from '../uploads/uploads.service';
import { AnalysisQueue } from '../analysis/analysis-queue';
import { DocumentCorrectionsService } from './document-corrections.service';
import { DrawingGeometryService } from './drawing-geometry.service';
import { DocumentsService, toAnalysisResult, toDocumentMessage } from './documents.service';

@Controller()
export class DocumentsGrpcController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly corrections: DocumentCorrectionsService,
    private readonly uploads: UploadsService,
    private readonly drawingGeometry: DrawingGeometryService,
    private readonly queue: AnalysisQueue,
    @Inject(LOGGER) private readonly logger: Logger,
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

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'setPageBoundaries')
  async setPageBoundaries(request: SetPageBoundariesRequest): Promise<DocumentAnalysisResult> {
    const { document, json } = await this.corrections.setPageBoundaries(actingUserId(), request.id ?? '', {
      page: request.page ?? 0,
      lines: request.lines ?? [],
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

  /** Server streaming: one document a message, so no answer nears gRPC's message size cap. */
  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'listAnalyses')
  listAnalyses(request: DocumentsOfProject): Observable<ProjectAnalysis> {
    const userId = actingUserId();
    const { projectId = '', documentIds = [] } = request;
    return from(
      (async function* (documents: DocumentsService) {
        for (const { document, json } of await documents.analyses(userId, projectId, documentIds))
          yield { document: toDocumentMessage(document), analysisJson: json, revision: document.analysisRevision };
      })(this.documents),
    );
  }

  /** Server streaming: one page a message. */
  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'getPageTexts')
  getPageTexts(request: DocumentsOfProject): Observable<PageText> {
    return from(this.documents.pageTexts(actingUserId(), request.projectId ?? '', request.documentIds ?? []));
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
    serveClientStream(call, callback, this.logger, async () => {
      const document = await this.uploads.upload(actingUserId(), call);
      // Committed: its analysis starts now rather than at the queue's next poll.
      this.queue.wake();
      return toDocumentMessage(document);
    });
  }
}
