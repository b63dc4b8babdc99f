import type { DynamicModule } from '@nestjs/common';
import { SERVICE_NAMES, grpcUrlVariable } from '@kerf/contracts';
import { peerClientsModule } from '@kerf/platform/edge';
import type { GatewayConfig } from '../config';

/**
 * The gateway calls every service: the platform's clients under the platform's
 * tokens, at the addresses the gateway's configuration validated, with each
 * service's Status for the health page.
 */
export function serviceClientsModule(config: GatewayConfig): DynamicModule {
  const urls = Object.fromEntries(SERVICE_NAMES.map((service) => [service, config[grpcUrlVariable(service)]]));
  return peerClientsModule(SERVICE_NAMES, { urls, statusClients: true });
}

// The controllers' imports of the clients (declared in @kerf/platform/edge).
export {
  AI_CHAT,
  BILLING,
  BLOG,
  DOCUMENTS,
  ESTIMATES,
  IDENTITY,
  PROJECTS,
  STATUS_CLIENTS,
  type AiChat,
  type Billing,
  type Blog,
  type Documents,
  type Estimates,
  type Identity,
  type Projects,
  type StatusClients,
} from '@kerf/platform/edge';
