import type { FastifyRequest } from 'fastify';

/**
 * The path a request is answered for, as the router decoded and matched it:
 * the route's pattern (`/api/projects/:id`) when one matched, else the raw
 * path decoded, with repeated slashes folded and in lower case. Security rules
 * must look at this, never at the raw URL: `/%61pi/logout` reaches the
 * `/api/logout` handler while its raw text does not start with `/api/`.
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions?.url;
  if (matched) return matched;
  const raw = request.url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the router refuses the URL anyway; judge the raw text.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

/** Whether the request is for the JSON API (`/api/…`), judged by routePath. */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = routePath(request);
  return path.startsWith('/api/') || path === '/api';
}
