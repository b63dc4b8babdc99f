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
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import type { TakeoffItem } from '@kerf/contracts/generated/kerf/documents';
import type { Material } from '@kerf/contracts/generated/kerf/ai-chat';
import { AI_CHAT, DOCUMENTS, type AiChat, type Documents } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

const POINTS_MESSAGE = 'points must be a list of [x, y] pairs of numbers, in page points (origin top left, y down).';
const coordinate = z.number({ error: POINTS_MESSAGE });
const points = z.array(z.tuple([coordinate, coordinate], { error: POINTS_MESSAGE }), { error: POINTS_MESSAGE });
const name = z.string({ error: 'Give the takeoff item a name, for example "Carpet, room 101".' });
const category = z
  .string({ error: 'category must be text' })
  .nullish()
  .transform((value) => value ?? undefined);

const createBody = z.object(
  {
    documentId: z.string({ error: 'documentId is required: the document the item is measured on.' }),
    page: z
      .number({ error: 'page must be a page number (1, 2, …); a DXF or DWG drawing is page 1.' })
      .int({ error: 'page must be a page number (1, 2, …); a DXF or DWG drawing is page 1.' }),
    kind: z.enum(['length', 'area', 'count'], { error: 'kind must be length, area or count.' }),
    name,
    category,
    points,
  },
  {
    error:
      'Send the takeoff item as a JSON object: { "documentId": "…", "page": 1, "kind": "area", "name": "Carpet", "points": [[x, y], …] }',
  },
);

const updateBody = z.object(
  {
    name: name.optional(),
    /** null or "" clears it. */
    category: z
      .string({ error: 'category must be text' })
      .nullish()
      .transform((value) => (value === null ? '' : value)),
    points: points.optional(),
  },
  { error: 'Send the changes as a JSON object: { "name"?, "category"?, "points"? }' },
);

/** One of item, room, layer or symbol of one document; the page of a PDF sheet's room, layer or symbol. */
const fromTakeoffBody = z
  .object(
    {
      documentId: z.string({ error: 'documentId is required: the document the quantity is taken from.' }),
      itemId: z.string({ error: 'itemId must be a takeoff item id' }).optional(),
      room: z.string({ error: 'room must be a room name' }).optional(),
      layer: z.string({ error: 'layer must be a layer name' }).optional(),
      symbol: z.string({ error: 'symbol must be a symbol (block) name' }).optional(),
      page: z
        .number({ error: 'page must be a page number' })
        .int({ error: 'page must be a page number' })
        .min(1, {
          error: 'page must be a page number',
        })
        .optional(),
    },
    { error: 'Send { "documentId": "…", "itemId" | "room" | "layer" | "symbol": "…", "page"? } as a JSON object' },
  )
  .refine((body) => [body.itemId, body.room, body.layer, body.symbol].filter((v) => v?.trim()).length === 1, {
    error: 'Say what to send to the materials list: one of itemId, room, layer or symbol.',
  });

/** Issue 17's takeoff item as the viewer reads it: points as [x, y] pairs, the quantity a decimal string. */
export function toTakeoffItemResponse(item: TakeoffItem) {
  return {
    id: item.id,
    documentId: item.documentId,
    projectId: item.projectId,
    page: item.page,
    kind: item.kind,
    name: item.name,
    category: item.category ?? null,
    points: (item.points ?? []).map((point) => [point.x ?? 0, point.y ?? 0]),
    quantity: item.quantity,
    unit: item.unit,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

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
    // Without the oneof markers (`_page: 'page'`) the proto loader adds for optional fields.
    origin: material.origin
      ? Object.fromEntries(
          Object.entries(material.origin).filter(([key, value]) => !key.startsWith('_') && value != null),
        )
      : null,
    status: material.status || 'kept',
    createdAt: material.createdAt,
    updatedAt: material.updatedAt,
  };
}

/** Issue 17: hand takeoff items (kept by documents) and sending a takeoff quantity to the materials list (ai-chat). */
@Controller('api')
@UseGuards(SignedInGuard)
export class TakeoffItemsController {
  constructor(
    @Inject(DOCUMENTS) private readonly documents: Documents,
    @Inject(AI_CHAT) private readonly aiChat: AiChat,
  ) {}

  @Get('takeoff-items')
  async list(@Query('documentId') documentId?: string, @Query('projectId') projectId?: string) {
    if (!documentId && !projectId)
      throw new BadRequestException({ message: 'Say whose takeoff items to list: ?documentId= or ?projectId=' });
    const { items } = await this.documents.listTakeoffItems(documentId ? { documentId } : { projectId });
    return (items ?? []).map(toTakeoffItemResponse);
  }

  @Post('takeoff-items')
  @HttpCode(201)
  async create(@Body() body: unknown) {
    const input = parseBody(createBody, body);
    const item = await this.documents.createTakeoffItem({
      ...input,
      points: input.points.map(([x, y]) => ({ x, y })),
    });
    return toTakeoffItemResponse(item);
  }

  @Patch('takeoff-items/:id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(updateBody, body);
    const item = await this.documents.updateTakeoffItem({
      id,
      name: input.name,
      category: input.category,
      setPoints: input.points !== undefined,
      points: (input.points ?? []).map(([x, y]) => ({ x, y })),
    });
    return toTakeoffItemResponse(item);
  }

  @Delete('takeoff-items/:id')
  async remove(@Param('id') id: string) {
    await this.documents.deleteTakeoffItem({ id });
    return { success: true };
  }

  /**
   * A takeoff item, or a room, layer or symbol group of a document's automatic
   * takeoff, into the materials list in one action: `{ documentId, itemId | room |
   * layer | symbol, page? }` answers the material (201), created or updated.
   */
  @Post('materials/from-takeoff')
  @HttpCode(201)
  async toMaterials(@Body() body: unknown) {
    const input = parseBody(fromTakeoffBody, body);
    return toMaterialResponse(await this.aiChat.addMaterialFromTakeoff(input));
  }
}
