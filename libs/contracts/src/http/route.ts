import { z } from 'zod';
import { unknownKeys } from './unknown-keys';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The one error shape of every /api failure (docs/architecture.md, "A request"). */
export const apiErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** The answer of a change that has nothing else to say. */
export const success = z.object({ success: z.boolean() });

export interface ApiResponse {
  description: string;
  /** The JSON answer; absent for a file or an empty answer. */
  schema?: z.ZodType;
  /** For an answer that is not JSON (a PDF, a file, an event stream). */
  contentType?: string;
}

/**
 * One /api route: what it takes and what it answers. The gateway validates with
 * `query`/`body` and answers through the response schema; the frontend infers
 * its types from them; the OpenAPI document is generated from these.
 */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style: /api/projects/{id}. */
  path: string;
  summary: string;
  /** False for routes a signed-out visitor may call. */
  signedIn: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A request body that is not JSON (uploads, webhooks). */
  bodyContentType?: string;
  responses: Record<number, ApiResponse>;
}

export const apiRoute = <const R extends ApiRoute>(route: R): R => route;

type Responses<R extends ApiRoute> = R['responses'];
/** The schema of a route's success answer (200 or 201). */
export type SuccessSchema<R extends ApiRoute> =
  Responses<R> extends { 200: { schema: infer S extends z.ZodType } }
    ? S
    : Responses<R> extends { 201: { schema: infer S extends z.ZodType } }
      ? S
      : never;
/** What a route answers on success, as the client reads it. */
export type SuccessOf<R extends ApiRoute> = z.output<SuccessSchema<R>>;
/** What a route takes as its JSON body, as the client sends it. */
export type BodyOf<R extends ApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/** What `answer()` does with fields a service answers that the schema does not describe. */
export interface AnswerPolicy {
  /** 'throw' in tests (a strict parse: the answer fails loudly); 'warn' elsewhere (strip, and say so once). */
  unknownKeys: 'throw' | 'warn';
  /** Where a warning goes; the gateway hands its logger in. */
  warn(message: string, details: { route: string; keys: string[] }): void;
}

let policy: AnswerPolicy = {
  unknownKeys: 'warn',
  warn: (message, details) => console.warn(message, details),
};
/** Per route, the stray fields already warned about, so a route says so once, not on every answer. */
const warned = new Map<string, Set<string>>();

/** Sets what `answer()` does with stray fields; the gateway calls it at start (strict when NODE_ENV is test). */
export function configureAnswers(next: Partial<AnswerPolicy>): void {
  policy = { ...policy, ...next };
  warned.clear();
}

/**
 * The gateway answers through this: the value (a service's reply, whose enums are
 * plain strings) passes the route's success schema, which fills its defaults (null
 * for an absent optional field) and answers only what the schema describes. An
 * answer that does not fit is a bug, and fails loudly. So is a field the schema
 * does not describe: under test it throws, naming the fields; elsewhere the field
 * is dropped and one warning per route names it (configureAnswers).
 */
export function answer<R extends ApiRoute>(route: R, value: unknown): SuccessOf<R> {
  const response = route.responses[200] ?? route.responses[201];
  if (!response?.schema) throw new Error(`${route.method} ${route.path} has no JSON answer`);
  const parsed = response.schema.parse(value) as SuccessOf<R>;
  const keys = unknownKeys(response.schema, value);
  if (keys.length) strayFields(`${route.method} ${route.path}`, keys);
  return parsed;
}

function strayFields(route: string, keys: string[]): void {
  const message = `${route} answered fields its schema does not describe: ${keys.join(', ')}`;
  if (policy.unknownKeys === 'throw') throw new Error(message);
  const seen = warned.get(route) ?? new Set<string>();
  const fresh = keys.filter((key) => !seen.has(key));
  if (!fresh.length) return;
  for (const key of fresh) seen.add(key);
  warned.set(route, seen);
  policy.warn(`${route} answered fields its schema does not describe (dropped): ${fresh.join(', ')}`, {
    route,
    keys: fresh,
  });
}
