/**
 * A test's own gRPC client of one service, calling it the way its peers do (the
 * acting user's id in the metadata), so a service's logic is tested on its own
 * port, without the gateway in front of it.
 */
import { Metadata, credentials, loadPackageDefinition, status, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { PROTO_ROOT, SERVICES, type ServiceName } from '@kerf/contracts';
import { PROTO_LOADER_OPTIONS } from '../grpc/options';
import { USER_ID_KEY } from '../logging/request-context';

type Unary = (
  request: unknown,
  metadata: Metadata,
  callback: (error: ServiceError | null, reply?: unknown) => void,
) => void;

export interface GrpcTestClient {
  /** A unary call by its method name in the client's spelling ('createProject'), as `userId` when given. */
  call<T = Record<string, unknown>>(method: string, request: unknown, userId?: string): Promise<T>;
  close(): void;
}

/** What a refused call said: its gRPC status name and the person-readable message of its body. */
export interface GrpcRefusal {
  status: string;
  message: string;
  code?: string;
}

export function grpcTestClient(name: ServiceName, address: string): GrpcTestClient {
  const { protoFile, protoPackage, serviceName } = SERVICES[name];
  const definition = loadSync(protoFile, { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_ROOT] });
  let namespace = loadPackageDefinition(definition) as Record<string, unknown>;
  for (const part of protoPackage.split('.')) namespace = namespace[part] as Record<string, unknown>;
  const Client = namespace[serviceName] as new (
    address: string,
    creds: unknown,
  ) => Record<string, unknown> & {
    close(): void;
  };
  const client = new Client(address, credentials.createInsecure());
  return {
    call: (method, request, userId) =>
      new Promise((resolve, reject) => {
        const metadata = new Metadata();
        if (userId) metadata.set(USER_ID_KEY, userId);
        const unary = client[method] as Unary | undefined;
        if (typeof unary !== 'function') return reject(new Error(`${serviceName} has no method ${method}`));
        unary.call(client, request, metadata, (error, reply) => (error ? reject(error) : resolve(reply as never)));
      }),
    close: () => client.close(),
  };
}

/** The refusal of a call expected to fail; throws when it succeeds. */
export async function grpcRefusal(call: Promise<unknown>): Promise<GrpcRefusal> {
  try {
    await call;
  } catch (error) {
    const { code, details } = error as ServiceError;
    const body = details?.startsWith('{') ? (JSON.parse(details) as { message: string; code?: string }) : undefined;
    return { status: status[code] ?? String(code), message: body?.message ?? details, code: body?.code };
  }
  throw new Error('the call succeeded');
}
