import { BadRequestException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const MAX_DEPTH = 64;

/** The first place in `value` where a text (or a key) holds NUL, as a field path; undefined when none does. */
export function fieldWithNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at.replaceAll('\u0000', '');
    const found = fieldWithNul(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * preValidation hook: Postgres cannot store the NUL character (U+0000) in text
 * or JSON, so any text the gateway is given that holds one (JSON body, query
 * string, path) is refused here, for every route at once, with a 400 naming
 * the field, before a service is asked to store it.
 */
export function refuseNulText(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const field =
    fieldWithNul(request.params) ??
    fieldWithNul(request.query) ??
    (typeof request.body === 'object' || typeof request.body === 'string' ? fieldWithNul(request.body) : undefined);
  if (!field) return done();
  const message = `${field} contains a NUL character (\\u0000), which text cannot hold. Remove it and try again.`;
  done(new BadRequestException({ message, errors: { [field]: message } }));
}
