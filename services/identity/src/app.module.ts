import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@kerf/platform';
import { IDENTITY_CONFIG, loadIdentityConfig } from './config';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';
import { UsersGrpcController } from './users/users.grpc.controller';
import { LoginThrottle } from './users/login-throttle';
import { Session } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { SessionsGrpcController } from './sessions/sessions.grpc.controller';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { PasswordResetService } from './password-reset/password-reset.service';
import { PasswordResetGrpcController } from './password-reset/password-reset.grpc.controller';
import { Mailer } from './mail/mailer';
import { CreateUsers1763800100000 } from './migrations/1763800100000-create-users';
import { CreateSessions1763800300000 } from './migrations/1763800300000-create-sessions';
import { CreatePasswordResetTokens1763800500000 } from './migrations/1763800500000-create-password-reset-tokens';
import { CreateLoginFailures1763800600000 } from './migrations/1763800600000-create-login-failures';
import { AddSubscriptionAsOf1763800800000 } from './migrations/1763800800000-add-subscription-as-of';
import { OnSubscriptionChangedHandler } from './subscriptions/on-subscription-changed.handler';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'identity',
      entities: [User, Session, PasswordResetToken],
      migrations: [
        CreateUsers1763800100000,
        CreateSessions1763800300000,
        CreatePasswordResetTokens1763800500000,
        CreateLoginFailures1763800600000,
        AddSubscriptionAsOf1763800800000,
      ],
      eventHandlers: [OnSubscriptionChangedHandler],
    }),
    TypeOrmModule.forFeature([User, Session, PasswordResetToken]),
  ],
  controllers: [UsersGrpcController, SessionsGrpcController, PasswordResetGrpcController],
  providers: [
    { provide: IDENTITY_CONFIG, useFactory: loadIdentityConfig },
    UsersService,
    LoginThrottle,
    SessionsService,
    PasswordResetService,
    Mailer,
    OnSubscriptionChangedHandler,
  ],
})
export class AppModule {}
