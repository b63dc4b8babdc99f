import { Controller, Inject, type Type } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { SERVICES, type ServiceName } from '@kerf/contracts';
import type { ServiceStatus } from '@kerf/contracts/generated/kerf/common';
import { HealthChecks } from './health-checks';

/**
 * The `Status` rpc every Kerf service contract has: readiness with each
 * dependency, which the gateway's GET /api/health gathers from all services.
 */
export function statusControllerFor(service: ServiceName): Type<unknown> {
  @Controller()
  class StatusGrpcController {
    constructor(@Inject(HealthChecks) private readonly health: HealthChecks) {}

    @GrpcMethod(SERVICES[service].serviceName, 'Status')
    async status(): Promise<ServiceStatus> {
      const { up, dependencies } = await this.health.run();
      return { service, up, dependencies };
    }
  }
  return StatusGrpcController;
}
