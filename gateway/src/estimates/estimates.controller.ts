import { Readable } from 'node:stream';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { Metadata } from '@grpc/grpc-js';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import { z } from 'zod';
import { SERVICES } from '@kerf/contracts';
import { REQUEST_ID_KEY, USER_ID_KEY, currentContext } from '@kerf/platform/edge';
import type {
  Assembly,
  Estimate,
  EstimateFileRequest,
  FileChunk,
  PriceList,
} from '@kerf/contracts/generated/kerf/estimates';
import { ESTIMATES, ESTIMATES_GRPC, type Estimates } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** A percentage from JSON: a number (or numeric string) with at most two decimals, within bounds. */
const percent = (field: string, max: number) =>
  z
    .union([z.number({ error: `${field} must be a number` }), z.string({ error: `${field} must be a number` })], {
      error: `${field} must be a number`,
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || !Number.isFinite(Number(text))) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a number between 0 and ${max}` });
        return z.NEVER;
      }
      if (Number(text) > max) {
        ctx.addIssue({ code: 'custom', message: `${field} must be between 0 and ${max}` });
        return z.NEVER;
      }
      return text;
    });

const generateBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    overheadPercentage: percent('Overhead percentage', 50).optional(),
    profitMargin: percent('Profit margin', 30).optional(),
    includeTimeline: z.boolean({ error: 'includeTimeline must be true or false' }).optional(),
    includeMilestones: z.boolean({ error: 'includeMilestones must be true or false' }).optional(),
    priceListId: z
      .string({ error: 'priceListId must be text' })
      .nullish()
      .transform((v) => v ?? undefined),
    laborRate: z
      .union([z.number(), z.string()], { error: 'laborRate must be a number' })
      .transform((v) => String(v))
      .optional(),
    crewSize: z.number({ error: 'crewSize must be a number' }).optional(),
  },
  { error: 'Send the generation options as a JSON object' },
);
const statusBody = z.object(
  {
    status: z.enum(['draft', 'final', 'approved', 'archived'], {
      error: 'Status must be draft, final, approved or archived',
    }),
  },
  { error: 'Send the status as a JSON object' },
);

const priceItem = z.object({
  code: z.string().optional(),
  division: z.string().optional(),
  name: z.string({ error: 'Each item needs a name' }),
  unit: z.string({ error: 'Each item needs a unit' }),
  materialCost: z.union([z.number(), z.string()]).transform(String).optional(),
  laborHours: z.union([z.number(), z.string()]).transform(String).optional(),
  equipmentCost: z.union([z.number(), z.string()]).transform(String).optional(),
});
const createPriceListBody = z.object(
  {
    name: z.string({ error: 'Price list name is required' }),
    format: z.enum(['csv', 'xlsx', 'items'], { error: 'Format must be csv, xlsx or items' }).default('items'),
    /** The file's bytes, base64-encoded (csv and xlsx). */
    content: z.string({ error: 'content must be the file as base64' }).optional(),
    items: z.array(priceItem, { error: 'items must be a list' }).optional(),
  },
  { error: 'Send the price list as a JSON object' },
);
const updatePriceListBody = z.object(
  {
    name: z.string({ error: 'Price list name must be text' }).optional(),
    items: z.array(priceItem, { error: 'items must be a list' }).optional(),
  },
  { error: 'Send the changes as a JSON object' },
);

const chooseBody = z.object(
  {
    key: z.string({ error: 'key is required' }),
    kind: z.enum(['item', 'assembly'], { error: 'kind must be item or assembly' }),
    code: z.string({ error: 'code is required' }),
  },
  { error: 'Send the choice as a JSON object' },
);

const decimalText = (field: string) =>
  z.union([z.number(), z.string()], { error: `${field} must be a number` }).transform(String);
const assemblyComponent = z.object(
  {
    name: z.string({ error: 'Each component needs a name' }),
    unit: z.string({ error: 'Each component needs a unit' }),
    perUnit: decimalText('Quantity per unit'),
    wastePercent: decimalText('Waste').default('0'),
    materialCost: decimalText('Material cost').default('0'),
    laborHours: decimalText('Labour hours').default('0'),
    equipmentCost: decimalText('Equipment cost').default('0'),
  },
  { error: 'Each component must be an object' },
);
const assemblyBody = z.object(
  {
    name: z.string({ error: 'Assembly name is required' }),
    description: z.string({ error: 'Description must be text' }).default(''),
    division: z.string({ error: 'Division must be text' }).default(''),
    unit: z.string({ error: 'Unit is required' }),
    keywords: z.string({ error: 'Keywords must be text' }).default(''),
    components: z.array(assemblyComponent, { error: 'components must be a list' }),
  },
  { error: 'Send the assembly as a JSON object' },
);

/** SPEC §3 estimate fields as the screens read them; money stays a string. */
export function toEstimateResponse(estimate: Estimate) {
  return {
    id: estimate.id,
    projectId: estimate.projectId,
    title: estimate.title,
    summary: estimate.summary,
    totalCost: estimate.totalCost,
    currency: estimate.currency,
    laborCost: estimate.laborCost,
    materialCost: estimate.materialCost,
    equipmentCost: estimate.equipmentCost,
    overheadPercentage: estimate.overheadPercentage,
    profitMargin: estimate.profitMargin,
    estimateData: JSON.parse(estimate.estimateDataJson || '{}') as unknown,
    status: estimate.status,
    generatedByAI: estimate.generatedByAi,
    pdfUrl: estimate.pdfUrl ?? null,
    validUntil: estimate.validUntil,
    createdAt: estimate.createdAt,
    updatedAt: estimate.updatedAt,
  };
}

const toAssemblyResponse = (a: Assembly) => ({
  id: a.id || null,
  code: a.code,
  name: a.name,
  description: a.description,
  division: a.division,
  unit: a.unit,
  keywords: a.keywords,
  kinds: a.kinds ?? [],
  components: a.components ?? [],
  starter: a.starter,
  updatedAt: a.updatedAt ?? null,
});

const toPriceListResponse = (list: PriceList) => ({
  id: list.id,
  name: list.name,
  items: list.items ?? [],
  createdAt: list.createdAt,
  updatedAt: list.updatedAt,
});

interface FileStreamClient {
  downloadEstimateFile(request: EstimateFileRequest, metadata: Metadata): Observable<FileChunk>;
}

@Controller('api')
@UseGuards(SignedInGuard)
export class EstimatesController {
  private readonly files: FileStreamClient;

  constructor(
    @Inject(ESTIMATES) private readonly estimates: Estimates,
    @Inject(ESTIMATES_GRPC) grpc: ClientGrpc,
  ) {
    this.files = grpc.getService<FileStreamClient>(SERVICES.estimates.serviceName);
  }

  @Post('estimates/generate')
  @HttpCode(201)
  async generate(@Body() body: unknown) {
    const input = parseBody(generateBody, body);
    // Rendering the PDF takes a moment; allow it more than the default deadline.
    return toEstimateResponse(await this.estimates.generateEstimate(input, { deadlineMs: 60_000 }));
  }

  @Get('estimates')
  async list(@Query('projectId') projectId: string | undefined) {
    const { estimates } = await this.estimates.listEstimates({ projectId: projectId ?? '' });
    return (estimates ?? []).map(toEstimateResponse);
  }

  @Patch('estimates/:id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    const { status } = parseBody(statusBody, body);
    return toEstimateResponse(await this.estimates.updateEstimateStatus({ id, status }));
  }

  @Delete('estimates/:id')
  async remove(@Param('id') id: string) {
    return this.estimates.deleteEstimate({ id });
  }

  @Get('estimates/:id/pdf')
  pdf(@Param('id') id: string, @Res() reply: FastifyReply) {
    return this.stream(id, 'pdf', reply);
  }

  @Get('estimates/:id/xlsx')
  xlsx(@Param('id') id: string, @Res() reply: FastifyReply) {
    return this.stream(id, 'xlsx', reply);
  }

  /** One click on a "needs a price" candidate: priced, remembered, and the estimate re-priced. */
  @Post('estimates/:id/choices')
  @HttpCode(200)
  async choose(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(chooseBody, body);
    return toEstimateResponse(await this.estimates.choosePrice({ estimateId: id, ...input }, { deadlineMs: 60_000 }));
  }

  @Get('assemblies')
  async assemblies() {
    const { assemblies } = await this.estimates.listAssemblies({});
    return (assemblies ?? []).map(toAssemblyResponse);
  }

  @Post('assemblies')
  @HttpCode(201)
  async createAssembly(@Body() body: unknown) {
    const input = parseBody(assemblyBody, body);
    return toAssemblyResponse(await this.estimates.createAssembly({ id: '', ...input }));
  }

  @Put('assemblies/:id')
  async updateAssembly(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(assemblyBody, body);
    return toAssemblyResponse(await this.estimates.updateAssembly({ id, ...input }));
  }

  @Delete('assemblies/:id')
  async removeAssembly(@Param('id') id: string) {
    return this.estimates.deleteAssembly({ id });
  }

  @Get('price-mappings')
  async priceMappings() {
    const { mappings } = await this.estimates.listPriceMappings({});
    return mappings ?? [];
  }

  @Delete('price-mappings/:id')
  async removePriceMapping(@Param('id') id: string) {
    return this.estimates.deletePriceMapping({ id });
  }

  @Get('price-lists')
  async priceLists() {
    const { priceLists } = await this.estimates.listPriceLists({});
    return (priceLists ?? []).map(toPriceListResponse);
  }

  @Post('price-lists')
  @HttpCode(201)
  async createPriceList(@Body() body: unknown) {
    const input = parseBody(createPriceListBody, body);
    return toPriceListResponse(
      await this.estimates.createPriceList({
        name: input.name,
        format: input.format,
        content: input.content ? Buffer.from(input.content, 'base64') : Buffer.alloc(0),
        items: (input.items ?? []).map(withDefaults),
      }),
    );
  }

  @Patch('price-lists/:id')
  async updatePriceList(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(updatePriceListBody, body);
    return toPriceListResponse(
      await this.estimates.updatePriceList({
        id,
        name: input.name,
        replaceItems: input.items !== undefined,
        items: (input.items ?? []).map(withDefaults),
      }),
    );
  }

  @Delete('price-lists/:id')
  async removePriceList(@Param('id') id: string) {
    return this.estimates.deletePriceList({ id });
  }

  /**
   * Streams a stored file from the service's chunks. The first chunk is awaited
   * before any header is sent, so NOT_FOUND and the like still answer as JSON errors.
   */
  private async stream(id: string, format: 'pdf' | 'xlsx', reply: FastifyReply) {
    const context = currentContext();
    const metadata = new Metadata();
    if (context?.requestId) metadata.set(REQUEST_ID_KEY, context.requestId);
    if (context?.userId) metadata.set(USER_ID_KEY, context.userId);
    const source = this.files.downloadEstimateFile({ id, format }, metadata);
    const queue: Buffer[] = [];
    let done = false;
    let failure: unknown;
    let wake: (() => void) | undefined;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    const subscription = source.subscribe({
      next: (chunk) => {
        queue.push(Buffer.from(chunk.data));
        if (queue.length === 1 && chunk.filename) first = chunk;
        notify();
      },
      error: (error: unknown) => {
        failure = error;
        done = true;
        notify();
      },
      complete: () => {
        done = true;
        notify();
      },
    });
    let first: FileChunk | undefined;
    const next = async (): Promise<Buffer | undefined> => {
      while (!queue.length && !done) await new Promise<void>((resolve) => (wake = resolve));
      if (queue.length) return queue.shift();
      if (failure) throw failure;
      return undefined;
    };
    let head: Buffer | undefined;
    try {
      head = await next();
    } catch (error) {
      subscription.unsubscribe();
      throw error;
    }
    const body = Readable.from(
      (async function* () {
        if (head) yield head;
        for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
      })(),
    );
    body.on('close', () => subscription.unsubscribe());
    return reply
      .header('content-type', first?.contentType ?? (format === 'pdf' ? 'application/pdf' : 'application/octet-stream'))
      .header('content-disposition', `attachment; filename="${first?.filename ?? `estimate-${id}.${format}`}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  }
}

function withDefaults(item: z.infer<typeof priceItem>) {
  return {
    code: item.code ?? '',
    division: item.division ?? '',
    name: item.name,
    unit: item.unit,
    materialCost: item.materialCost ?? '0',
    laborHours: item.laborHours ?? '0',
    equipmentCost: item.equipmentCost ?? '0',
  };
}
