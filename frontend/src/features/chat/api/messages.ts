import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type ChatSource = {
  documentId: string;
  filename: string;
  layer?: string;
  block?: string;
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
  metadata: { quantities?: Array<{ description: string; quantity: number; unit: string; source: ChatSource }> };
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

/** POST /api/messages → the project's whole list with the question and the reply. */
export async function sendMessage(projectId: string, content: string): Promise<ChatMessage[]> {
  return (await (
    await apiRequest('POST', '/api/messages', { content, projectId, type: 'text' })
  ).json()) as ChatMessage[];
}
