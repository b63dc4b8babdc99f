import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import {
  IDENTITY_SERVICE_NAME,
  type PasswordResetRequest,
  type ResetPasswordRequest,
  type ResetPasswordResult,
} from '@kerf/contracts/generated/kerf/identity';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetGrpcController {
  constructor(@Inject(PasswordResetService) private readonly resets: PasswordResetService) {}

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'requestPasswordReset')
  async requestPasswordReset(request: PasswordResetRequest): Promise<Empty> {
    await this.resets.request(request);
    return {};
  }

  @GrpcMethod(IDENTITY_SERVICE_NAME, 'resetPassword')
  async resetPassword(request: ResetPasswordRequest): Promise<ResetPasswordResult> {
    return this.resets.reset(request);
  }
}
