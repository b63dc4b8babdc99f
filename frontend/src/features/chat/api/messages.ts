import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type ChatSource = {
  documentId: string;
  filename: string;
  layer?: string;
  block?: string;
  room?: string;
  page?: number;
  sheet?: string;
};

/** SPEC §3 messages; an ai reply's metadata holds each quantity with its source. */
export type ChatMessage = {
  id: string;
  projectId: string;
  content: string;
  sender: 'user' | 'ai';
  type: 'text' | 'file';
  documentId: string | null;
  metadata: {
    quantities?: Array<{
      description: string;
      quantity: number;
      unit: string;
      /** null when a model stated a number it gave no source for. */
      source: ChatSource | null;
      /** false when the number is not one the analyses state (a model's own figure): check it. */
      verified?: boolean;
      /** 'linework' for a wall layer's drawn lines (both faces of each wall), never its wall length. */
      figure?: 'linework' | 'wall length';
      /** The material the quantity was proposed as; absent for annotation, slivers and linework. */
      material?: { name: string; category: string };
    }>;
  };
  createdAt: string;
};

export const messagesQueryKey = (projectId: string) => ['/api/messages', projectId] as const;

export function useMessages(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: messagesQueryKey(projectId),
      queryFn: async ({ signal }) =>
        (await (
          await apiRequest('GET', `/api/messages?projectId=${encodeURIComponent(projectId)}`, undefined, signal)
        ).json()) as ChatMessage[],
    }),
  );
}

/**
 * POST /api/messages → the project's whole list with the question and the
 * reply. selectedDocumentIds goes only when a subset is chosen (SPEC §7).
 */
export async function sendMessage(
  projectId: string,
  content: string,
  selectedDocumentIds?: string[],
): Promise<ChatMessage[]> {
  return (await (
    await apiRequest('POST', '/api/messages', {
      content,
      projectId,
      type: 'text',
      ...(selectedDocumentIds?.length ? { selectedDocumentIds } : {}),
    })
  ).json()) as ChatMessage[];
}

/** A chat attachment, once stored as a document of the project, is posted as a `file` message naming it. */
export async function sendFileMessage(projectId: string, documentId: string, filename: string): Promise<ChatMessage[]> {
  return (await (
    await apiRequest('POST', '/api/messages', { content: filename, projectId, type: 'file', documentId })
  ).json()) as ChatMessage[];
}
