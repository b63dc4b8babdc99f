import { z } from 'zod';
import { apiRoute } from './route';

export const RESPONSE_STYLES = ['standard', 'technical', 'simple', 'concise', 'comprehensive'] as const;

const text = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? undefined);
export const aiPreferencesBody = z.object(
  {
    // docs/spec.md §7 sends the user id too; the acting user is the session's, whatever it says.
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

/** docs/spec.md §3 ai_preferences; `id` and `updatedAt` are null until first saved (the defaults). */
export const aiPreferences = z.object({
  id: z.string().nullable(),
  customPrompt: z.string().nullable().default(null),
  contextSize: z.number(),
  documentFocus: z.string().nullable().default(null),
  responseStyle: z.enum(RESPONSE_STYLES),
  updatedAt: z.string().nullable(),
});
export type AiPreferences = z.output<typeof aiPreferences>;

export const aiPreferencesRoutes = {
  get: apiRoute({
    method: 'GET',
    path: '/api/ai-preferences',
    summary: "The user's AI settings, the defaults until saved",
    signedIn: true,
    responses: { 200: { description: 'The settings', schema: aiPreferences } },
  }),
  save: apiRoute({
    method: 'POST',
    path: '/api/ai-preferences',
    summary: 'Save the AI settings',
    signedIn: true,
    body: aiPreferencesBody,
    responses: { 200: { description: 'The settings', schema: aiPreferences } },
  }),
  update: apiRoute({
    method: 'PATCH',
    path: '/api/ai-preferences/{id}',
    summary: 'Change the saved AI settings',
    signedIn: true,
    body: aiPreferencesBody,
    responses: { 200: { description: 'The settings', schema: aiPreferences } },
  }),
};
