import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';
import { UsersGrpcController } from './users/users.grpc.controller';
import { CreateUsers1763800100000 } from './migrations/1763800100000-create-users';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'identity',
      entities: [User],
      migrations: [CreateUsers1763800100000],
    }),
  ],
  controllers: [UsersGrpcController],
  providers: [UsersService],
})
export class AppModule {}
