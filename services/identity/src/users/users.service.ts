import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { EventOutbox, RpcErrors, parseRequest } from '@kerf/platform';
import type { User as UserMessage } from '@kerf/contracts/generated/kerf/identity';
import { User } from './user.entity';
import { hashPassword, verifyPassword } from './password-hasher';
import { SessionsService } from '../sessions/sessions.service';

const loginSchema = z.object({
  username: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

/** Verified against when the e-mail is unknown, so both failures take the same time. */
const DUMMY_HASH = hashPassword('kerf-timing-equaliser');

const registerSchema = z.object({
  username: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters long')
    .max(200, 'Password must be at most 200 characters long'),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name is too long'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name is too long'),
});

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
  ) {}

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

  /** One answer for an unknown e-mail and a wrong password. */
  async login(request: unknown): Promise<{ user: User; token: string; expiresAt: Date }> {
    const input = parseRequest(loginSchema, request);
    const user = await this.dataSource.getRepository(User).findOneBy({ username: input.username });
    const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
    if (!user || !valid) throw RpcErrors.unauthenticated('Invalid email or password.');
    return { user, ...(await this.sessions.create(user.id)) };
  }

  async findById(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id });
  }
}
