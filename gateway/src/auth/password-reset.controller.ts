import { Body, Controller, HttpCode, HttpException, Inject, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { answer, authRoutes } from '@kerf/contracts/http';
import { type ApiErrorBody, errorBodyFromGrpc, httpStatusForGrpc, isGrpcError } from '@kerf/platform/edge';
import { IDENTITY, type Identity } from '../services/service-clients.module';
import { parseBody } from '../http/parse-body';
import { SessionResolver } from './session-cookie';

/** The status and body of a known failure, or undefined for anything unexpected. */
function knownFailure(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (isGrpcError(error)) {
    const body = errorBodyFromGrpc(error);
    return { status: httpStatusForGrpc(error.code, body), body };
  }
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const body =
      typeof response === 'object' && response !== null && typeof (response as ApiErrorBody).message === 'string'
        ? (response as ApiErrorBody)
        : { message: error.message };
    return { status: error.getStatus(), body };
  }
  return undefined;
}

/** Forgot password / reset password (SPEC §2, §7). */
@Controller('api/reset-password')
export class PasswordResetController {
  constructor(
    @Inject(IDENTITY) private readonly identity: Identity,
    @Inject(SessionResolver) private readonly sessions: SessionResolver,
  ) {}

  /** The same answer whether or not the e-mail has an account. */
  @Post('request')
  @HttpCode(200)
  async request(@Body() body: unknown) {
    await this.identity.requestPasswordReset(parseBody(authRoutes.requestPasswordReset.body, body));
    return answer(authRoutes.requestPasswordReset, {
      success: true,
      message: 'If an account exists for this email, a link to reset the password is on its way.',
    });
  }

  /** Failures carry the text in `error` as well as `message` (SPEC §7: the screen reads `error`). */
  @Post('reset')
  @HttpCode(200)
  async reset(@Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      const { userId } = await this.identity.resetPassword(parseBody(authRoutes.resetPassword.body, body));
      this.sessions.forgetUser(userId);
      return answer(authRoutes.resetPassword, {
        success: true,
        message: 'Your password has been reset. You can now log in with your new password.',
      });
    } catch (error) {
      const failure = knownFailure(error);
      if (!failure) throw error;
      void reply.status(failure.status);
      return authRoutes.resetPassword.responses[400].schema.parse({ ...failure.body, error: failure.body.message });
    }
  }
}
