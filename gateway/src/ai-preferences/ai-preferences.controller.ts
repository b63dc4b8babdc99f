import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { AiPreferences } from '@kerf/contracts/generated/kerf/ai-chat';
import { AI_CHAT, type AiChat } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

const text = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? undefined);
const preferencesBody = z.object(
  {
    // SPEC §7 sends the user id too; the acting user is the session's, whatever it says.
    userId: z.unknown().optional(),
    customPrompt: text('Custom instructions'),
    responseStyle: text('Response style'),
    documentFocus: text('Document focus'),
    contextSize: z
      .number({ error: 'Context size must be a number' })
      .int('Context size must be a whole number')
      .optional(),
  },
  { error: 'Send the settings as a JSON object' },
);

/** SPEC §3 ai_preferences as the screens read them. */
function toResponse(preferences: AiPreferences) {
  return {
    id: preferences.found ? preferences.id : null,
    customPrompt: preferences.customPrompt ?? null,
    contextSize: preferences.contextSize,
    documentFocus: preferences.documentFocus ?? null,
    responseStyle: preferences.responseStyle,
    updatedAt: preferences.updatedAt || null,
  };
}

/** SPEC §7 AI preferences: one set per user, the defaults until saved. */
@Controller('api/ai-preferences')
@UseGuards(SignedInGuard)
export class AiPreferencesController {
  constructor(@Inject(AI_CHAT) private readonly aiChat: AiChat) {}

  @Get()
  async get() {
    return toResponse(await this.aiChat.getAiPreferences({}));
  }

  @Post()
  @HttpCode(200)
  async save(@Body() body: unknown) {
    const { userId: _ignored, ...input } = parseBody(preferencesBody, body);
    return toResponse(await this.aiChat.saveAiPreferences(input));
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    const { userId: _ignored, ...input } = parseBody(preferencesBody, body);
    return toResponse(await this.aiChat.saveAiPreferences({ id, ...input }));
  }
}
