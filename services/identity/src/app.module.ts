import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@kerf/platform';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';
import { UsersGrpcController } from './users/users.grpc.controller';
import { Session } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { SessionsGrpcController } from './sessions/sessions.grpc.controller';
import { CreateUsers1763800100000 } from './migrations/1763800100000-create-users';
import { CreateSessions1763800300000 } from './migrations/1763800300000-create-sessions';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'identity',
      entities: [User, Session],
      migrations: [CreateUsers1763800100000, CreateSessions1763800300000],
    }),
    TypeOrmModule.forFeature([User, Session]),
  ],
  controllers: [UsersGrpcController, SessionsGrpcController],
  providers: [UsersService, SessionsService],
})
export class AppModule {}
