import type { DynamicModule, Provider } from '@nestjs/common';
import { ClientsModule, Transport, type ClientGrpc } from '@nestjs/microservices';
import { SERVICES, grpcUrlVariable, type ServiceName } from '@kerf/contracts';
import { GRPC_CLIENT_CHANNEL_OPTIONS, PROTO_LOADER_OPTIONS } from './options';
import { serviceClient } from './service-client';

const clientToken = (service: ServiceName) => `grpc-peer:${service}`;

/**
 * gRPC clients of other Kerf services, for a service that calls them (documents
 * asks projects who owns a project). Each is addressed by <SERVICE>_GRPC_URL,
 * by default the service's own port on this machine.
 */
export function peerClientsModule(services: ServiceName[]): DynamicModule {
  return ClientsModule.register(
    services.map((service) => ({
      name: clientToken(service),
      transport: Transport.GRPC as const,
      options: {
        url: process.env[grpcUrlVariable(service)] || `127.0.0.1:${SERVICES[service].port}`,
        package: SERVICES[service].protoPackage,
        protoPath: SERVICES[service].protoFile,
        loader: PROTO_LOADER_OPTIONS,
        channelOptions: GRPC_CLIENT_CHANNEL_OPTIONS,
      },
    })),
  );
}

/** A provider of the typed, promise-returning client of one peer service under `token`. */
export function peerClientProvider<T extends object>(service: ServiceName, token: symbol): Provider {
  return {
    provide: token,
    inject: [clientToken(service)],
    useFactory: (client: ClientGrpc) => serviceClient<T>(client, SERVICES[service].serviceName),
  };
}
