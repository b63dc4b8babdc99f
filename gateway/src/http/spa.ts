import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-route';

/**
 * Serves index.html for a browser navigation the API does not know
 * (client-side routes such as /dashboard). Returns false when it does not apply.
 */
export function serveSpa(request: FastifyRequest, reply: FastifyReply, staticDir: string): boolean {
  if (!['GET', 'HEAD'].includes(request.method) || isApiRequest(request)) return false;
  if (!existsSync(join(staticDir, 'index.html'))) return false;
  void reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
  return true;
}
