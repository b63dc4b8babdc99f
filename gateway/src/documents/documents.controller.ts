import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Document, DocumentAnalysisResult } from '@kerf/contracts/generated/kerf/documents';
import { DOCUMENTS, DOCUMENTS_RAW, IDENTITY, type Documents, type Identity } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';
import type { RawDocumentsClient } from './upload-stream';
import { receiveUploadBatch } from './upload-batch';

const UNITS = ['in', 'ft', 'mm', 'cm', 'm'] as const;
/** As the documents service words it too. */
const UNIT_CHOICES = 'in, ft, mm, cm or m';
const unitsMessage = `units must be one of ${UNIT_CHOICES}.`;

const unitsBody = z.object(
  { units: z.enum(UNITS, { error: unitsMessage }) },
  { error: 'Send the drawing units as a JSON object: { "units": "in" }' },
);

const pagePoint = (end: 'from' | 'to') =>
  z
    .tuple([z.number(), z.number()], { error: `${end} must be a point [x, y] on the page, in points.` })
    .refine(([x, y]) => Number.isFinite(x) && Number.isFinite(y), {
      error: `${end} must be a point [x, y] on the page, in points.`,
    });

/** The shape of a calibration; what the numbers mean (a zero-length line, a page too far) the service checks. */
const scaleBody = z.object(
  {
    from: pagePoint('from'),
    to: pagePoint('to'),
    distance: z.number({ error: 'distance must be a number greater than zero: the real length of the line.' }),
    unit: z.enum(UNITS, { error: `unit must be one of ${UNIT_CHOICES}.` }),
  },
  { error: 'Send the calibration as a JSON object: { "from": [x, y], "to": [x, y], "distance": 10, "unit": "ft" }' },
);

/** The analysis of issue 6 with its revision, the user's corrections and a redone analysis under way. */
function toAnalysisResponse(result: DocumentAnalysisResult, kind: string) {
  const analysis = result.analysisJson
    ? (JSON.parse(result.analysisJson) as object)
    : { kind, quantities: [] as unknown[] };
  return {
    ...analysis,
    status: result.status,
    revision: result.revision ?? 0,
    overrides: result.overridesJson ? (JSON.parse(result.overridesJson) as object) : {},
    reanalysis: result.reanalysis ?? null,
    reanalysisError: result.reanalysisError ?? null,
  };
}

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
    /** pending or processing while the analysis is redone after a correction; else null. */
    reanalysis: document.reanalysis ?? null,
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

  /**
   * The analysis of issue 6: `{ status, error?, kind, units?, layers?, blocks?, rooms?, warnings?, pages?, quantities }`,
   * with `revision`, `overrides` (the user's corrections), `reanalysis` (pending or processing while it is
   * redone after a correction, else null) and `reanalysisError`.
   */
  @Get('documents/:id/analysis')
  async analysis(@Param('id') id: string) {
    const [document, result] = await Promise.all([
      this.documents.getDocument({ id }),
      this.documents.getAnalysis({ id }),
    ]);
    return toAnalysisResponse(result, document.filetype);
  }

  /** Issue 15: the drawing units of a DXF or DWG whose header is wrong; the analysis is redone with them. */
  @Put('documents/:id/units')
  async setUnits(@Param('id') id: string, @Body() body: unknown) {
    const { units } = parseBody(unitsBody, body);
    const result = await this.documents.setDrawingUnits({ id, unit: units, setBy: await this.actingName() });
    return toAnalysisResponse(result, result.analysisJson ? '' : (await this.documents.getDocument({ id })).filetype);
  }

  /** Issue 16: a PDF page's scale from a line of known length (page points, origin top left, y down). */
  @Put('documents/:id/pages/:page/scale')
  async setPageScale(@Param('id') id: string, @Param('page') page: string, @Body() body: unknown) {
    if (!/^\d{1,6}$/.test(page))
      throw new BadRequestException({ message: `The page must be a page number (1, 2, …), not "${page}".` });
    const { from, to, distance, unit } = parseBody(scaleBody, body);
    const result = await this.documents.setPageScale({
      id,
      page: Number(page),
      from: { x: from[0], y: from[1] },
      to: { x: to[0], y: to[1] },
      distance,
      unit,
      setBy: await this.actingName(),
    });
    return toAnalysisResponse(result, 'pdf');
  }

  @Delete('documents/:id')
  async remove(@Param('id') id: string) {
    await this.documents.deleteDocument({ id });
    return { success: true };
  }

  /** The signed-in user as a correction names them: first and last name, else their username. */
  private async actingName(): Promise<string> {
    const user = await this.identity.getUser({});
    return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
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
