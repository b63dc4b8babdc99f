import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { CLIENT_ADDRESS_KEY, RpcErrors, currentContext, actingUserId } from '@kerf/platform';
import {
  IDENTITY_SERVICE_NAME,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type SessionGrant,
  type UpdateProfileRequest,
  type User,
} from '@kerf/contracts/generated/kerf/identity';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { UsersService, toUserMessage } from './users.service';

/** gRPC call metadata, as Nest hands it to a @GrpcMethod after the request. */
type Metadata = { get(key: string): unknown[] };

/** The browser's address as the gateway saw it, when it sent one. */
function clientAddress(metadata: Metadata | undefined): string | undefined {
  const value = metadata?.get?.(CLIENT_ADDRESS_KEY)?.[0];
  return typeof value === 'string' && value ? value.slice(0, 100) : undefined;
}

@Controller()
export class UsersGrpcController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'register')
  async register(request: RegisterRequest): Promise<SessionGrant> {
    const { user, token, expiresAt } = await this.users.register(request);
    return { user: toUserMessage(user), token, expiresAt: expiresAt.toISOString() };
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'login')
  async login(request: LoginRequest, metadata?: Metadata): Promise<SessionGrant> {
    const { user, token, expiresAt } = await this.users.login(request, clientAddress(metadata));
    return { user: toUserMessage(user), token, expiresAt: expiresAt.toISOString() };
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'getUser')
  async getUser(): Promise<User> {
    const userId = currentContext()?.userId;
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw RpcErrors.unauthenticated();
    return toUserMessage(user);
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'updateProfile')
  async updateProfile(request: UpdateProfileRequest): Promise<User> {
    return toUserMessage(await this.users.updateProfile(actingUserId(), request));
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'changePassword')
  async changePassword(request: ChangePasswordRequest, metadata?: Metadata): Promise<Empty> {
    await this.users.changePassword(actingUserId(), request, clientAddress(metadata));
    return {};
  }
}
