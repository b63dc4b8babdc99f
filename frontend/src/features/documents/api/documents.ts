import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/api-client';

/** SPEC §3 documents, with the analysis state. */
export type ProjectDocument = {
  id: string;
  projectId: string;
  filename: string;
  filetype: string;
  filesize: number;
  documentType: 'project' | 'bid';
  uploadedAt: string;
  status: 'pending' | 'processing' | 'analyzed' | 'failed';
  error: string | null;
  sha256: string;
  /** While the analysis is redone after a correction (units, a page's scale). */
  reanalysis?: 'pending' | 'processing' | null;
};

export type QuantitySource = { page?: number; layer?: string; block?: string; sheet?: string; row?: number };

/** Issue 16: a PDF page's scale; null when it has none until the user calibrates it. */
export type PageScale = {
  note?: string;
  feetPerPoint: number;
  source: 'scale-note' | 'calibration' | 'dimensions';
};

/** The units a user can set a DXF or DWG drawing to (PUT /api/documents/{id}/units). */
export type OverridableUnit = 'in' | 'ft' | 'mm' | 'cm' | 'm';

/** GET /api/documents/{id}/analysis (issue 6), with the user's corrections (issues 15 and 16). */
export type DocumentAnalysis = {
  status: ProjectDocument['status'];
  error?: string;
  kind: string;
  units?: {
    source: string;
    usedAs?: string;
    /** Multiply a drawing-unit length by this to get feet. */
    feetPerUnit?: number;
    assumed?: boolean;
    /** Who set the units over the header's, and when. */
    override?: { unit: OverridableUnit; setBy: string; setAt: string };
    /** The unit the drawing's dimensions say it is in, when the figures are not in it: the one-click fix. */
    suggested?: OverridableUnit;
  };
  /** 1 for the first analysis, one more each time it is redone after a correction. */
  revision?: number;
  overrides?: {
    units?: { unit: OverridableUnit; setBy: string; setAt: string };
    pageScales?: Record<string, { feetPerPoint: number; setBy: string; setAt: string }>;
  };
  /** While the analysis is redone after a correction; the figures are the previous ones until it is done. */
  reanalysis?: 'pending' | 'processing' | null;
  /** Why redoing it failed; the previous analysis was kept. */
  reanalysisError?: string | null;
  layers?: Array<{ name: string; lengthFt: number; areaSqFt: number; entityCount: number }>;
  blocks?: Array<{ name: string; count: number; totalCount: number; dynamicBlockName?: string }>;
  rooms?: Array<{ name: string; areaSqFt: number; perimeterFt: number; layer: string }>;
  warnings?: string[];
  pages?: Array<{
    number: number;
    text: string;
    sheetNumber?: string;
    title?: string;
    /** The scale note as written, or (issue 16) the page's scale in feet per PDF point and where it came from. */
    scale?: string | PageScale | null;
    raster?: boolean;
  }>;
  quantities: Array<{ description: string; quantity: number; unit: string; source: QuantitySource }>;
  image?: { width: number; height: number; format: string };
};

export const documentsQueryKey = (projectId: string) => ['/api/documents', projectId] as const;

const busy = (documents: ProjectDocument[] | null | undefined) =>
  !!documents?.some((d) => d.status === 'pending' || d.status === 'processing' || !!d.reanalysis);

/** The project's documents; polled while any is still being analysed. */
export function useDocuments(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: documentsQueryKey(projectId),
      queryFn: async ({ signal }) =>
        (await (
          await apiRequest('GET', `/api/documents?projectId=${encodeURIComponent(projectId)}`, undefined, signal)
        ).json()) as ProjectDocument[],
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
    readonly body: { message?: string; code?: string; isPremiumFeature?: boolean; maxFreeSize?: number },
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
      if (xhr.status >= 200 && xhr.status < 300) resolve(Array.isArray(body) ? body : [body as ProjectDocument]);
      else reject(new UploadError('http', xhr.status, body as UploadError['body']));
    };
    xhr.ontimeout = () => reject(new UploadError('timeout', 0, {}));
    xhr.onerror = () => reject(new UploadError('network', 0, {}));
    xhr.onabort = () => reject(new UploadError('aborted', 0, {}));
    xhr.send(form);
  });
}
