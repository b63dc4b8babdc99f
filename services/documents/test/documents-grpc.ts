/**
 * A test's own gRPC client of the documents service, acting as a given user the
 * way its peers call it (the user id in the call's metadata): the gateway has no
 * route for SearchDocuments, ListAnalyses or GetPageTexts, and a staged upload
 * left behind is only reached here.
 */
import {
  Metadata,
  credentials,
  loadPackageDefinition,
  type ClientReadableStream,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { PROTO_ROOT, SERVICES } from '@kerf/contracts';
import type {
  DocumentsOfProject,
  PageText,
  ProjectAnalysis,
  SearchDocumentsRequest,
  SearchHit,
  StagedUpload,
  UploadDocumentRequest,
} from '@kerf/contracts/generated/kerf/documents';
import { PROTO_LOADER_OPTIONS, USER_ID_KEY } from '@kerf/platform';

type Callback<T> = (error: ServiceError | null, response?: T) => void;
interface RawDocumentsClient {
  searchDocuments(
    request: SearchDocumentsRequest,
    metadata: Metadata,
    callback: Callback<{ hits?: SearchHit[] }>,
  ): void;
  stageUpload(
    metadata: Metadata,
    callback: Callback<StagedUpload>,
  ): { write(message: UploadDocumentRequest): boolean; end(): void };
  listAnalyses(request: DocumentsOfProject, metadata: Metadata): ClientReadableStream<ProjectAnalysis>;
  getPageTexts(request: DocumentsOfProject, metadata: Metadata): ClientReadableStream<PageText>;
  close(): void;
}

export interface DocumentsGrpc {
  search(userId: string, request: SearchDocumentsRequest): Promise<SearchHit[]>;
  /** StageUpload of one file, as the gateway streams it. */
  stage(userId: string, projectId: string, filename: string, bytes: Buffer): Promise<StagedUpload>;
  listAnalyses(userId: string, request: DocumentsOfProject): Promise<ProjectAnalysis[]>;
  pageTexts(userId: string, request: DocumentsOfProject): Promise<PageText[]>;
  close(): void;
}

const actingAs = (userId: string) => {
  const metadata = new Metadata();
  metadata.set(USER_ID_KEY, userId);
  return metadata;
};

/** Every message of a server stream, or its error. */
async function all<T>(call: ClientReadableStream<T>): Promise<T[]> {
  const messages: T[] = [];
  for await (const message of call) messages.push(message as T);
  return messages;
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
        client.searchDocuments(request, actingAs(userId), (error, response) =>
          error ? reject(error) : resolve(response?.hits ?? []),
        );
      }),
    stage: (userId, projectId, filename, bytes) =>
      new Promise((resolve, reject) => {
        const call = client.stageUpload(actingAs(userId), (error, response) =>
          error ? reject(error) : resolve(response!),
        );
        call.write({ start: { projectId, filename, documentType: '' } });
        call.write({ chunk: bytes });
        call.end();
      }),
    listAnalyses: (userId, request) => all(client.listAnalyses(request, actingAs(userId))),
    pageTexts: (userId, request) => all(client.getPageTexts(request, actingAs(userId))),
    close: () => client.close(),
  };
}
