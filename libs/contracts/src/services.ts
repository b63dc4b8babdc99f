import { join } from 'node:path';

/** Where the .proto contracts live: the repository's proto/ folder (copied into images). */
export const PROTO_ROOT = process.env.KERF_PROTO_ROOT ?? join(__dirname, '../../../../proto');

/** Every Kerf service: its gRPC package, service name, proto file and default port. */
export const SERVICES = {
  identity: {
    protoPackage: 'kerf.identity',
    serviceName: 'IdentityService',
    protoFile: 'kerf/identity.proto',
    port: 50051,
  },
  projects: {
    protoPackage: 'kerf.projects',
    serviceName: 'ProjectsService',
    protoFile: 'kerf/projects.proto',
    port: 50052,
  },
  documents: {
    protoPackage: 'kerf.documents',
    serviceName: 'DocumentsService',
    protoFile: 'kerf/documents.proto',
    port: 50053,
  },
  'ai-chat': {
    protoPackage: 'kerf.aichat',
    serviceName: 'AiChatService',
    protoFile: 'kerf/ai-chat.proto',
    port: 50054,
  },
  estimates: {
    protoPackage: 'kerf.estimates',
    serviceName: 'EstimatesService',
    protoFile: 'kerf/estimates.proto',
    port: 50055,
  },
  billing: {
    protoPackage: 'kerf.billing',
    serviceName: 'BillingService',
    protoFile: 'kerf/billing.proto',
    port: 50056,
  },
  blog: { protoPackage: 'kerf.blog', serviceName: 'BlogService', protoFile: 'kerf/blog.proto', port: 50057 },
} as const;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** The environment variable that tells the gateway where a service answers, e.g. AI_CHAT_GRPC_URL. */
export function grpcUrlVariable(service: ServiceName): string {
  return `${service.replace('-', '_').toUpperCase()}_GRPC_URL`;
}

export const HEALTH_PROTO_FILE = 'grpc/health/v1/health.proto';

/** How a process is started beyond its entry file: Node flags and environment. */
export interface ProcessRuntime {
  execArgv: string[];
  env: Record<string, string>;
}

/**
 * The processes that stream uploads keep their memory flat with a small young
 * generation (each chunk's buffers are freed at the next scavenge, not after
 * 16 MB of garbage) and two malloc arenas (glibc otherwise keeps freed memory
 * per thread). docs/decisions/0012-memory-of-streaming-processes.md. `npm start`,
 * the test harness and the images start them so.
 */
const STREAMING_RUNTIME: Partial<Record<ServiceName | 'gateway', ProcessRuntime>> = {
  // The gateway also serves every read: 2 MB scavenges less often (docs/decisions/0012).
  gateway: { execArgv: ['--max-semi-space-size=2'], env: { MALLOC_ARENA_MAX: '2' } },
  documents: { execArgv: ['--max-semi-space-size=1'], env: { MALLOC_ARENA_MAX: '2' } },
};

export function processRuntime(name: ServiceName | 'gateway'): ProcessRuntime {
  return STREAMING_RUNTIME[name] ?? { execArgv: [], env: {} };
}
