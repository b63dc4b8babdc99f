import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Checks the shape of a JSON body before it crosses to a service (gRPC would
 * coerce or reject wrong types less kindly). A failure is a 400 naming each field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new BadRequestException({ message: Object.values(errors)[0] ?? 'Invalid request', errors });
}
