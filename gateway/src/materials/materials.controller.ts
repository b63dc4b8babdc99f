import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Material, QuantityOrigin } from '@kerf/contracts/generated/kerf/ai-chat';
import { AI_CHAT, type AiChat } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** A quantity as the screens send it: a number or a decimal string; it crosses as a string. */
const quantity = z.union([z.number(), z.string()], { error: 'Quantity must be a number' }).transform(String);
const optionalText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? undefined);

/** Where a quantity came from: ai-chat checks each field; here only its shape crosses. */
const origin = z
  .object(
    {
      documentId: optionalText('origin.documentId'),
      documentName: optionalText('origin.documentName'),
      revision: z.number({ error: 'origin.revision must be a whole number' }).int().nullish(),
      kind: optionalText('origin.kind'),
      ref: optionalText('origin.ref'),
      page: z.number({ error: 'origin.page must be a whole number' }).int().nullish(),
      dimension: optionalText('origin.dimension'),
    },
    { error: 'origin must be an object' },
  )
  .nullish()
  .transform((value) =>
    value
      ? (Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as QuantityOrigin)
      : undefined,
  );
const createBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    name: z.string({ error: 'Material name is required' }),
    quantity,
    unit: z.string({ error: 'Unit is required' }),
    category: optionalText('Category'),
    notes: optionalText('Notes'),
    source: optionalText('Source'),
    origin,
    status: optionalText('Status'),
  },
  { error: 'Send the material as a JSON object' },
);
const updateBody = z.object(
  {
    name: optionalText('Name'),
    quantity: quantity.optional(),
    unit: optionalText('Unit'),
    category: optionalText('Category'),
    notes: optionalText('Notes'),
    status: optionalText('Status'),
  },
  { error: 'Send the changes as a JSON object' },
);
const keepBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    ids: z
      .array(z.string({ error: 'ids must be material ids' }), { error: 'ids must be a list of material ids' })
      .max(1000)
      .optional(),
  },
  { error: 'Send { projectId, ids? } as a JSON object' },
);

/** SPEC §3 materials as the screens read them; the quantity stays a decimal string. */
function toMaterialResponse(material: Material) {
  return {
    id: material.id,
    projectId: material.projectId,
    name: material.name,
    quantity: material.quantity,
    unit: material.unit,
    category: material.category ?? null,
    notes: material.notes ?? null,
    source: material.source,
    /** The document and the layer, block, room, page or item the quantity came from; null for a hand-made line. */
    origin: material.origin ?? null,
    /** kept, or proposed: taken from a reply and not yet kept by the user. */
    status: material.status || 'kept',
    /** The user changed the quantity or unit by hand. */
    edited: material.edited ?? false,
    createdAt: material.createdAt,
    updatedAt: material.updatedAt,
  };
}

/** SPEC §7 materials, with edit, delete and the Excel export beyond the spec. */
@Controller('api/materials')
@UseGuards(SignedInGuard)
export class MaterialsController {
  constructor(@Inject(AI_CHAT) private readonly aiChat: AiChat) {}

  @Get()
  async list(@Query('projectId') projectId?: string) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const { materials } = await this.aiChat.listMaterials({ projectId });
    return (materials ?? []).map(toMaterialResponse);
  }

  /** The list as XLSX: header row, then name, quantity, unit, category, source (document and layer, block, room or page), status, added by, notes. */
  @Get('export')
  async export(@Query('projectId') projectId: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const workbook = await this.aiChat.exportMaterials({ projectId });
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', `attachment; filename="${workbook.filename}"`);
    return Buffer.from(workbook.content);
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown) {
    return toMaterialResponse(await this.aiChat.createMaterial(parseBody(createBody, body)));
  }

  /** Keeps the named proposed materials, or every proposed one of the project; answers the list. */
  @Post('keep')
  @HttpCode(200)
  async keep(@Body() body: unknown) {
    const { projectId, ids } = parseBody(keepBody, body);
    const { materials } = await this.aiChat.keepMaterials({ projectId, ids: ids ?? [] });
    return (materials ?? []).map(toMaterialResponse);
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    return toMaterialResponse(await this.aiChat.updateMaterial({ id, ...parseBody(updateBody, body) }));
  }

  @Delete(':id')
  async remove(@Param('id') id: string) {
    await this.aiChat.deleteMaterial({ id });
    return { success: true };
  }
}
