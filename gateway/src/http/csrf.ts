import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest, routePath } from './api-route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection fit for cookie sessions. A state-changing request must
 * (1) come from an allowed Origin when the browser names one, and (2) be JSON
 * or carry X-Requested-With — neither of which a plain HTML form on another
 * site can send. Webhooks (signed by their sender) are exempt. The path is
 * the route that matched (decoded), so an encoded path cannot step around it.
 */
export function csrfGuard(allowedOrigins: string[], exemptPaths: string[] = []) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isApiRequest(request) || exemptPaths.includes(routePath(request))) return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin)) {
      return reply
        .status(403)
        .send({ message: 'This request came from a site that is not allowed to make it.', code: 'CSRF_ORIGIN' });
    }
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if ((hasBody && type !== 'application/json') || (!hasBody && !request.headers['x-requested-with'])) {
      if (!request.headers['x-requested-with']) {
        return reply
          .status(403)
          .send({ message: 'Send the request as JSON or with the X-Requested-With header.', code: 'CSRF_HEADER' });
      }
    }
  };
}
