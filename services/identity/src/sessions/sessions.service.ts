import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, MoreThan, Not, type Repository } from 'typeorm';
import { EventOutbox } from '@kerf/platform';
import { Session } from './session.entity';

/** Sessions slide: each use within the last 30 days keeps them alive for 30 more. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Sliding is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000;
/** Tokens are 43 characters; anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 200;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
  ) {}

  /** A new opaque token (32 random bytes) for the user; only its hash is stored. */
  async create(
    userId: string,
    manager: EntityManager = this.sessions.manager,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await manager.insert(Session, { userId, tokenHash: hashToken(token), expiresAt, lastSeenAt: now });
    return { token, expiresAt };
  }

  /** The live session of a token, extended when it was last seen over an hour ago; null when unknown or expired. */
  async resolve(token: string): Promise<Session | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const session = await this.sessions.findOneBy({ tokenHash: hashToken(token), expiresAt: MoreThan(new Date()) });
    if (!session) return null;
    const now = Date.now();
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      session.lastSeenAt = new Date(now);
      session.expiresAt = new Date(now + SESSION_TTL_MS);
      await this.sessions.update(session.id, { lastSeenAt: session.lastSeenAt, expiresAt: session.expiresAt });
    }
    return session;
  }

  /** Ends one session and announces it (user-security-event, reason logout) in the same transaction. */
  async logout(token: string): Promise<void> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return;
    await this.sessions.manager.transaction(async (manager) => {
      const ended: Array<{ user_id: string }> = await manager.query(
        `WITH ended AS (DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id) SELECT user_id FROM ended`,
        [hashToken(token)],
      );
      const userId = ended[0]?.user_id;
      if (userId) await this.outbox.add(manager, 'user-security-event', { userId, reason: 'logout' });
    });
  }

  /** Ends every session of the user, or every one but the session of `keepToken`. */
  async endAllFor(userId: string, manager: EntityManager, keepToken?: string): Promise<void> {
    await manager.delete(Session, keepToken ? { userId, tokenHash: Not(hashToken(keepToken)) } : { userId });
  }

  /** Whether the token is a live session of this user. */
  async belongsTo(token: string, userId: string): Promise<boolean> {
    const session = await this.resolve(token);
    return session?.userId === userId;
  }
}
