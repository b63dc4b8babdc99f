import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { RpcErrors, currentContext } from '@kerf/platform';
import {
  IDENTITY_SERVICE_NAME,
  type LoginRequest,
  type RegisterRequest,
  type SessionGrant,
  type User,
} from '@kerf/contracts/generated/kerf/identity';
import { UsersService, toUserMessage } from './users.service';

@Controller()
export class UsersGrpcController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'register')
  async register(request: RegisterRequest): Promise<SessionGrant> {
    const { user, token, expiresAt } = await this.users.register(request);
    return { user: toUserMessage(user), token, expiresAt: expiresAt.toISOString() };
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'login')
  async login(request: LoginRequest): Promise<SessionGrant> {
    const { user, token, expiresAt } = await this.users.login(request);
    return { user: toUserMessage(user), token, expiresAt: expiresAt.toISOString() };
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'getUser')
  async getUser(): Promise<User> {
    const userId = currentContext()?.userId;
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw RpcErrors.unauthenticated();
    return toUserMessage(user);
  }
}
