import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answer, authRoutes } from '@kerf/contracts/http';
import { IDENTITY, type Identity } from '../services/service-clients.module';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { parseBody } from '../http/parse-body';
import { SESSION_COOKIE, SessionResolver, clearSessionCookie, setSessionCookie } from './session-cookie';
import { clientAddressMetadata, withRetryAfter } from './client-address';

type ApiRequest = FastifyRequest & { userId?: string };

@Controller('api')
export class AuthController {
  private readonly secureCookies: boolean;

  constructor(
    @Inject(IDENTITY) private readonly identity: Identity,
    @Inject(SessionResolver) private readonly sessions: SessionResolver,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.secureCookies = config.NODE_ENV === 'production';
  }

  @Post('register')
  @HttpCode(201)
  async register(@Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const grant = await this.identity.register(parseBody(authRoutes.register.body, body));
    setSessionCookie(reply, grant.token, grant.expiresAt, this.secureCookies);
    return answer(authRoutes.register, grant.user!);
  }

  /** Throttled by identity per account and per address: 429 with Retry-After and a message saying when. */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: ApiRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const grant = await this.identity
      .login(parseBody(authRoutes.login.body, body), clientAddressMetadata(request))
      .catch(withRetryAfter(reply));
    setSessionCookie(reply, grant.token, grant.expiresAt, this.secureCookies);
    return answer(authRoutes.login, grant.user!);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: ApiRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token) {
      await this.identity.logout({ token });
      this.sessions.forgetToken(token);
    }
    clearSessionCookie(reply, this.secureCookies);
    return answer(authRoutes.logout, { success: true });
  }

  /** The signed-in user; 401 when signed out (the screens read that as "signed out", not an error). */
  @Get('user')
  async user(@Req() request: ApiRequest) {
    if (!request.userId) throw new UnauthorizedException({ message: 'Not authenticated' });
    return answer(authRoutes.user, await this.identity.getUser({}));
  }
}
