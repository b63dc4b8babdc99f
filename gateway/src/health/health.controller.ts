import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SERVICE_NAMES } from '@kerf/contracts';
import { answer, healthRoutes } from '@kerf/contracts/http';
import { STATUS_CLIENTS, type StatusClients } from '../services/service-clients.module';

interface ServiceHealth {
  up: boolean;
  dependencies?: Array<{ name: string; up: boolean; detail: string }>;
  error?: string;
}

/**
 * /healthz/live: the gateway process answers (Kubernetes liveness).
 * /healthz/ready and /api/health: the gateway and every service with its
 * dependencies; 503 when anything is down.
 */
@Controller()
export class HealthController {
  private shuttingDown = false;

  constructor(@Inject(STATUS_CLIENTS) private readonly services: StatusClients) {}

  markShuttingDown() {
    this.shuttingDown = true;
  }

  @Get('healthz/live')
  @HttpCode(200)
  live() {
    return { status: 'up' };
  }

  @Get('healthz/ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.health(reply);
  }

  @Get('api/health')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (service): Promise<[string, ServiceHealth]> => {
        try {
          const status = await this.services[service].status({});
          return [service, { up: status.up, dependencies: status.dependencies }];
        } catch (error) {
          return [service, { up: false, error: (error as { details?: string }).details || 'no answer' }];
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const up = !this.shuttingDown && entries.every(([, health]) => health.up);
    reply.status(up ? 200 : 503);
    return answer(healthRoutes.health, { status: up ? 'up' : 'down', gateway: { up: !this.shuttingDown }, services });
  }
}
