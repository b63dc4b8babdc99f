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
import type { TakeoffItem } from '@kerf/contracts/generated/kerf/documents';
import { answer, takeoffItemRoutes as routes } from '@kerf/contracts/http';
import { AI_CHAT, DOCUMENTS, type AiChat, type Documents } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** Points cross gRPC as { x, y }; the API has them as [x, y] pairs. */
const toPairs = (points: TakeoffItem['points'] | undefined) =>
  (points ?? []).map((point) => [point.x ?? 0, point.y ?? 0]);
const toRings = (holes: number[][][] | undefined) =>
  (holes ?? []).map((ring) => ({ points: ring.map(([x, y]) => ({ x: x!, y: y! })) }));
const withPairs = (item: TakeoffItem) => ({
  ...item,
  points: toPairs(item.points),
  holes: (item.holes ?? []).map((ring) => toPairs(ring.points)),
});

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
    return answer(routes.list, (items ?? []).map(withPairs));
  }

  @Post('takeoff-items')
  @HttpCode(201)
  async create(@Body() body: unknown) {
    const input = parseBody(routes.create.body, body);
    const item = await this.documents.createTakeoffItem({
      ...input,
      points: input.points.map(([x, y]) => ({ x, y })),
      holes: toRings(input.holes),
    });
    return answer(routes.create, withPairs(item));
  }

  @Patch('takeoff-items/:id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(routes.update.body, body);
    const item = await this.documents.updateTakeoffItem({
      id,
      name: input.name,
      category: input.category,
      setPoints: input.points !== undefined,
      points: (input.points ?? []).map(([x, y]) => ({ x, y })),
      setHoles: input.holes !== undefined,
      holes: toRings(input.holes),
    });
    return answer(routes.update, withPairs(item));
  }

  @Delete('takeoff-items/:id')
  async remove(@Param('id') id: string) {
    await this.documents.deleteTakeoffItem({ id });
    return answer(routes.remove, { success: true });
  }

  /**
   * A takeoff item, or a room, layer or symbol group of a document's automatic
   * takeoff, into the materials list in one action: `{ documentId, itemId | room |
   * layer | symbol, page? }` answers the material (201), created or updated.
   */
  @Post('materials/from-takeoff')
  @HttpCode(201)
  async toMaterials(@Body() body: unknown) {
    const input = parseBody(routes.toMaterials.body, body);
    return answer(routes.toMaterials, await this.aiChat.addMaterialFromTakeoff(input));
  }
}
