import { z } from 'zod';
import { apiRoute } from './route';

/** The chat question as the gateway takes it; ai-chat checks ids and emptiness again on its side. */
export const messageContent = z
  .string({ error: 'Message must be text' })
  .max(20_000, 'Message is too long: at most 20,000 characters');
export const messageType = z.enum(['text', 'file'], { error: 'type must be text or file' });
export const sendMessageBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    content: messageContent,
    type: messageType.optional(),
    documentId: z.string({ error: 'documentId must be text' }).nullish(),
    selectedDocumentIds: z.array(z.string(), { error: 'selectedDocumentIds must be a list of ids' }).optional(),
  },
  { error: 'Send the message as a JSON object' },
);
export type SendMessageBody = z.input<typeof sendMessageBody>;
export const messagesQuery = z.object({ projectId: z.string().optional() });

/** Where a quantity of a reply was read: file, and layer, block, room, page or sheet. */
export const chatSource = z
  .object({
    documentId: z.string(),
    filename: z.string(),
    layer: z.string().optional(),
    block: z.string().optional(),
    room: z.string().optional(),
    page: z.number().optional(),
    sheet: z.string().optional(),
  })
  .loose();
export type ChatSource = z.output<typeof chatSource>;

export const replyQuantity = z
  .object({
    description: z.string(),
    quantity: z.number(),
    unit: z.string(),
    /** null when a model stated a number it gave no source for. */
    source: chatSource.nullable(),
    /** false when the number is not one the analyses state (a model's own figure): check it. */
    verified: z.boolean().optional(),
    /** 'linework' for a wall layer's drawn lines (both faces of each wall), never its wall length. */
    figure: z.enum(['linework', 'wall length']).optional(),
    /** The material the quantity was proposed as; absent for annotation, slivers and linework. */
    material: z.object({ name: z.string(), category: z.string() }).loose().optional(),
  })
  .loose();

/** docs/spec.md §3 messages; an ai reply's metadata holds each quantity with its source. */
export const chatMessage = z.object({
  id: z.string(),
  projectId: z.string(),
  content: z.string(),
  sender: z.enum(['user', 'ai']),
  type: messageType,
  documentId: z.string().nullable().default(null),
  metadata: z.object({ quantities: z.array(replyQuantity).optional() }).loose(),
  createdAt: z.string(),
});
export type ChatMessage = z.output<typeof chatMessage>;

export const messageRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/messages',
    summary: "A project's chat, oldest first",
    signedIn: true,
    query: messagesQuery,
    responses: { 200: { description: 'The messages', schema: z.array(chatMessage) } },
  }),
  send: apiRoute({
    method: 'POST',
    path: '/api/messages',
    summary: "Ask about the project's drawings; answers the whole chat with the question and the reply",
    signedIn: true,
    body: sendMessageBody,
    responses: { 200: { description: 'The messages', schema: z.array(chatMessage) } },
  }),
};
