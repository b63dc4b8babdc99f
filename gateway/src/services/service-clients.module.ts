import { Global, Module } from '@nestjs/common';
import { ClientsModule, Transport, type ClientGrpc } from '@nestjs/microservices';
import { SERVICE_NAMES, SERVICES, grpcUrlVariable, type ServiceName } from '@kerf/contracts';
import { GRPC_CLIENT_CHANNEL_OPTIONS, PROTO_LOADER_OPTIONS, serviceClient } from '@kerf/platform/edge';
import type { IdentityServiceClient } from '@kerf/contracts/generated/kerf/identity';
import type { BillingServiceClient } from '@kerf/contracts/generated/kerf/billing';
import type { ProjectsServiceClient } from '@kerf/contracts/generated/kerf/projects';
import type { BlogServiceClient } from '@kerf/contracts/generated/kerf/blog';
import type { DocumentsServiceClient } from '@kerf/contracts/generated/kerf/documents';
import type { AiChatServiceClient } from '@kerf/contracts/generated/kerf/ai-chat';
import type { EstimatesServiceClient } from '@kerf/contracts/generated/kerf/estimates';
import type { Empty, ServiceStatus } from '@kerf/contracts/generated/kerf/common';
import type { Observable } from 'rxjs';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../config';

const grpcToken = (service: ServiceName) => `grpc:${service}`;

/** Every service answers Status; the typed clients below add each service's own rpcs. */
export interface StatusClient {
  status(request: Empty): Observable<ServiceStatus>;
}

export const IDENTITY = Symbol('IDENTITY');
export const BILLING = Symbol('BILLING');
export const PROJECTS = Symbol('PROJECTS');
export const BLOG = Symbol('BLOG');
export const DOCUMENTS = Symbol('DOCUMENTS');
export const AI_CHAT = Symbol('AI_CHAT');
/** The documents service's grpc-js client itself, for the upload's client stream. */
export const DOCUMENTS_RAW = Symbol('DOCUMENTS_RAW');
export const ESTIMATES = Symbol('ESTIMATES');
/** The raw estimates client, for its server-streaming file download. */
export const ESTIMATES_GRPC = Symbol('ESTIMATES_GRPC');
export const STATUS_CLIENTS = Symbol('STATUS_CLIENTS');

export type Identity = ReturnType<typeof serviceClient<IdentityServiceClient>>;
export type Billing = ReturnType<typeof serviceClient<BillingServiceClient>>;
export type Projects = ReturnType<typeof serviceClient<ProjectsServiceClient>>;
export type Blog = ReturnType<typeof serviceClient<BlogServiceClient>>;
export type Documents = ReturnType<typeof serviceClient<DocumentsServiceClient>>;
export type AiChat = ReturnType<typeof serviceClient<AiChatServiceClient>>;
export type Estimates = ReturnType<typeof serviceClient<EstimatesServiceClient>>;
export type StatusClients = Record<ServiceName, ReturnType<typeof serviceClient<StatusClient>>>;

/** gRPC clients for every service, addressed by <SERVICE>_GRPC_URL. */
@Global()
@Module({
  imports: [
    ClientsModule.registerAsync(
      SERVICE_NAMES.map((service) => ({
        name: grpcToken(service),
        inject: [GATEWAY_CONFIG],
        useFactory: (config: GatewayConfig) => ({
          transport: Transport.GRPC as const,
          options: {
            url: config[grpcUrlVariable(service)],
            package: SERVICES[service].protoPackage,
            protoPath: SERVICES[service].protoFile,
            loader: PROTO_LOADER_OPTIONS,
            // Reconnect quickly after a service restarts (grpc-js starts at 1 s and grows to 120 s).
            channelOptions: GRPC_CLIENT_CHANNEL_OPTIONS,
          },
        }),
      })),
    ),
  ],
  providers: [
    {
      provide: IDENTITY,
      inject: [grpcToken('identity')],
      useFactory: (client: ClientGrpc) => serviceClient<IdentityServiceClient>(client, SERVICES.identity.serviceName),
    },
    {
      provide: BILLING,
      inject: [grpcToken('billing')],
      useFactory: (client: ClientGrpc) => serviceClient<BillingServiceClient>(client, SERVICES.billing.serviceName),
    },
    {
      provide: PROJECTS,
      inject: [grpcToken('projects')],
      useFactory: (client: ClientGrpc) => serviceClient<ProjectsServiceClient>(client, SERVICES.projects.serviceName),
    },
    {
      provide: BLOG,
      inject: [grpcToken('blog')],
      useFactory: (client: ClientGrpc) => serviceClient<BlogServiceClient>(client, SERVICES.blog.serviceName),
    },
    {
      provide: DOCUMENTS,
      inject: [grpcToken('documents')],
      useFactory: (client: ClientGrpc) => serviceClient<DocumentsServiceClient>(client, SERVICES.documents.serviceName),
    },
    {
      provide: AI_CHAT,
      inject: [grpcToken('ai-chat')],
      useFactory: (client: ClientGrpc) => serviceClient<AiChatServiceClient>(client, SERVICES['ai-chat'].serviceName),
    },
    {
      provide: DOCUMENTS_RAW,
      inject: [grpcToken('documents')],
      useFactory: (client: ClientGrpc) => client.getClientByServiceName(SERVICES.documents.serviceName),
    },
    {
      provide: ESTIMATES,
      inject: [grpcToken('estimates')],
      useFactory: (client: ClientGrpc) => serviceClient<EstimatesServiceClient>(client, SERVICES.estimates.serviceName),
    },
    { provide: ESTIMATES_GRPC, useExisting: grpcToken('estimates') },
    {
      provide: STATUS_CLIENTS,
      inject: SERVICE_NAMES.map(grpcToken),
      useFactory: (...clients: ClientGrpc[]) =>
        Object.fromEntries(
          SERVICE_NAMES.map((service, i) => [
            service,
            serviceClient<StatusClient>(clients[i]!, SERVICES[service].serviceName, 1_500),
          ]),
        ),
    },
  ],
  exports: [
    IDENTITY,
    BILLING,
    PROJECTS,
    BLOG,
    DOCUMENTS,
    DOCUMENTS_RAW,
    AI_CHAT,
    ESTIMATES,
    ESTIMATES_GRPC,
    STATUS_CLIENTS,
  ],
})
export class ServiceClientsModule {}
