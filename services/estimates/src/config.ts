import { z } from 'zod';
import { loadConfig } from '@kerf/platform';

export const estimatesConfigSchema = z.object({
  ESTIMATES_LABOR_RATE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'expected USD per hour, e.g. 65.00')
    .default('65.00'),
  ESTIMATES_CREW_SIZE: z.coerce.number({ error: 'expected a whole number' }).int().min(1).max(100).default(4),
  ESTIMATES_VALID_DAYS: z.coerce.number({ error: 'expected days' }).int().min(1).max(365).default(30),
  AI_API_KEY: z.string().optional(),
  AI_BASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
});
export type EstimatesConfig = z.infer<typeof estimatesConfigSchema>;
export const ESTIMATES_CONFIG = Symbol('ESTIMATES_CONFIG');
export const loadEstimatesConfig = () => loadConfig(estimatesConfigSchema);
