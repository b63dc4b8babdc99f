import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/**
 * Node's HTTP parser refusing a request (a malformed request line or header,
 * headers over the size limit, a request too slow to arrive): Fastify's default
 * writes its own `{ error, message, statusCode }`; this writes the one shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { message: 'The request took too long to arrive. Please try again.' }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { message: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' }]
        : [400, { message: 'The request could not be read.', code: 'BAD_REQUEST' }];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
