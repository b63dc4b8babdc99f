import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import {
  IDENTITY_SERVICE_NAME,
  type IdentityServiceController,
  type RegisterRequest,
  type User,
} from '@kerf/contracts/generated/kerf/identity';
import { UsersService, toUserMessage } from './users.service';

@Controller()
export class UsersGrpcController implements Pick<IdentityServiceController, 'register'> {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'register')
  async register(request: RegisterRequest): Promise<User> {
    return toUserMessage(await this.users.register(request));
  }
}
