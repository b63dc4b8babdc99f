import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage, ChatSource, messageRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';

/** docs/spec.md §3 messages; an ai reply's metadata holds each quantity with its source. */
export type { ChatMessage, ChatSource };

export const messagesQueryKey = (projectId: string) => ['/api/messages', projectId] as const;

export function useMessages(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: messagesQueryKey(projectId),
      queryFn: ({ signal }) =>
        callRoute<typeof messageRoutes.list>(
          'GET',
          `/api/messages?projectId=${encodeURIComponent(projectId)}`,
          undefined,
          signal,
        ),
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
  return callRoute<typeof messageRoutes.send>('POST', '/api/messages', {
    content,
    projectId,
    type: 'text',
    ...(selectedDocumentIds?.length ? { selectedDocumentIds } : {}),
  });
}

/** A chat attachment, once stored as a document of the project, is posted as a `file` message naming it. */
export async function sendFileMessage(projectId: string, documentId: string, filename: string): Promise<ChatMessage[]> {
  return callRoute<typeof messageRoutes.send>('POST', '/api/messages', {
    content: filename,
    projectId,
    type: 'file',
    documentId,
  });
}
