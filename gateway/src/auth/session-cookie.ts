import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../services/service-clients.module';
import { isApiRequest } from '../http/api-route';

export const SESSION_COOKIE = 'kerf_session';

/** The session cookie: opaque token, HttpOnly, SameSite=Lax, Secure outside local mode. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: string, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

const CACHE_MAX = 10_000;

/**
 * Resolves the session cookie to the acting user through identity on each API
 * request, remembering answers for a few seconds (SESSION_CACHE_MS) so a busy
 * page does not ask identity for every call. `forgetUser` drops a user's
 * cached sessions at once: after a password change or reset made here, and on
 * identity's user-security-event (SecurityEventsListener).
 */
export class SessionResolver {
  private readonly cache = new Map<string, { userId: string | null; until: number }>();
  /** When each user's sessions were last dropped. */
  private readonly forgotten = new Map<string, number>();

  constructor(
    private readonly identity: Identity,
    private readonly cacheMs = 3_000,
  ) {}

  async userIdFor(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.userId;
    let userId: string | null = null;
    try {
      userId = (await this.identity.resolveSession({ token }, { deadlineMs: 2_000 })).userId;
    } catch (error) {
      if ((error as { code?: number }).code !== 5 /* NOT_FOUND */) throw error;
    }
    // An answer that was on its way while the user's sessions were dropped is not kept.
    if (userId && (this.forgotten.get(userId) ?? 0) >= now) return userId;
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, { userId, until: now + this.cacheMs });
    return userId;
  }

  forgetToken(token: string): void {
    this.cache.delete(token);
  }

  forgetUser(userId: string): void {
    for (const [token, entry] of this.cache) if (entry.userId === userId) this.cache.delete(token);
    if (this.forgotten.size >= CACHE_MAX) this.forgotten.clear();
    this.forgotten.set(userId, Date.now());
  }

  /** Drops every cached answer (after missing events while NATS was away). */
  forgetAll(): void {
    this.cache.clear();
  }

  /** onRequest hook: sets request.userId for API calls that carry a live session. */
  hook() {
    return async (request: FastifyRequest & { userId?: string }, reply: FastifyReply) => {
      if (!isApiRequest(request)) return;
      try {
        const userId = await this.userIdFor(request.cookies?.[SESSION_COOKIE]);
        if (userId) request.userId = userId;
      } catch {
        return reply
          .status(503)
          .send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
      }
    };
  }
}
