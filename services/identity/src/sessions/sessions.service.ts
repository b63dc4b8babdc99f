import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, MoreThan, type Repository } from 'typeorm';
import { Session } from './session.entity';

/** Sessions slide: each use within the last 30 days keeps them alive for 30 more. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Sliding is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionsService {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

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
    if (!token || token.length > 200) return null;
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

  async revoke(token: string): Promise<void> {
    await this.sessions.delete({ tokenHash: hashToken(token) });
  }
}
