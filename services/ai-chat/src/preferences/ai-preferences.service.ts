import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { RpcErrors, parseRequest, isId } from '@kerf/platform';

export const RESPONSE_STYLES = ['standard', 'technical', 'simple', 'concise', 'comprehensive'] as const;

const saveSchema = z.object({
  id: z.string().optional(),
  customPrompt: z
    .string({ error: 'Custom instructions must be text' })
    .max(4000, 'Custom instructions must be at most 4,000 characters')
    .optional(),
  contextSize: z
    .number({ error: 'Context size must be a number' })
    .int()
    .min(1, 'Context size must be 1 to 50')
    .max(50, 'Context size must be 1 to 50')
    .optional(),
  documentFocus: z
    .string({ error: 'Document focus must be text' })
    .max(500, 'Document focus must be at most 500 characters')
    .optional(),
  responseStyle: z
    .enum(RESPONSE_STYLES, { error: `Response style must be one of ${RESPONSE_STYLES.join(', ')}` })
    .optional(),
});

export interface AiPreferencesRow {
  id: string;
  custom_prompt: string | null;
  context_size: number;
  document_focus: string | null;
  response_style: string;
  updated_at: Date;
}

/** SPEC §3 ai_preferences: one row per user; SPEC §9 defaults (context 5, style standard) until saved. */
@Injectable()
export class AiPreferencesService {
  constructor(private readonly dataSource: DataSource) {}

  async get(userId: string): Promise<AiPreferencesRow | null> {
    const [row] = (await this.dataSource.query(`SELECT * FROM ai_preferences WHERE user_id = $1`, [
      userId,
    ])) as AiPreferencesRow[];
    return row ?? null;
  }

  async save(userId: string, request: unknown): Promise<AiPreferencesRow> {
    const input = parseRequest(saveSchema, request);
    if (input.id !== undefined) {
      const own = isId(input.id) ? await this.get(userId) : null;
      if (!own || own.id !== input.id) throw RpcErrors.notFound('AI preferences not found');
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO ai_preferences (user_id, custom_prompt, context_size, document_focus, response_style)
       VALUES ($1, $2, coalesce($3, 5), $4, coalesce($5, 'standard'))
       ON CONFLICT (user_id) DO UPDATE SET
         custom_prompt = CASE WHEN $6 THEN EXCLUDED.custom_prompt ELSE ai_preferences.custom_prompt END,
         context_size = coalesce($3, ai_preferences.context_size),
         document_focus = CASE WHEN $7 THEN EXCLUDED.document_focus ELSE ai_preferences.document_focus END,
         response_style = coalesce($5, ai_preferences.response_style),
         updated_at = now()
       RETURNING *`,
      [
        userId,
        input.customPrompt?.trim() || null,
        input.contextSize ?? null,
        input.documentFocus?.trim() || null,
        input.responseStyle ?? null,
        input.customPrompt !== undefined,
        input.documentFocus !== undefined,
      ],
    )) as AiPreferencesRow[];
    return row!;
  }
}

export function toPreferences(row: AiPreferencesRow | null) {
  if (!row) return { found: false, id: '', contextSize: 5, responseStyle: 'standard', updatedAt: '' };
  return {
    found: true,
    id: row.id,
    customPrompt: row.custom_prompt ?? undefined,
    contextSize: row.context_size,
    documentFocus: row.document_focus ?? undefined,
    responseStyle: row.response_style,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
