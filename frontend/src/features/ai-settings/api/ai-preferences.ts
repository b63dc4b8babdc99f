import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/api-client';

export const RESPONSE_STYLES = ['standard', 'technical', 'simple', 'concise', 'comprehensive'] as const;
export type ResponseStyle = (typeof RESPONSE_STYLES)[number];

/** SPEC §3 ai_preferences; `id` is null until the user saves them. */
export type AiPreferences = {
  id: string | null;
  customPrompt: string | null;
  contextSize: number;
  documentFocus: string | null;
  responseStyle: ResponseStyle;
  updatedAt: string | null;
};

export const aiPreferencesQueryKey = ['/api/ai-preferences'] as const;

export function useAiPreferences(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: aiPreferencesQueryKey,
      queryFn: getQueryFn<AiPreferences>({ on401: 'throw' }),
      enabled,
      retry: false,
    }),
  );
}

/** POST the first time (SPEC §7), PATCH /{id} afterwards. */
export async function saveAiPreferences(
  current: AiPreferences | undefined,
  changes: { customPrompt: string; responseStyle: ResponseStyle },
  userId: string,
): Promise<AiPreferences> {
  const res = current?.id
    ? await apiRequest('PATCH', `/api/ai-preferences/${encodeURIComponent(current.id)}`, changes)
    : await apiRequest('POST', '/api/ai-preferences', { userId, ...changes });
  return (await res.json()) as AiPreferences;
}
