import type { ApiErrorBody } from '@kerf/platform/edge';

/**
 * Fastify's router errors (its `frameworkErrors`) as the gateway's one error
 * shape. Fastify's own answer echoes the URL and carries its internal code;
 * this says what was wrong in words, and nothing of the URL.
 */
export function frameworkErrorAnswer(error: { code?: string }): { status: number; body: ApiErrorBody } {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: { message: 'The address is too long.', code: 'URL_TOO_LONG' } };
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { message: 'The address is not valid.', code: 'BAD_URL' } };
    default:
      return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
  }
}
