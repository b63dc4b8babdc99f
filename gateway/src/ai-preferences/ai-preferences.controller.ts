import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { aiPreferencesRoutes as routes, answer } from '@kerf/contracts/http';
import type { AiPreferences } from '@kerf/contracts/generated/kerf/ai-chat';
import { AI_CHAT, type AiChat } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** The defaults until saved: no id, no time (`found` says which, and stays on the wire). */
const unsaved = ({ found, ...preferences }: AiPreferences) => ({
  ...preferences,
  id: found ? preferences.id : null,
  updatedAt: preferences.updatedAt || null,
});

/** SPEC §7 AI preferences: one set per user, the defaults until saved. */
@Controller('api/ai-preferences')
@UseGuards(SignedInGuard)
export class AiPreferencesController {
  constructor(@Inject(AI_CHAT) private readonly aiChat: AiChat) {}

  @Get()
  async get() {
    return answer(routes.get, unsaved(await this.aiChat.getAiPreferences({})));
  }

  @Post()
  @HttpCode(200)
  async save(@Body() body: unknown) {
    const { userId: _ignored, ...input } = parseBody(routes.save.body, body);
    return answer(routes.save, unsaved(await this.aiChat.saveAiPreferences(input)));
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    const { userId: _ignored, ...input } = parseBody(routes.update.body, body);
    return answer(routes.update, unsaved(await this.aiChat.saveAiPreferences({ id, ...input })));
  }
}
