import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Inject,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDENTITY, type Identity } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';
import { toUserResponse } from './user-response';
import { SESSION_COOKIE, SessionResolver } from './session-cookie';
import { clientAddressMetadata, withRetryAfter } from './client-address';

const text = (field: string) => z.string({ error: `${field} must be text` }).max(10_000, `${field} is too long`);
const name = (field: string) =>
  z
    .string({ error: `${field} must be text or null` })
    .max(10_000, `${field} is too long`)
    .nullable()
    .optional();

const passwordBody = z.object(
  {
    currentPassword: text('Current password').min(1, 'Current password required'),
    newPassword: text('New password').min(1, 'New password is required'),
  },
  { error: 'Send the current and new password as a JSON object' },
);
const profileBody = z.object(
  { firstName: name('First name'), lastName: name('Last name') },
  { error: 'Send the profile as a JSON object' },
);

/** A name to set ('' or null clears it), or undefined to leave it as it is. */
const profileName = (value: string | null | undefined) => (value === undefined ? undefined : { value: value ?? '' });

type ApiRequest = FastifyRequest & { userId?: string };

/** The signed-in user's own account: profile and password (SPEC §2 Settings, §7). */
@Controller('api/user')
@UseGuards(SignedInGuard)
export class AccountController {
  constructor(
    @Inject(IDENTITY) private readonly identity: Identity,
    @Inject(SessionResolver) private readonly sessions: SessionResolver,
  ) {}

  /** First and last name, null when empty. The e-mail is the login and cannot be changed. */
  @Patch('profile')
  async updateProfile(@Body() body: unknown) {
    if (body && typeof body === 'object' && ('username' in body || 'email' in body)) {
      throw new BadRequestException({
        message: 'Email cannot be changed.',
        errors: { email: 'Email cannot be changed.' },
      });
    }
    const input = parseBody(profileBody, body);
    const user = await this.identity.updateProfile({
      firstName: profileName(input.firstName),
      lastName: profileName(input.lastName),
    });
    return toUserResponse(user);
  }

  /** Needs the current password; every other session of the user ends, this one stays. */
  @Post('password')
  @HttpCode(200)
  async changePassword(
    @Body() body: unknown,
    @Req() request: ApiRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = parseBody(passwordBody, body);
    await this.identity
      .changePassword(
        { ...input, sessionToken: request.cookies?.[SESSION_COOKIE] ?? '' },
        clientAddressMetadata(request),
      )
      .catch(withRetryAfter(reply));
    this.sessions.forgetUser(request.userId!);
    return { success: true, message: 'Password updated' };
  }
}
