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
  UseGuards,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { DocumentAnalysisResult } from '@kerf/contracts/generated/kerf/documents';
import { answer, documentRoutes as routes } from '@kerf/contracts/http';
import { DOCUMENTS, IDENTITY, type Documents, type Identity } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';
import { receiveUploadBatch } from './upload-batch';

/**
 * The analysis of issue 6 with its revision, the user's corrections and a redone analysis
 * under way: the service keeps the analysis and the corrections as JSON text.
 */
function withAnalysis(result: DocumentAnalysisResult, kind: string) {
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

/** SPEC §7 documents: uploads stream through to the documents service, reads and deletes are scoped there. */
@Controller('api')
@UseGuards(SignedInGuard)
export class DocumentsController {
  constructor(
    @Inject(DOCUMENTS) private readonly documents: Documents,
    @Inject(IDENTITY) private readonly identity: Identity,
  ) {}

  @Get('documents')
  async list(@Query('projectId') projectId?: string, @Query('documentType') documentType?: string) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const { documents } = await this.documents.listDocuments({ projectId, documentType: documentType || undefined });
    return answer(routes.list, documents ?? []);
  }

  @Post('documents')
  @HttpCode(201)
  upload(@Req() request: FastifyRequest) {
    return this.receive(request);
  }

  /** The older upload path (SPEC §7): the project comes from the path. */
  @Post('projects/:projectId/documents')
  @HttpCode(201)
  uploadToProject(@Param('projectId') projectId: string, @Req() request: FastifyRequest) {
    return this.receive(request, projectId);
  }

  @Get('documents/:id')
  async get(@Param('id') id: string) {
    return answer(routes.get, await this.documents.getDocument({ id }));
  }

  /**
   * The analysis of issue 6: `{ status, error?, kind, units?, layers?, blocks?, rooms?, warnings?, roomNotes?, pages?, quantities }`,
   * with `revision`, `overrides` (the user's corrections), `reanalysis` (pending or processing while it is
   * redone after a correction, else null) and `reanalysisError`.
   */
  @Get('documents/:id/analysis')
  async analysis(@Param('id') id: string) {
    const [document, result] = await Promise.all([
      this.documents.getDocument({ id }),
      this.documents.getAnalysis({ id }),
    ]);
    return answer(routes.analysis, withAnalysis(result, document.filetype));
  }

  /** Issue 15: the drawing units of a DXF or DWG whose header is wrong; the analysis is redone with them. */
  @Put('documents/:id/units')
  async setUnits(@Param('id') id: string, @Body() body: unknown) {
    const { units } = parseBody(routes.setUnits.body, body);
    const result = await this.documents.setDrawingUnits({ id, unit: units, setBy: await this.actingName() });
    return answer(
      routes.setUnits,
      withAnalysis(result, result.analysisJson ? '' : (await this.documents.getDocument({ id })).filetype),
    );
  }

  /** Issue 16: a PDF page's scale from a line of known length (page points, origin top left, y down). */
  @Put('documents/:id/pages/:page/scale')
  async setPageScale(@Param('id') id: string, @Param('page') page: string, @Body() body: unknown) {
    const number = pageNumber(page);
    const { from, to, distance, unit } = parseBody(routes.setPageScale.body, body);
    const result = await this.documents.setPageScale({
      id,
      page: number,
      from: { x: from[0], y: from[1] },
      to: { x: to[0], y: to[1] },
      distance,
      unit,
      setBy: await this.actingName(),
    });
    return answer(routes.setPageScale, withAnalysis(result, 'pdf'));
  }

  /** Room boundaries drawn on a PDF page (page points), replacing its earlier ones; the rooms are measured again. */
  @Put('documents/:id/pages/:page/boundaries')
  async setPageBoundaries(@Param('id') id: string, @Param('page') page: string, @Body() body: unknown) {
    const number = pageNumber(page);
    const { lines } = parseBody(routes.setPageBoundaries.body, body);
    const result = await this.documents.setPageBoundaries({
      id,
      page: number,
      lines: lines.map(({ from, to }) => ({ from: { x: from[0], y: from[1] }, to: { x: to[0], y: to[1] } })),
      setBy: await this.actingName(),
    });
    return answer(routes.setPageBoundaries, withAnalysis(result, 'pdf'));
  }

  @Delete('documents/:id')
  async remove(@Param('id') id: string) {
    await this.documents.deleteDocument({ id });
    return answer(routes.remove, { success: true });
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
  private async receive(request: FastifyRequest, pathProjectId?: string) {
    if (!request.isMultipart())
      throw new BadRequestException({ message: 'Send the files as multipart/form-data with the field name file.' });
    // The file size limit of the user's plan is the documents service's to apply.
    const stored = await receiveUploadBatch(this.documents, request, { pathProjectId });
    return answer(routes.upload, stored.length === 1 ? stored[0] : stored);
  }
}

/** A page number from the path; anything else is a 400 saying so. */
function pageNumber(page: string): number {
  if (!/^\d{1,6}$/.test(page))
    throw new BadRequestException({ message: `The page must be a page number (1, 2, …), not "${page}".` });
  return Number(page);
}
