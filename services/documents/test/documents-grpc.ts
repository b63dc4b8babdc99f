/**
 * A test's own gRPC client of the documents service, acting as a given user the
 * way the chat service calls it (the user id in the call's metadata): the
 * gateway has no route for SearchDocuments.
 */
import { Metadata, credentials, loadPackageDefinition, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { PROTO_ROOT, SERVICES } from '@kerf/contracts';
import type { SearchDocumentsRequest, SearchHit } from '@kerf/contracts/generated/kerf/documents';
import { PROTO_LOADER_OPTIONS, USER_ID_KEY } from '@kerf/platform';

type Callback<T> = (error: ServiceError | null, response?: T) => void;
interface RawDocumentsClient {
  searchDocuments(
    request: SearchDocumentsRequest,
    metadata: Metadata,
    callback: Callback<{ hits?: SearchHit[] }>,
  ): void;
  close(): void;
}

export interface DocumentsGrpc {
  search(userId: string, request: SearchDocumentsRequest): Promise<SearchHit[]>;
  close(): void;
}

export function documentsGrpc(address: string): DocumentsGrpc {
  const { protoFile, protoPackage, serviceName } = SERVICES.documents;
  const definition = loadSync(protoFile, { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_ROOT] });
  let namespace = loadPackageDefinition(definition) as Record<string, unknown>;
  for (const part of protoPackage.split('.')) namespace = namespace[part] as Record<string, unknown>;
  const Client = namespace[serviceName] as new (address: string, creds: unknown) => RawDocumentsClient;
  const client = new Client(address, credentials.createInsecure());
  return {
    search: (userId, request) =>
      new Promise((resolve, reject) => {
        const metadata = new Metadata();
        metadata.set(USER_ID_KEY, userId);
        client.searchDocuments(request, metadata, (error, response) =>
          error ? reject(error) : resolve(response?.hits ?? []),
        );
      }),
    close: () => client.close(),
  };
}
