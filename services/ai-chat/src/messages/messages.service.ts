import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, Raw, type EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  EventOutbox,
  RpcErrors,
  parseRequest,
  isId,
  PROJECTS,
  DOCUMENTS,
  type Projects,
  type Documents,
} from '@kerf/platform';
import { messageContent, messageType } from '@kerf/contracts/http';
import { MaterialsService, type ReplyQuantity } from '../materials/materials.service';
import { ASSISTANT, type Assistant, type ResponseStyle } from '../assistant/assistant';
import { DocumentLibrary } from '../assistant/document-library';
import { AiPreferencesService } from '../preferences/ai-preferences.service';
import { Message } from './message.entity';

const sendSchema = z
  .object({
    projectId: z.string(),
    // The gateway's checks (libs/contracts/src/http/messages.ts), again for a caller that is not the gateway.
    content: messageContent,
    type: messageType.catch('text'),
    documentId: z.string().refine(isId, 'documentId must be a document id').optional(),
    selectedDocumentIds: z
      .array(z.string().refine(isId, 'selectedDocumentIds must be document ids'))
      .max(200)
      .default([]),
  })
  .refine((input) => input.type === 'file' || input.content.trim().length > 0, {
    message: 'Type a message first',
    path: ['content'],
  })
  .refine((input) => input.type === 'text' || !!input.documentId, {
    message: 'A file message needs its documentId',
    path: ['documentId'],
  });

/**
 * The chat of a project. The user's message is stored (and announced) before
 * the assistant is asked; if the assistant fails, it stays, and sending the
 * same text again answers it instead of storing it twice. Sends to one project
 * are answered one after the other.
 */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger('Messages');
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(PROJECTS) private readonly projects: Projects,
    @Inject(DOCUMENTS) private readonly documents: Documents,
    @Inject(ASSISTANT) private readonly assistant: Assistant,
    private readonly preferences: AiPreferencesService,
    private readonly materials: MaterialsService,
  ) {}

  async list(userId: string, projectId: string): Promise<Message[]> {
    if (!isId(projectId)) throw RpcErrors.notFound('Project not found');
    await this.projects.getProject({ id: projectId });
    return this.messagesOf(this.dataSource.manager, projectId, userId);
  }

  send(userId: string, request: unknown): Promise<Message[]> {
    const input = parseRequest(sendSchema, request);
    // One send at a time per project, in the order they came.
    const previous = this.queues.get(input.projectId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.sendNow(userId, input));
    this.queues.set(input.projectId, next);
    void next
      .finally(() => {
        if (this.queues.get(input.projectId) === next) this.queues.delete(input.projectId);
      })
      .catch(() => undefined);
    return next;
  }

  private async sendNow(userId: string, input: z.infer<typeof sendSchema>): Promise<Message[]> {
    if (!isId(input.projectId)) throw RpcErrors.notFound('Project not found');
    await this.projects.getProject({ id: input.projectId });
    if (input.type === 'file') {
      const document = await this.documents.getDocument({ id: input.documentId! });
      if (document.projectId !== input.projectId) throw RpcErrors.notFound('Document not found');
    }
    const question = await this.dataSource.transaction(async (manager) => {
      const [last] = await manager.find(Message, {
        where: { projectId: input.projectId },
        order: { seq: 'DESC' },
        take: 1,
      });
      // A retry of a message the assistant never answered: answer it, do not store it again.
      if (
        last &&
        last.sender === 'user' &&
        last.type === 'text' &&
        input.type === 'text' &&
        last.content === input.content
      )
        return last;
      return this.store(manager, {
        projectId: input.projectId,
        userId,
        content: input.type === 'file' && !input.content ? 'Attached a file' : input.content,
        sender: 'user',
        type: input.type,
        documentId: input.documentId ?? null,
      });
    });
    if (input.type === 'text') {
      let reply: { content: string; metadata: Record<string, unknown> };
      try {
        reply = await this.reply(userId, question, input.selectedDocumentIds);
      } catch (error) {
        this.logger.warn(`the assistant failed: ${String(error)}`);
        throw RpcErrors.unavailable('The assistant could not answer just now. Your message is saved: send it again.');
      }
      // The reply and the materials it proposes are stored together.
      await this.dataSource.transaction(async (manager) => {
        await this.store(manager, {
          projectId: input.projectId,
          userId,
          content: reply.content,
          sender: 'ai',
          type: 'text',
          documentId: null,
          metadata: reply.metadata,
        });
        await this.materials.propose(manager, userId, input.projectId, {
          content: reply.content,
          quantities: reply.metadata.quantities as ReplyQuantity[],
          provider: reply.metadata.provider as string,
        });
      });
    }
    return this.messagesOf(this.dataSource.manager, input.projectId, userId);
  }

  /**
   * The assistant's answer to a stored question, given the user's AI
   * preferences, the conversation before it (the last `contextSize` messages)
   * and the selected documents (all the project's when none are).
   */
  private async reply(userId: string, question: Message, selected: string[]) {
    const saved = await this.preferences.get(userId);
    const earlier = await this.dataSource.manager.find(Message, {
      where: {
        projectId: question.projectId,
        userId,
        // seq is assigned by Postgres, so a just-stored message does not hold it.
        seq: Raw((column) => `${column} < (SELECT seq FROM messages WHERE id = :questionId)`, {
          questionId: question.id,
        }),
      },
      order: { seq: 'DESC' },
      take: saved?.context_size ?? 5,
    });
    const history = earlier.reverse().map((m) => ({
      sender: m.sender === 'user' ? ('user' as const) : ('ai' as const),
      content: m.type === 'file' ? `[attached a file: ${m.content}]` : m.content,
    }));
    const reply = await this.assistant.reply({
      question: question.content,
      history,
      preferences: {
        responseStyle: (saved?.response_style ?? 'standard') as ResponseStyle,
        customPrompt: saved?.custom_prompt ?? undefined,
        documentFocus: saved?.document_focus ?? undefined,
      },
      library: new DocumentLibrary(this.documents, question.projectId, selected),
    });
    return {
      content: reply.content,
      metadata: {
        quantities: reply.quantities,
        provider: reply.provider,
        ...(reply.model ? { model: reply.model } : {}),
      },
    };
  }

  private async store(manager: EntityManager, message: Partial<Message>): Promise<Message> {
    const saved = await manager.save(manager.create(Message, message));
    await this.outbox.add(manager, 'message-posted', { messageId: saved.id, projectId: saved.projectId });
    return saved;
  }

  private messagesOf(manager: EntityManager, projectId: string, userId: string) {
    return manager.find(Message, { where: { projectId, userId }, order: { seq: 'ASC' } });
  }
}

export function toMessage(message: Message) {
  return {
    id: message.id,
    projectId: message.projectId,
    content: message.content,
    sender: message.sender,
    type: message.type,
    documentId: message.documentId ?? undefined,
    metadataJson: JSON.stringify(message.metadata ?? {}),
    createdAt: message.createdAt.toISOString(),
  };
}
