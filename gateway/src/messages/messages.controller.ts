import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { ChatMessage } from '@kerf/contracts/generated/kerf/ai-chat';
import { AI_CHAT, type AiChat } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

const sendBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    content: z.string({ error: 'Message must be text' }).max(20_000, 'Message is too long: at most 20,000 characters'),
    type: z.enum(['text', 'file'], { error: 'type must be text or file' }).optional(),
    documentId: z.string({ error: 'documentId must be text' }).nullish(),
    selectedDocumentIds: z.array(z.string(), { error: 'selectedDocumentIds must be a list of ids' }).optional(),
  },
  { error: 'Send the message as a JSON object' },
);

/** SPEC §3 messages as the screens read them; metadata carries each quantity's source. */
function toMessageResponse(message: ChatMessage) {
  return {
    id: message.id,
    projectId: message.projectId,
    content: message.content,
    sender: message.sender,
    type: message.type,
    documentId: message.documentId ?? null,
    metadata: JSON.parse(message.metadataJson || '{}') as unknown,
    createdAt: message.createdAt,
  };
}

/** SPEC §7 messages: the project's chat, and a send that answers the whole list. */
@Controller('api/messages')
@UseGuards(SignedInGuard)
export class MessagesController {
  constructor(@Inject(AI_CHAT) private readonly aiChat: AiChat) {}

  @Get()
  async list(@Query('projectId') projectId?: string) {
    if (!projectId) throw new BadRequestException({ message: 'projectId is required' });
    const { messages } = await this.aiChat.listMessages({ projectId });
    return (messages ?? []).map(toMessageResponse);
  }

  @Post()
  @HttpCode(200)
  async send(@Body() body: unknown) {
    const input = parseBody(sendBody, body);
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
    return (messages ?? []).map(toMessageResponse);
  }
}
