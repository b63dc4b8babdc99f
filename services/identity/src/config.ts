import { z } from 'zod';
import { loadConfig } from '@kerf/platform';

/** An unset variable and an empty one mean the same: use the default. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Identity's own variables, beside the platform's. */
export const identityConfigSchema = z.object({
  /** Public address of the app: reset links point at APP_URL/reset-password. */
  APP_URL: z.url({ error: 'expected the public URL of the app' }).default('http://localhost:8080'),
  /** SMTP server for password-reset mail; unset, mails are written to MAIL_DIR. */
  SMTP_URL: optionalText(z.string().regex(/^smtps?:\/\/\S+$/, 'expected an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(3).default('Kerf <no-reply@kerf.local>'),
  /** Where mails go without SMTP_URL (relative to the working directory). */
  MAIL_DIR: z.string().min(1).default('.data/mail'),
  /** How long a password-reset link works. */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number({ error: 'expected minutes' }).int().min(1).max(1440).default(60),
  /** Login throttling: failures counted over this window… */
  LOGIN_WINDOW_MINUTES: z.coerce.number({ error: 'expected minutes' }).int().min(1).max(1440).default(15),
  /** …at most this many for one account… */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number({ error: 'expected a count' }).int().min(1).default(10),
  /** …and this many from one client address (an office shares one). */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number({ error: 'expected a count' }).int().min(1).default(50),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export function loadIdentityConfig(): IdentityConfig {
  return loadConfig(identityConfigSchema);
}
