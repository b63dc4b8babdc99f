import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  EventOutbox,
  RpcErrors,
  S3_CLIENT,
  S3_CONFIG,
  parseRequest,
  actingUserId,
  isId,
  PROJECTS,
  DOCUMENTS,
  AI_CHAT,
  type S3Config,
  type Projects,
  type Documents,
  type AiChat,
} from '@kerf/platform';
import { Estimate } from './estimate.entity';
import { PriceList } from '../price-lists/price-list.entity';
import { candidatesFor, computeEstimate } from '../engine/cost-engine';
import type { EngineResult, EstimateData } from '../engine/estimate-data';
import type { MaterialInput } from '../engine/matching';
import { conversionFactor } from '@kerf/takeoff';
import { AssembliesService } from '../assemblies/assemblies.service';
import type { Material } from '@kerf/contracts/generated/kerf/ai-chat';
import { documentsFloorArea } from './documents-floor-area';
import { ESTIMATES_CONFIG, type EstimatesConfig } from '../config';
import { upstream } from '../upstream';
import { PdfRenderer } from '../render/pdf';
import { renderXlsx, type RenderableEstimate } from '../render/xlsx';
import { writeEstimateText } from './ai-writer';

export const STATUSES = ['draft', 'final', 'approved', 'archived'] as const;

const percent = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a number` })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `${field} must be a number with at most two decimals`)
    .refine((value) => Number(value) <= max, `${field} must be between 0 and ${max}`);

const generateSchema = z.object({
  projectId: z.string({ error: 'projectId is required' }).refine(isId, 'Project not found'),
  overheadPercentage: percent('Overhead percentage', 50).default('15'),
  profitMargin: percent('Profit margin', 30).default('10'),
  includeTimeline: z.boolean().default(true),
  includeMilestones: z.boolean().default(true),
  priceListId: z.string().refine(isId, 'Price list not found').optional(),
  laborRate: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Labour rate must be an amount in dollars per hour')
    .optional(),
  crewSize: z
    .number()
    .int('Crew size must be a whole number')
    .min(1, 'Crew size must be at least 1')
    .max(100, 'Crew size must be at most 100')
    .optional(),
});

type GenerateOptions = z.infer<typeof generateSchema>;

const chooseSchema = z.object({
  estimateId: z.string({ error: 'estimateId is required' }),
  key: z.string({ error: 'key is required' }).min(1, 'key is required').max(1000),
  kind: z.enum(['item', 'assembly'], { error: 'kind must be item or assembly' }),
  code: z.string({ error: 'code is required' }).min(1, 'code is required').max(100),
});

/** ai-chat's material as the engine reads it: with where it came from and whether it is kept. */
function toMaterialInput(m: Material): MaterialInput {
  const origin = m.origin;
  return {
    id: m.id,
    name: m.name,
    quantity: m.quantity,
    unit: m.unit,
    category: m.category,
    status: m.status || 'kept',
    ...(origin && (origin.ref || origin.kind || origin.documentName)
      ? {
          origin: {
            documentId: origin.documentId,
            documentName: origin.documentName,
            revision: origin.revision,
            kind: origin.kind,
            ref: origin.ref,
            page: origin.page,
            dimension: origin.dimension,
          },
        }
      : {}),
  };
}

const statusSchema = z.object({
  id: z.string(),
  status: z.enum(STATUSES, { error: `Status must be one of ${STATUSES.join(', ')}` }),
});

export const fileKey = (estimate: { projectId: string; id: string }, format: 'pdf' | 'xlsx') =>
  `estimates/${estimate.projectId}/${estimate.id}.${format}`;

@Injectable()
export class EstimatesService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly pdf: PdfRenderer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
    @Inject(PROJECTS) private readonly projects: Projects,
    @Inject(AI_CHAT) private readonly aiChat: AiChat,
    @Inject(DOCUMENTS) private readonly documents: Documents,
    @Inject(ESTIMATES_CONFIG) private readonly config: EstimatesConfig,
    @Inject(AssembliesService) private readonly assemblies: AssembliesService,
  ) {
    this.pdf = new PdfRenderer(config.CHROMIUM_PATH);
  }

  /** The first estimate should not pay for a browser launch (tests start many services, so not there). */
  onApplicationBootstrap() {
    if (process.env.NODE_ENV !== 'test') this.pdf.warm();
  }

  async onModuleDestroy() {
    await this.pdf.close();
  }

  /** The project, if the acting user owns it (projects answers NOT_FOUND otherwise). */
  private async ownedProject(projectId: string) {
    if (!isId(projectId)) throw RpcErrors.notFound('Project not found');
    return upstream(this.projects.getProject({ id: projectId }), 'projects');
  }

  async generate(request: unknown): Promise<Estimate> {
    const userId = actingUserId();
    const input = parseRequest(generateSchema, request);
    const project = await this.ownedProject(input.projectId);
    const now = new Date();
    const estimate = this.dataSource.getRepository(Estimate).create({
      id: randomUUID(),
      projectId: project.id,
      userId,
      title: `Estimate for ${project.name}`,
      currency: 'USD',
      status: 'draft',
      validUntil: new Date(now.getTime() + this.config.ESTIMATES_VALID_DAYS * 86_400_000),
      createdAt: now,
      updatedAt: now,
    });
    try {
      await this.price(estimate, project.name, input, userId);
      return await this.dataSource.transaction(async (manager) => {
        const saved = await manager.save(estimate);
        await this.outbox.add(manager, 'estimate-generated', { estimateId: saved.id, projectId: saved.projectId });
        return saved;
      });
    } catch (error) {
      // The estimate is not saved: a file stored before the failure (one of the two, when the other's
      // write failed, or both) would be left behind with nothing referring to it.
      if (estimate.pdfKey) await this.removeFiles([estimate]).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Prices the project's materials into the estimate (its numbers, text and files),
   * with the user's price list, own assemblies and remembered choices.
   */
  private async price(estimate: Estimate, projectName: string, input: GenerateOptions, userId: string) {
    const priceList = input.priceListId
      ? await this.dataSource.getRepository(PriceList).findOneBy({ id: input.priceListId, userId })
      : undefined;
    if (input.priceListId && !priceList) throw RpcErrors.notFound('Price list not found');
    const { materials } = await upstream(this.aiChat.listMaterials({ projectId: estimate.projectId }), 'materials');
    if (!(materials ?? []).length) {
      throw RpcErrors.precondition({
        message: 'This project has no materials yet. Add materials in the chat before generating an estimate.',
        code: 'NO_MATERIALS',
      });
    }
    const [assemblies, mappings, drawingsArea] = await Promise.all([
      this.assemblies.userAssemblies(userId),
      this.assemblies.mappingsFor(userId),
      documentsFloorArea(this.documents, estimate.projectId),
    ]);
    const result: EngineResult = computeEstimate((materials ?? []).map(toMaterialInput), {
      overheadPercentage: input.overheadPercentage,
      profitMargin: input.profitMargin,
      includeTimeline: input.includeTimeline,
      includeMilestones: input.includeMilestones,
      laborRate: input.laborRate ?? this.config.ESTIMATES_LABOR_RATE,
      crewSize: input.crewSize ?? this.config.ESTIMATES_CREW_SIZE,
      priceList: priceList ? { name: priceList.name, items: priceList.items } : undefined,
      assemblies,
      mappings,
      drawingsFloorArea: drawingsArea,
    });
    const text = await writeEstimateText(projectName, result, {
      apiKey: this.config.AI_API_KEY,
      baseURL: this.config.AI_BASE_URL,
      model: this.config.AI_MODEL,
      timeoutMs: 20_000,
    });
    Object.assign(estimate, {
      summary: text.summary,
      totalCost: result.totalCost,
      laborCost: result.laborCost,
      materialCost: result.materialCost,
      equipmentCost: result.equipmentCost,
      overheadPercentage: result.overheadPercentage,
      profitMargin: result.profitMargin,
      // The options are kept so a choice made on the estimate re-prices it the same way.
      estimateData: { ...result.estimateData, assumptions: text.assumptions, options: input },
      generatedByAI: text.generatedByAI,
    });
    const renderable: RenderableEstimate = { ...estimate, projectName };
    const [pdf, xlsx] = await Promise.all([this.pdf.render(renderable), renderXlsx(renderable)]);
    estimate.pdfKey = fileKey(estimate, 'pdf');
    estimate.xlsxKey = fileKey(estimate, 'xlsx');
    // Both writes are over before a failure is thrown: the caller's cleanup must not run while the other
    // write (a retry, say) is still under way and lands after it, an object nothing refers to.
    const written = await Promise.allSettled([
      this.put(estimate.pdfKey, pdf, 'application/pdf'),
      this.put(estimate.xlsxKey, xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ]);
    const failed = written.find((write) => write.status === 'rejected');
    if (failed) throw failed.reason;
    estimate.pdfUrl = `/api/estimates/${estimate.id}/pdf`;
  }

  /**
   * One click on a "needs a price" candidate: the choice is remembered for the
   * material's source and the estimate is priced again with it.
   */
  async choosePrice(request: unknown): Promise<Estimate> {
    const input = parseRequest(chooseSchema, request);
    const estimate = await this.owned(input.estimateId);
    if (estimate.status === 'approved' || estimate.status === 'archived') {
      throw RpcErrors.conflict(
        `This estimate is ${estimate.status}: its prices stay as they are. Generate a new estimate to price it again.`,
        'ESTIMATE_LOCKED',
      );
    }
    const userId = estimate.userId;
    const data = estimate.estimateData as EstimateData & { options?: Partial<GenerateOptions> };
    // A material that needs a price, or a priced line the user prices differently.
    const line = (data.sections ?? []).flatMap((section) => section.items).find((item) => item.key === input.key);
    const entry =
      (data.unpriced ?? []).find((u) => u.key === input.key) ??
      (line?.sourceQuantity ? { name: line.material, unit: line.sourceQuantity.unit } : undefined);
    if (!entry) throw RpcErrors.invalid('That material is not in this estimate.');
    const options = generateSchema.parse({ projectId: estimate.projectId, ...(data.options ?? {}) });
    const priceList = options.priceListId
      ? await this.dataSource.getRepository(PriceList).findOneBy({ id: options.priceListId, userId })
      : undefined;
    const { all } = candidatesFor({
      priceList: priceList ? { name: priceList.name, items: priceList.items } : undefined,
      assemblies: await this.assemblies.userAssemblies(userId),
    });
    const target = all.find((c) => c.kind === input.kind && c.code === input.code);
    if (!target) throw RpcErrors.invalid('That price item or assembly does not exist.');
    if (conversionFactor(entry.unit, target.unit) === undefined) {
      throw RpcErrors.invalid(
        `${target.name} is priced per ${target.unit}, which does not measure what ${entry.name} (${entry.unit}) measures.`,
      );
    }
    await this.assemblies.remember(userId, {
      sourceKey: input.key,
      targetKind: target.kind,
      targetCode: target.code,
      targetName: target.name,
    });
    const project = await this.ownedProject(estimate.projectId);
    await this.price(estimate, project.name, options, userId);
    estimate.updatedAt = new Date();
    return this.dataSource.getRepository(Estimate).save(estimate);
  }

  async list(projectId: string): Promise<Estimate[]> {
    const userId = actingUserId();
    await this.ownedProject(projectId);
    return this.dataSource
      .getRepository(Estimate)
      .find({ where: { projectId, userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async owned(id: string, manager: EntityManager = this.dataSource.manager): Promise<Estimate> {
    const userId = actingUserId();
    const estimate = isId(id) ? await manager.findOneBy(Estimate, { id, userId }) : null;
    if (!estimate) throw RpcErrors.notFound('Estimate not found');
    // The project must still be the user's (projects is the owner of that fact).
    await this.ownedProject(estimate.projectId);
    return estimate;
  }

  async updateStatus(request: unknown): Promise<Estimate> {
    const input = parseRequest(statusSchema, request);
    const estimate = await this.owned(input.id);
    estimate.status = input.status;
    estimate.updatedAt = new Date();
    return this.dataSource.getRepository(Estimate).save(estimate);
  }

  async delete(id: string): Promise<void> {
    const estimate = await this.owned(id);
    await this.dataSource.getRepository(Estimate).delete({ id: estimate.id });
    await this.removeFiles([estimate]).catch(() => undefined);
  }

  /** The stored PDF or XLSX as a stream of chunks. */
  async file(
    id: string,
    format: string,
  ): Promise<{ body: AsyncIterable<Uint8Array>; contentType: string; filename: string }> {
    if (format !== 'pdf' && format !== 'xlsx') throw RpcErrors.invalid('Format must be pdf or xlsx');
    const estimate = await this.owned(id);
    const key = format === 'pdf' ? estimate.pdfKey : estimate.xlsxKey;
    if (!key) throw RpcErrors.notFound(`This estimate has no ${format.toUpperCase()} file`);
    const object = await this.s3.send(new GetObjectCommand({ Bucket: this.s3Config.S3_BUCKET, Key: key }));
    return {
      body: object.Body as AsyncIterable<Uint8Array>,
      contentType:
        format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `estimate-${estimate.id}.${format}`,
    };
  }

  /** project-deleted: the project's estimates and their files go. */
  async deleteForProject(projectId: string, manager: EntityManager): Promise<void> {
    const estimates = await manager.findBy(Estimate, { projectId });
    if (!estimates.length) return;
    await this.removeFiles(estimates);
    await manager.delete(Estimate, { projectId });
  }

  private async put(key: string, body: Buffer, contentType: string) {
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.s3Config.S3_BUCKET, Key: key, Body: body, ContentType: contentType }),
    );
  }

  private async removeFiles(estimates: Pick<Estimate, 'projectId' | 'id'>[]) {
    const keys = estimates.flatMap((e) => [fileKey(e, 'pdf'), fileKey(e, 'xlsx')]);
    await this.s3.send(
      new DeleteObjectsCommand({ Bucket: this.s3Config.S3_BUCKET, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
    );
  }
}
