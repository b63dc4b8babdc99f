import { z } from 'zod';

/**
 * Reads and validates the environment once at start. A missing or malformed
 * variable stops the process with one line naming it and what it expects.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`${variable}: ${issue.message}`);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables every service reads. */
export const serviceEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GRPC_HOST: z.string().min(1).default('0.0.0.0'),
  GRPC_PORT: z.coerce.number({ error: 'expected a port number' }).int().min(1).max(65535),
  DATABASE_URL: z
    .url({ error: 'expected a postgres:// URL of the service database' })
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'expected a postgres:// URL of the service database'),
  NATS_URL: z.string({ error: 'expected a nats:// URL' }).regex(/^(nats|tls):\/\//, 'expected a nats:// URL'),
  EVENTS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'expected a JetStream stream name')
    .default('KERF'),
  EVENTS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/, 'expected a lower-case subject token')
    .default('kerf'),
  EVENTS_ACK_WAIT_MS: z.coerce.number().int().min(100).default(30_000),
  EVENTS_MAX_DELIVER: z.coerce.number().int().min(2).max(100).default(6),
  KERF_FAILPOINTS: z.string().default(''),
};

export const s3Env = {
  S3_ENDPOINT: z.url({ error: 'expected the S3 endpoint URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string({ error: 'expected the S3 access key id' }).min(1),
  S3_SECRET_ACCESS_KEY: z.string({ error: 'expected the S3 secret access key' }).min(1),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name')
    .default('kerf'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .default('true')
    .transform((value) => value === 'true'),
};

export const serviceConfigSchema = z.object(serviceEnv);
export type ServiceConfig = z.infer<typeof serviceConfigSchema>;
export const s3ConfigSchema = z.object(s3Env);
export type S3Config = z.infer<typeof s3ConfigSchema>;
