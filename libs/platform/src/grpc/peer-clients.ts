import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { ClientsModule, Transport, type ClientGrpc } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { SERVICES, grpcUrlVariable, type ServiceName } from '@kerf/contracts';
import type { IdentityServiceClient } from '@kerf/contracts/generated/kerf/identity';
import type { ProjectsServiceClient } from '@kerf/contracts/generated/kerf/projects';
import type { DocumentsServiceClient } from '@kerf/contracts/generated/kerf/documents';
import type { AiChatServiceClient } from '@kerf/contracts/generated/kerf/ai-chat';
import type { EstimatesServiceClient } from '@kerf/contracts/generated/kerf/estimates';
import type { BillingServiceClient } from '@kerf/contracts/generated/kerf/billing';
import type { BlogServiceClient } from '@kerf/contracts/generated/kerf/blog';
import type { Empty, ServiceStatus } from '@kerf/contracts/generated/kerf/common';
import { GRPC_CLIENT_CHANNEL_OPTIONS, PROTO_LOADER_OPTIONS } from './options';
import { serviceClient, type ServiceClient } from './service-client';

/** The typed client of each service (the server-streaming rpcs named, see ServiceClient). */
export type Identity = ServiceClient<IdentityServiceClient>;
export type Projects = ServiceClient<ProjectsServiceClient>;
export type Documents = ServiceClient<DocumentsServiceClient, 'downloadDocumentFile' | 'listAnalyses' | 'getPageTexts'>;
export type AiChat = ServiceClient<AiChatServiceClient>;
export type Estimates = ServiceClient<EstimatesServiceClient, 'downloadEstimateFile'>;
export type Billing = ServiceClient<BillingServiceClient>;
export type Blog = ServiceClient<BlogServiceClient>;

/** Every service answers Status (the gateway's health page asks them all). */
export type StatusClient = ServiceClient<{ status(request: Empty): Observable<ServiceStatus> }>;
export type StatusClients = Record<ServiceName, StatusClient>;

/** The injection token of each service's client: `@Inject(PROJECTS) projects: Projects`. */
export const IDENTITY = Symbol('peer:identity');
export const PROJECTS = Symbol('peer:projects');
export const DOCUMENTS = Symbol('peer:documents');
export const AI_CHAT = Symbol('peer:ai-chat');
export const ESTIMATES = Symbol('peer:estimates');
export const BILLING = Symbol('peer:billing');
export const BLOG = Symbol('peer:blog');
/** Each service's Status rpc with a short deadline, for a health check. */
export const STATUS_CLIENTS = Symbol('peer:status');

const TOKENS: Record<ServiceName, symbol> = {
  identity: IDENTITY,
  projects: PROJECTS,
  documents: DOCUMENTS,
  'ai-chat': AI_CHAT,
  estimates: ESTIMATES,
  billing: BILLING,
  blog: BLOG,
};

const channelToken = (service: ServiceName) => `grpc-peer:${service}`;

export interface PeerClientsOptions {
  /** host:port of a service; by default <SERVICE>_GRPC_URL, else the service's own port on this machine. */
  urls?: Partial<Record<ServiceName, string>>;
  /** A unary call's deadline in ms for a service's rpcs (5 s unless told; one call can still pass its own). */
  deadlinesMs?: Partial<Record<ServiceName, number>>;
  /** Also provide STATUS_CLIENTS (1.5 s deadline). */
  statusClients?: boolean;
}

/**
 * gRPC clients of other Kerf services, each under its token above, for every
 * process that calls them (the gateway, and a service that asks another: documents
 * asks projects who owns a project). Global: any module of the app injects them.
 */
export function peerClientsModule(services: ServiceName[], options: PeerClientsOptions = {}): DynamicModule {
  const channels = ClientsModule.register(
    services.map((service) => ({
      name: channelToken(service),
      transport: Transport.GRPC as const,
      options: {
        url: options.urls?.[service] || process.env[grpcUrlVariable(service)] || `127.0.0.1:${SERVICES[service].port}`,
        package: SERVICES[service].protoPackage,
        protoPath: SERVICES[service].protoFile,
        loader: PROTO_LOADER_OPTIONS,
        // Reconnect quickly after a service restarts (grpc-js starts at 1 s and grows to 120 s).
        channelOptions: GRPC_CLIENT_CHANNEL_OPTIONS,
      },
    })),
  );
  const providers: Provider[] = services.map((service) => ({
    provide: TOKENS[service],
    inject: [channelToken(service)],
    useFactory: (client: ClientGrpc) =>
      serviceClient(client, SERVICES[service].serviceName, options.deadlinesMs?.[service]),
  }));
  if (options.statusClients)
    providers.push({
      provide: STATUS_CLIENTS,
      inject: services.map(channelToken),
      useFactory: (...clients: ClientGrpc[]): Partial<StatusClients> =>
        Object.fromEntries(
          services.map((service, i) => [service, serviceClient(clients[i]!, SERVICES[service].serviceName, 1_500)]),
        ),
    });
  return {
    module: PeerClientsModule,
    global: true,
    imports: [channels],
    providers,
    exports: providers.map((provider) => (provider as { provide: symbol }).provide),
  };
}

@Module({})
class PeerClientsModule {}
