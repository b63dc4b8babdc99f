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
import { answer, authRoutes } from '@kerf/contracts/http';
import { IDENTITY, type Identity } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';
import { SESSION_COOKIE, SessionResolver } from './session-cookie';
import { clientAddressMetadata, withRetryAfter } from './client-address';

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
    const input = parseBody(authRoutes.updateProfile.body, body);
    const user = await this.identity.updateProfile({
      firstName: profileName(input.firstName),
      lastName: profileName(input.lastName),
    });
    return answer(authRoutes.updateProfile, user);
  }

  /** Needs the current password; every other session of the user ends, this one stays. */
  @Post('password')
  @HttpCode(200)
  async changePassword(
    @Body() body: unknown,
    @Req() request: ApiRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = parseBody(authRoutes.changePassword.body, body);
    await this.identity
      .changePassword(
        { ...input, sessionToken: request.cookies?.[SESSION_COOKIE] ?? '' },
        clientAddressMetadata(request),
      )
      .catch(withRetryAfter(reply));
    this.sessions.forgetUser(request.userId!);
    return answer(authRoutes.changePassword, { success: true, message: 'Password updated' });
  }
}
