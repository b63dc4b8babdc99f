import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * An anonymous key for counting unique visitors of a post per day: a hash of
 * the UTC day, the client address and its user agent. It changes every day,
 * is never stored with the address, and sets no cookie.
 */
export function visitorKey(request: FastifyRequest, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  const agent = request.headers['user-agent'] ?? '';
  return createHash('sha256').update(`${day}\n${request.ip}\n${agent}`).digest('base64url').slice(0, 32);
}

/** Crawlers and link-preview fetchers read pages but are not readers: their visits are not counted. */
export function isBot(request: FastifyRequest): boolean {
  return /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|headless/i.test(
    request.headers['user-agent'] ?? '',
  );
}
