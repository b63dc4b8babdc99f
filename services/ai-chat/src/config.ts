import { z } from 'zod';
import { loadConfig } from '@kerf/platform';

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** The assistant's settings: with AI_API_KEY the model answers, without it the local analyst. */
export const aiChatConfigSchema = z.object({
  AI_API_KEY: z.preprocess(unsetWhenEmpty, z.string().optional()),
  AI_BASE_URL: z.preprocess(
    unsetWhenEmpty,
    z.url({ error: 'expected the http(s) URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1' }).optional(),
  ),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** One model request; it is retried once. */
  AI_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(1_000).max(300_000).default(20_000),
  /** The whole reply, tool calls included; the gateway waits 60 s for a send. */
  AI_REPLY_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int()
    .min(1_000)
    .max(300_000)
    .default(50_000),
  /** What one question may put in front of the model: history, analyses and search results. */
  AI_MAX_CONTEXT_TOKENS: z.coerce
    .number({ error: 'expected a token count' })
    .int()
    .min(2_000)
    .max(1_000_000)
    .default(24_000),
});
export type AiChatConfig = z.infer<typeof aiChatConfigSchema>;
export const AI_CHAT_CONFIG = Symbol('AI_CHAT_CONFIG');
export const loadAiChatConfig = () => loadConfig(aiChatConfigSchema);
