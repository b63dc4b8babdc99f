import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@kerf/platform';
import { Customer } from './customers/customer.entity';
import { CustomersGrpcController } from './customers/customers.grpc.controller';
import { OnUserRegisteredHandler } from './customers/on-user-registered.handler';
import { CreateCustomers1763800200000 } from './migrations/1763800200000-create-customers';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'billing',
      entities: [Customer],
      migrations: [CreateCustomers1763800200000],
      eventHandlers: [OnUserRegisteredHandler],
    }),
    TypeOrmModule.forFeature([Customer]),
  ],
  controllers: [CustomersGrpcController],
  providers: [OnUserRegisteredHandler],
})
export class AppModule {}
