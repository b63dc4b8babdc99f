import { z } from 'zod';
import { SERVICE_NAMES, SERVICES, grpcUrlVariable } from '@kerf/contracts';

const grpcUrls = Object.fromEntries(
  SERVICE_NAMES.map((service) => [
    grpcUrlVariable(service),
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d+$/, 'expected host:port of the service')
      .default(`127.0.0.1:${SERVICES[service].port}`),
  ]),
);

export const gatewayConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number({ error: 'expected a port number' }).int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  STATIC_DIR: z.string().default(''),
  APP_URL: z.url({ error: 'expected the public URL of the app' }).default('http://localhost:8080'),
  ALLOWED_ORIGINS: z
    .string()
    .default('http://localhost:8080,http://127.0.0.1:8080')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /**
   * How many proxies in front of the gateway are trusted to say who the client
   * is (X-Forwarded-For). 0: the connecting address is the client, so nobody can
   * pick an address of their own for the login limit; 1 behind an ingress.
   */
  TRUST_PROXY: z.coerce.number({ error: 'expected a number of proxies' }).int().min(0).max(10).default(0),
  /** Largest JSON body accepted, in bytes (a note holds up to 1 MB of text). */
  JSON_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  /** How long a resolved session is remembered before identity is asked again, in ms. */
  SESSION_CACHE_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(0).max(60_000).default(3_000),
  /** NATS, for identity's security events (cached sessions are dropped at once; docs/decisions/0008). */
  NATS_URL: z
    .string({ error: 'expected a nats:// URL' })
    .regex(/^(nats|tls):\/\//, 'expected a nats:// URL')
    .default('nats://127.0.0.1:4222'),
  EVENTS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/, 'expected a lower-case subject token')
    .default('kerf'),
  ...grpcUrls,
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema> & Record<string, string>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
