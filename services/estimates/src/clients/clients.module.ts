import { Global, Module } from '@nestjs/common';
import { ClientsModule, Transport, type ClientGrpc } from '@nestjs/microservices';
import { SERVICES } from '@kerf/contracts';
import { GRPC_CLIENT_CHANNEL_OPTIONS, PROTO_LOADER_OPTIONS, serviceClient } from '@kerf/platform';
import type { ProjectsServiceClient } from '@kerf/contracts/generated/kerf/projects';
import type { AiChatServiceClient } from '@kerf/contracts/generated/kerf/ai-chat';
import type { DocumentsServiceClient } from '@kerf/contracts/generated/kerf/documents';
import { ESTIMATES_CONFIG, loadEstimatesConfig, type EstimatesConfig } from '../config';

export const PROJECTS = Symbol('PROJECTS');
export const AI_CHAT = Symbol('AI_CHAT');
export const DOCUMENTS = Symbol('DOCUMENTS');
export type Documents = ReturnType<typeof serviceClient<DocumentsServiceClient>>;
export type Projects = ReturnType<typeof serviceClient<ProjectsServiceClient>>;
export type AiChat = ReturnType<typeof serviceClient<AiChatServiceClient>>;

const client = (service: 'projects' | 'ai-chat' | 'documents', url: keyof EstimatesConfig) => ({
  name: `grpc:${service}`,
  inject: [ESTIMATES_CONFIG],
  extraProviders: [{ provide: ESTIMATES_CONFIG, useFactory: loadEstimatesConfig }],
  useFactory: (config: EstimatesConfig) => ({
    transport: Transport.GRPC as const,
    options: {
      url: String(config[url]),
      package: SERVICES[service].protoPackage,
      protoPath: SERVICES[service].protoFile,
      loader: PROTO_LOADER_OPTIONS,
      channelOptions: GRPC_CLIENT_CHANNEL_OPTIONS,
    },
  }),
});

/** The estimates service's configuration and its clients of projects (ownership), ai-chat (materials) and documents (floor area). */
@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      client('projects', 'PROJECTS_GRPC_URL'),
      client('ai-chat', 'AI_CHAT_GRPC_URL'),
      client('documents', 'DOCUMENTS_GRPC_URL'),
    ]),
  ],
  providers: [
    { provide: ESTIMATES_CONFIG, useFactory: loadEstimatesConfig },
    {
      provide: PROJECTS,
      inject: ['grpc:projects'],
      useFactory: (c: ClientGrpc) => serviceClient<ProjectsServiceClient>(c, SERVICES.projects.serviceName),
    },
    {
      provide: AI_CHAT,
      inject: ['grpc:ai-chat'],
      useFactory: (c: ClientGrpc) => serviceClient<AiChatServiceClient>(c, SERVICES['ai-chat'].serviceName, 15_000),
    },
    {
      provide: DOCUMENTS,
      inject: ['grpc:documents'],
      // The measured floor area is a check, not the estimate: a short deadline, and the estimate goes on without it.
      useFactory: (c: ClientGrpc) => serviceClient<DocumentsServiceClient>(c, SERVICES.documents.serviceName, 5_000),
    },
  ],
  exports: [ESTIMATES_CONFIG, PROJECTS, AI_CHAT, DOCUMENTS],
})
export class ClientsSetupModule {}
