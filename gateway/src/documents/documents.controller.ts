import {
  BadRequestException,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Document } from '@kerf/contracts/generated/kerf/documents';
import { DOCUMENTS, DOCUMENTS_RAW, IDENTITY, type Documents, type Identity } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import type { RawDocumentsClient } from './upload-stream';
import { receiveUploadBatch } from './upload-batch';

/** SPEC §3 document fields as the screens read them (the storage key stays inside). */
function toDocumentResponse(document: Document) {
  return {
    id: document.id,
    projectId: document.projectId,
    filename: document.filename,
    filetype: document.filetype,
    filesize: Number(document.filesize),
    documentType: document.documentType,
    uploadedAt: document.uploadedAt,
    status: document.status,
    error: document.error ?? null,
    sha256: document.sha256,
  };
}

/** SPEC §7 documents: uploads stream through to the documents service, reads and deletes are scoped there. */
@Controller('api')
@UseGuards(SignedInGuard)
export class DocumentsController {
  constructor(
    @Inject(DOCUMENTS) private readonly documents: Documents,
    @Inject(DOCUMENTS_RAW) private readonly raw: RawDocumentsClient,
    @Inject(IDENTITY) private readonly identity: Identity,
  ) {}

  @Get('documents')
  async list(@Query('projectId') projectId?: string, @Query('documentType') documentType?: string) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const { documents } = await this.documents.listDocuments({ projectId, documentType: documentType || undefined });
    return (documents ?? []).map(toDocumentResponse);
  }

  @Post('documents')
  @HttpCode(201)
  upload(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.receive(request, reply);
  }

  /** The older upload path (SPEC §7): the project comes from the path. */
  @Post('projects/:projectId/documents')
  @HttpCode(201)
  uploadToProject(
    @Param('projectId') projectId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.receive(request, reply, projectId);
  }

  @Get('documents/:id')
  async get(@Param('id') id: string) {
    return toDocumentResponse(await this.documents.getDocument({ id }));
  }

  /** The analysis of issue 6: `{ status, error?, kind, units?, layers?, blocks?, rooms?, warnings?, pages?, quantities }`. */
  @Get('documents/:id/analysis')
  async analysis(@Param('id') id: string) {
    const [document, result] = await Promise.all([
      this.documents.getDocument({ id }),
      this.documents.getAnalysis({ id }),
    ]);
    if (!result.analysisJson) return { status: result.status, kind: document.filetype, quantities: [] };
    return { ...(JSON.parse(result.analysisJson) as object), status: result.status };
  }

  @Delete('documents/:id')
  async remove(@Param('id') id: string) {
    await this.documents.deleteDocument({ id });
    return { success: true };
  }

  /**
   * One multipart upload, kept whole or not at all (upload-batch.ts). One file
   * answers one document; several answer a list.
   */
  private async receive(request: FastifyRequest, reply: FastifyReply, pathProjectId?: string) {
    if (!request.isMultipart())
      throw new BadRequestException({ message: 'Send the files as multipart/form-data with the field name file.' });
    const user = await this.identity.getUser({});
    const tier = user.subscriptionTier ?? '';
    const freePlan =
      !(tier && tier !== 'free') && !(user.subscriptionExpiresAt && new Date(user.subscriptionExpiresAt) > new Date());
    const stored = await receiveUploadBatch({ documents: this.documents, raw: this.raw }, request, reply, {
      freePlan,
      pathProjectId,
    });
    return stored.length === 1 ? toDocumentResponse(stored[0]!) : stored.map(toDocumentResponse);
  }
}
