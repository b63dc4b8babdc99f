import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiPreferences, aiPreferencesRoutes } from '@kerf/contracts/http';
import { callRoute, getQueryFn } from '@/lib/api-client';

/** The order the dialog offers them in (the contract's `RESPONSE_STYLES`). */
export const RESPONSE_STYLES = [
  'standard',
  'technical',
  'simple',
  'concise',
  'comprehensive',
] as const satisfies readonly AiPreferences['responseStyle'][];
export type ResponseStyle = AiPreferences['responseStyle'];

/** docs/spec.md §3 ai_preferences; `id` is null until the user saves them. */
export type { AiPreferences };

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
  return current?.id
    ? callRoute<typeof aiPreferencesRoutes.update>(
        'PATCH',
        `/api/ai-preferences/${encodeURIComponent(current.id)}`,
        changes,
      )
    : callRoute<typeof aiPreferencesRoutes.save>('POST', '/api/ai-preferences', { userId, ...changes });
}
