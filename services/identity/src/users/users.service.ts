import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import { z } from 'zod';
import { EventOutbox, RpcErrors, parseRequest } from '@kerf/platform';
import type { User as UserMessage } from '@kerf/contracts/generated/kerf/identity';
import { User } from './user.entity';
import { hashPassword, verifyPassword } from './password-hasher';
import { PASSWORD_MAX_LENGTH, loadCommonPasswords, newPasswordSchema } from './password-policy';
import { LoginThrottle } from './login-throttle';
import { SessionsService } from '../sessions/sessions.service';

const FIND_USER_BY_ID = `SELECT id, username, password_hash AS "passwordHash", first_name AS "firstName",
  last_name AS "lastName", subscription_tier AS "subscriptionTier", subscription_expires_at AS "subscriptionExpiresAt",
  stripe_customer_id AS "stripeCustomerId", stripe_subscription_id AS "stripeSubscriptionId",
  email_verified AS "emailVerified", created_at AS "createdAt"
  FROM users WHERE id = $1`;

/** The username is the e-mail, trimmed and in lower case. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** Letters of any script, spaces, hyphens, apostrophes and periods: "Anne-Marie", "O'Brien", "J. R.". */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .’-]*$/u;
const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`)
    .regex(NAME, `${label} can only contain letters, spaces, hyphens, apostrophes and periods`);

const loginSchema = z.object({
  username: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

const registerSchema = z.object({
  username: emailSchema,
  password: newPasswordSchema(),
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
});

/** A name to set, or to clear with an empty value; left out, it stays as it is. */
const profileNameSchema = (label: string) =>
  z
    .object({ value: z.string() })
    .nullish()
    .transform((field) => (field ? field.value.trim() || null : undefined))
    .pipe(nameSchema(label).nullable().optional());

const profileSchema = z.object({
  firstName: profileNameSchema('First name'),
  lastName: profileNameSchema('Last name'),
});

const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password required' })
    .min(1, 'Current password required')
    .max(PASSWORD_MAX_LENGTH, 'Current password is too long'),
  newPassword: newPasswordSchema('New password is required'),
  sessionToken: z.string().default(''),
});

/** Verified against when the e-mail is unknown, so both failures take the same time. */
const DUMMY_HASH = hashPassword('kerf-timing-equaliser');

/** What a screen may see of a user: never the hash or a token. */
export function toUserMessage(user: User): UserMessage {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    subscriptionTier: user.subscriptionTier ?? undefined,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString(),
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
  ) {
    // Fail at start, not at the first registration, when the list is missing.
    loadCommonPasswords();
  }

  /** Creates the account, signs it in, and announces user-registered, all in one transaction. */
  async register(request: unknown): Promise<{ user: User; token: string; expiresAt: Date }> {
    const input = parseRequest(registerSchema, request);
    const passwordHash = await hashPassword(input.password);
    return this.dataSource.transaction(async (manager) => {
      const taken = await manager.existsBy(User, { username: input.username });
      if (taken) throw RpcErrors.conflict('An account with this email already exists.', 'USERNAME_TAKEN');
      const user = manager.create(User, {
        username: input.username,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      await manager.save(user).catch((error: { code?: string }) => {
        if (error.code === '23505')
          throw RpcErrors.conflict('An account with this email already exists.', 'USERNAME_TAKEN');
        throw error;
      });
      await this.outbox.add(manager, 'user-registered', {
        userId: user.id,
        email: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
      });
      return { user, ...(await this.sessions.create(user.id, manager)) };
    });
  }

  /**
   * One answer for an unknown e-mail and a wrong password. Throttled per
   * account and per client address (LoginThrottle) before the password is checked.
   */
  async login(request: unknown, address?: string): Promise<{ user: User; token: string; expiresAt: Date }> {
    const input = parseRequest(loginSchema, request);
    await this.throttle.assertAllowed(input.username, address);
    const user = await this.dataSource.getRepository(User).findOneBy({ username: input.username });
    const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
    if (!user || !valid) {
      await this.throttle.recordFailure(input.username, address);
      throw RpcErrors.unauthenticated('Invalid email or password.');
    }
    await this.throttle.recordSuccess(input.username);
    return { user, ...(await this.sessions.create(user.id)) };
  }

  /**
   * The read behind every signed-in page. A fixed statement rather than
   * `findOneBy`: building the query each time was a third of this call's CPU.
   */
  async findById(id: string): Promise<User | null> {
    // Straight to pg's pool as a named (prepared) statement: Postgres parses and plans it once per
    // connection, and TypeORM's query runner is skipped; this read is on every signed-in request.
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const { rows } = await pool.query<Partial<User>>({
      name: 'identity-find-user-by-id',
      text: FIND_USER_BY_ID,
      values: [id],
    });
    return rows[0] ? Object.assign(new User(), rows[0]) : null;
  }

  /** Sets the first and last name; an empty one becomes null. The e-mail never changes here. */
  async updateProfile(userId: string, request: unknown): Promise<User> {
    const input = parseRequest(profileSchema, request);
    const repository = this.dataSource.getRepository(User);
    const changes: Partial<Pick<User, 'firstName' | 'lastName'>> = {};
    if (input.firstName !== undefined) changes.firstName = input.firstName;
    if (input.lastName !== undefined) changes.lastName = input.lastName;
    if (Object.keys(changes).length) await repository.update({ id: userId }, changes);
    const user = await repository.findOneBy({ id: userId });
    if (!user) throw RpcErrors.unauthenticated();
    return user;
  }

  /**
   * Changes the password after checking the current one (wrong guesses count
   * toward the login throttle), ends every other session of the user and
   * announces user-security-event, in one transaction.
   */
  async changePassword(userId: string, request: unknown, address?: string): Promise<void> {
    const input = parseRequest(changePasswordSchema, request);
    const user = await this.findById(userId);
    if (!user) throw RpcErrors.unauthenticated();
    await this.throttle.assertAllowed(user.username, address);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await this.throttle.recordFailure(user.username, address);
      throw RpcErrors.invalid('Current password is incorrect.', { currentPassword: 'Current password is incorrect.' });
    }
    if (input.newPassword === input.currentPassword) {
      const message = 'New password must be different from your current password.';
      throw RpcErrors.invalid(message, { newPassword: message });
    }
    const keep = (await this.sessions.belongsTo(input.sessionToken, userId)) ? input.sessionToken : undefined;
    const passwordHash = await hashPassword(input.newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id: userId }, { passwordHash });
      await this.sessions.endAllFor(userId, manager, keep);
      await this.outbox.add(manager, 'user-security-event', { userId, reason: 'password-changed' });
    });
  }
}
