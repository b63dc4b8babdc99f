import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { answer, messageRoutes } from '@kerf/contracts/http';
import type { ChatMessage } from '@kerf/contracts/generated/kerf/ai-chat';
import { AI_CHAT, type AiChat } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** The metadata (each quantity with its source) crosses gRPC as JSON text. */
const withMetadata = (messages: ChatMessage[] | undefined) =>
  (messages ?? []).map(({ metadataJson, ...message }) => ({
    ...message,
    metadata: JSON.parse(metadataJson || '{}') as Record<string, unknown>,
  }));

/** SPEC §7 messages: the project's chat, and a send that answers the whole list. */
@Controller('api/messages')
@UseGuards(SignedInGuard)
export class MessagesController {
  constructor(@Inject(AI_CHAT) private readonly aiChat: AiChat) {}

  @Get()
  async list(@Query('projectId') projectId?: string) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const { messages } = await this.aiChat.listMessages({ projectId });
    return answer(messageRoutes.list, withMetadata(messages));
  }

  @Post()
  @HttpCode(200)
  async send(@Body() body: unknown) {
    const input = parseBody(messageRoutes.send.body, body);
    const { messages } = await this.aiChat.sendMessage(
      {
        projectId: input.projectId,
        content: input.content,
        type: input.type ?? 'text',
        documentId: input.documentId ?? undefined,
        selectedDocumentIds: input.selectedDocumentIds ?? [],
      },
      { deadlineMs: 60_000 },
    );
    return answer(messageRoutes.send, withMetadata(messages));
  }
}
