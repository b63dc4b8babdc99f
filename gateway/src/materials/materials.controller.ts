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
import type { QuantityOrigin } from '@kerf/contracts/generated/kerf/ai-chat';
import { answer, materialRoutes as routes } from '@kerf/contracts/http';
import { AI_CHAT, type AiChat } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** SPEC §7 materials, with edit, delete and the Excel export beyond the spec. */
@Controller('api/materials')
@UseGuards(SignedInGuard)
export class MaterialsController {
  constructor(@Inject(AI_CHAT) private readonly aiChat: AiChat) {}

  @Get()
  async list(@Query('projectId') projectId?: string) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const { materials } = await this.aiChat.listMaterials({ projectId });
    return answer(routes.list, materials ?? []);
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
    const input = parseBody(routes.create.body, body);
    return answer(
      routes.create,
      await this.aiChat.createMaterial({ ...input, origin: input.origin as QuantityOrigin }),
    );
  }

  /** Keeps the named proposed materials, or every proposed one of the project; answers the list. */
  @Post('keep')
  @HttpCode(200)
  async keep(@Body() body: unknown) {
    const { projectId, ids } = parseBody(routes.keep.body, body);
    const { materials } = await this.aiChat.keepMaterials({ projectId, ids: ids ?? [] });
    return answer(routes.keep, materials ?? []);
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    return answer(routes.update, await this.aiChat.updateMaterial({ id, ...parseBody(routes.update.body, body) }));
  }

  @Delete(':id')
  async remove(@Param('id') id: string) {
    await this.aiChat.deleteMaterial({ id });
    return answer(routes.remove, { success: true });
  }
}
