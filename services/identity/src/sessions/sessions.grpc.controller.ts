import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { RpcErrors } from '@kerf/platform';
import { IDENTITY_SERVICE_NAME, type SessionInfo, type SessionToken } from '@kerf/contracts/generated/kerf/identity';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsGrpcController {
  constructor(@Inject(SessionsService) private readonly sessions: SessionsService) {}

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'resolveSession')
  async resolveSession({ token }: SessionToken): Promise<SessionInfo> {
    const session = await this.sessions.resolve(token);
    if (!session) throw RpcErrors.notFound('Session not found or expired');
    return { userId: session.userId, expiresAt: session.expiresAt.toISOString() };
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'logout')
  async logout({ token }: SessionToken): Promise<Empty> {
    await this.sessions.logout(token);
    return {};
  }
}
