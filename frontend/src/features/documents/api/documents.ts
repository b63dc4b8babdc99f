import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DocumentAnalysis,
  OverridableUnit,
  PageScale,
  ProjectDocument,
  QuantitySource,
  SuccessOf,
  documentRoutes,
  freePlanLimit,
} from '@kerf/contracts/http';
import { apiRequest, callRoute, getQueryFn } from '@/lib/api-client';

/** docs/spec.md §3 documents with the analysis state; the analysis of issue 6 with the user's corrections. */
export type { DocumentAnalysis, OverridableUnit, PageScale, ProjectDocument, QuantitySource };

export const documentsQueryKey = (projectId: string) => ['/api/documents', projectId] as const;

const busy = (documents: ProjectDocument[] | null | undefined) =>
  !!documents?.some((d) => d.status === 'pending' || d.status === 'processing' || !!d.reanalysis);

/** The project's documents; polled while any is still being analysed. */
export function useDocuments(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: documentsQueryKey(projectId),
      queryFn: ({ signal }) =>
        callRoute<typeof documentRoutes.list>(
          'GET',
          `/api/documents?projectId=${encodeURIComponent(projectId)}`,
          undefined,
          signal,
        ),
      refetchInterval: (query) => (busy(query.state.data) ? 2_000 : false),
    }),
  );
}

export const analysisQueryKey = (documentId: string) => ['/api/documents', documentId, 'analysis'] as const;

const working = (analysis: DocumentAnalysis | undefined) =>
  !!analysis && (!!analysis.reanalysis || analysis.status === 'pending' || analysis.status === 'processing');

/** A document's analysis; polled while it is read, or redone after a correction. */
export function useAnalysis(documentId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: analysisQueryKey(documentId ?? ''),
      queryFn: getQueryFn<DocumentAnalysis>({ on401: 'throw' }),
      enabled: !!documentId,
      refetchInterval: (query) => (working(query.state.data) ? 1_000 : false),
    }),
  );
}

export async function deleteDocument(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/documents/${encodeURIComponent(id)}`);
}

/** SPEC §7 and §9: uploads abort after 15 minutes. */
export const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

export class UploadError extends Error {
  constructor(
    readonly kind: 'http' | 'timeout' | 'network' | 'aborted',
    readonly status: number,
    /** The error answer (an upload over the free plan says so); empty when there was none. */
    readonly body: Partial<z.output<typeof freePlanLimit>>,
  ) {
    super(body.message ?? kind);
  }
}

/**
 * POST /api/documents as multipart (SPEC §7: repeated `file`, `projectId`,
 * `documentType`, headers X-Upload-Size-MB, Accept, X-Requested-With), with
 * progress. XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadDocuments(
  files: File[],
  projectId: string,
  documentType: 'project' | 'bid',
  onProgress: (fraction: number) => void,
): Promise<ProjectDocument[]> {
  const form = new FormData();
  // The fields first: the server reads the project before the files stream past.
  form.append('projectId', projectId);
  form.append('documentType', documentType);
  for (const file of files) form.append('file', file, file.name);
  const totalMb = files.reduce((sum, file) => sum + file.size, 0) / (1024 * 1024);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('X-Upload-Size-MB', totalMb.toFixed(2));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = { message: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const uploaded = body as SuccessOf<typeof documentRoutes.upload>;
        resolve(Array.isArray(uploaded) ? uploaded : [uploaded]);
      } else reject(new UploadError('http', xhr.status, body as UploadError['body']));
    };
    xhr.ontimeout = () => reject(new UploadError('timeout', 0, {}));
    xhr.onerror = () => reject(new UploadError('network', 0, {}));
    xhr.onabort = () => reject(new UploadError('aborted', 0, {}));
    xhr.send(form);
  });
}
