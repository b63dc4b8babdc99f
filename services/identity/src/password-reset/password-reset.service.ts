import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { Logger } from 'pino';
import { EventOutbox, GrpcStatus, LOGGER, parseRequest, rpcError } from '@kerf/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { User } from '../users/user.entity';
import { hashPassword } from '../users/password-hasher';
import { newPasswordSchema } from '../users/password-policy';
import { emailSchema } from '../users/users.service';
import { SessionsService, hashToken } from '../sessions/sessions.service';
import { PasswordResetToken } from './password-reset-token.entity';
import { passwordResetMail } from './password-reset.mail';

/** At most this many reset mails per account per hour; further requests are answered the same and send nothing. */
const MAX_MAILS_PER_HOUR = 5;

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

const requestSchema = z.object({ email: emailSchema });
const resetSchema = z.object({
  token: z
    .string({ error: INVALID_RESET_LINK })
    .trim()
    .min(1, 'The reset link has no token. Please use the link from the e-mail.')
    .max(200, INVALID_RESET_LINK),
  password: newPasswordSchema(),
});

const invalidLink = () =>
  rpcError(GrpcStatus.INVALID_ARGUMENT, {
    message: INVALID_RESET_LINK,
    code: 'INVALID_RESET_TOKEN',
    errors: { token: INVALID_RESET_LINK },
  });

/**
 * Password recovery: a request mails a single-use link (32 random bytes,
 * stored hashed, valid RESET_TOKEN_TTL_MINUTES) when the e-mail has an
 * account, and answers the same either way; a reset sets the new password,
 * spends every outstanding link of the user, ends every session and announces
 * user-security-event, in one transaction.
 */
@Injectable()
export class PasswordResetService implements OnModuleDestroy {
  private readonly sending = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request(request: unknown): Promise<void> {
    const { email } = parseRequest(requestSchema, request);
    const user = await this.dataSource.getRepository(User).findOneBy({ username: email });
    if (!user) {
      this.logger.info('password reset asked for an e-mail without an account; nothing sent');
      return;
    }
    const tokens = this.dataSource.getRepository(PasswordResetToken);
    const recent: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) FROM password_reset_tokens WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
      [user.id],
    );
    if (Number(recent[0]?.count ?? 0) >= MAX_MAILS_PER_HOUR) {
      this.logger.warn({ userId: user.id }, 'password reset mail limit reached; nothing sent');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const ttlMinutes = this.config.RESET_TOKEN_TTL_MINUTES;
    await tokens.insert({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    });
    const link = `${this.config.APP_URL.replace(/\/+$/, '')}/reset-password?token=${token}`;
    // Sent after answering, so the time taken does not tell whether the e-mail has an account.
    const sending = this.send(user, link, ttlMinutes).finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  async reset(request: unknown): Promise<{ userId: string }> {
    const input = parseRequest(resetSchema, request);
    const tokenHash = hashToken(input.token);
    const usable = await this.dataSource.query(
      `SELECT 1 FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    // Checked before hashing, so made-up tokens cost no argon2 work.
    if (!usable.length) throw invalidLink();
    const passwordHash = await hashPassword(input.password);
    return this.dataSource.transaction(async (manager) => {
      const spent: Array<{ user_id: string }> = await manager.query(
        `WITH spent AS (
           UPDATE password_reset_tokens SET used_at = now()
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING user_id)
         SELECT user_id FROM spent`,
        [tokenHash],
      );
      const userId = spent[0]?.user_id;
      if (!userId) throw invalidLink();
      await manager.update(User, { id: userId }, { passwordHash });
      await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
        userId,
      ]);
      await this.sessions.endAllFor(userId, manager);
      // Whoever holds the mailbox may log in again at once, even if guessing had throttled the account.
      await manager.query(`DELETE FROM login_failures WHERE username = (SELECT username FROM users WHERE id = $1)`, [
        userId,
      ]);
      await this.outbox.add(manager, 'user-security-event', { userId, reason: 'password-reset' });
      return { userId };
    });
  }

  private async send(user: User, link: string, ttlMinutes: number): Promise<void> {
    try {
      const file = await this.mailer.send({ to: user.username, ...passwordResetMail(user, link, ttlMinutes) });
      if (file) this.logger.info({ to: user.username, file, link }, 'password reset mail written (no SMTP_URL)');
      else this.logger.info({ userId: user.id }, 'password reset mail sent');
    } catch (error) {
      this.logger.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
    }
  }

  async onModuleDestroy() {
    await Promise.all(this.sending);
  }
}
