import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { HealthCheckRequest, HealthCheckResponse } from '@kerf/contracts/generated/grpc/health/v1/health';
import { HealthCheckResponse_ServingStatus as Serving } from '@kerf/contracts/generated/grpc/health/v1/health';
import { HealthChecks } from './health-checks';

/**
 * The standard grpc.health.v1 service, for Kubernetes grpc probes:
 * service "liveness" answers SERVING while the process runs; anything else
 * ("" or "readiness") answers SERVING only when every dependency answers.
 */
@Controller()
export class GrpcHealthController {
  constructor(@Inject(HealthChecks) private readonly health: HealthChecks) {}

  @GrpcMethod('Health', 'Check')
  async check(request: HealthCheckRequest): Promise<HealthCheckResponse> {
    if (request.service === 'liveness') return { status: Serving.SERVING };
    const { up } = await this.health.run();
    return { status: up ? Serving.SERVING : Serving.NOT_SERVING };
  }
}
