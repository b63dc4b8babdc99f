import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { RpcErrors, currentContext } from '@kerf/platform';
import { BILLING_SERVICE_NAME, type Customer as CustomerMessage } from '@kerf/contracts/generated/kerf/billing';
import { Customer } from './customer.entity';

@Controller()
export class CustomersGrpcController {
  constructor(@InjectRepository(Customer) private readonly customers: Repository<Customer>) {}

  /** The acting user's own billing record. */
  @GrpcMethod(BILLING_SERVICE_NAME, 'getCustomer')
  async getCustomer(): Promise<CustomerMessage> {
    const userId = currentContext()?.userId;
    if (!userId) throw RpcErrors.unauthenticated();
    const customer = await this.customers.findOneBy({ userId });
    if (!customer) throw RpcErrors.notFound('No billing record for this user yet.');
    return {
      userId: customer.userId,
      email: customer.email,
      providerCustomerId: customer.providerCustomerId ?? undefined,
      createdAt: customer.createdAt.toISOString(),
    };
  }
}
