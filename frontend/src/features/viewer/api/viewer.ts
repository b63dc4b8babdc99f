import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { analysisQueryKey, type DocumentAnalysis, type PageScale } from '@/features/documents/api/documents';
import { materialsQueryKey } from '@/features/materials/api/materials';
import type { Point } from '@/features/viewer/lib/geometry';

/** The original file (issue 17), served with `Accept-Ranges` so pdf.js reads only the pages it shows. */
export const documentFileUrl = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/file`;

/**
 * The analysis as the viewer reads it: the PDF takeoff (issue 16) adds page sizes, room outlines
 * and symbol positions in page points (origin top left, y down). An older analysis has none of
 * them, so each is optional and the screen says what is missing.
 */
export type ViewerPage = {
  number: number;
  widthPts?: number;
  heightPts?: number;
  raster?: boolean;
  sheetNumber?: string;
  title?: string;
  scale?: string | PageScale | null;
};

export type ViewerRoom = {
  name: string;
  page?: number;
  areaSqFt: number;
  perimeterFt: number;
  outline?: Point[];
  printedAreaSqFt?: number;
  source?: string;
  layer?: string;
};

export type ViewerLayer = { name: string; page?: number; lengthFt: number; areaSqFt: number; entityCount: number };

export type ViewerSymbol = { name: string; page?: number; count: number; at?: Point[] };

export type ViewerAnalysis = Omit<DocumentAnalysis, 'pages' | 'rooms' | 'layers'> & {
  pages?: ViewerPage[];
  rooms?: ViewerRoom[];
  layers?: ViewerLayer[];
  symbols?: ViewerSymbol[];
};

export type TakeoffKind = 'length' | 'area' | 'count';

/** A hand measurement (issue 17): kept by the documents service, quantity worked out from the page's scale. */
export type TakeoffItem = {
  id: string;
  documentId: string;
  projectId: string;
  page: number;
  kind: TakeoffKind;
  name: string;
  category: string | null;
  points: Point[];
  /** Decimal string. */
  quantity: string;
  unit: 'LF' | 'SF' | 'EA';
  createdAt: string;
  updatedAt: string;
};

export type NewTakeoffItem = {
  documentId: string;
  page: number;
  kind: TakeoffKind;
  name: string;
  points: Point[];
  category?: string;
};

export const takeoffItemsQueryKey = (documentId: string) => ['/api/takeoff-items', documentId] as const;

/** The document's takeoff items; an answer other than a list (the route not there yet) reads as an error. */
export function useTakeoffItems(documentId: string) {
  return useQuery(
    queryOptions({
      queryKey: takeoffItemsQueryKey(documentId),
      queryFn: async ({ signal }) => {
        const res = await apiRequest(
          'GET',
          `/api/takeoff-items?documentId=${encodeURIComponent(documentId)}`,
          undefined,
          signal,
        );
        const body = (await res.json()) as unknown;
        if (!Array.isArray(body)) throw new Error('The takeoff items could not be read.');
        return body as TakeoffItem[];
      },
    }),
  );
}

export function useCreateTakeoffItem(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewTakeoffItem) =>
      (await (await apiRequest('POST', '/api/takeoff-items', input)).json()) as TakeoffItem,
    onSuccess: (item) => {
      queryClient.setQueryData<TakeoffItem[]>(takeoffItemsQueryKey(documentId), (items) => [...(items ?? []), item]);
    },
  });
}

/** PATCH /api/takeoff-items/{id}: a new name or category (the points too; the service recomputes the quantity). */
export function useUpdateTakeoffItem(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...changes }: { id: string; name?: string; category?: string | null; points?: Point[] }) =>
      (await (
        await apiRequest('PATCH', `/api/takeoff-items/${encodeURIComponent(id)}`, changes)
      ).json()) as TakeoffItem,
    onSuccess: (item) => {
      queryClient.setQueryData<TakeoffItem[]>(takeoffItemsQueryKey(documentId), (items) =>
        (items ?? []).map((candidate) => (candidate.id === item.id ? item : candidate)),
      );
    },
  });
}

export function useDeleteTakeoffItem(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/takeoff-items/${encodeURIComponent(id)}`);
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData<TakeoffItem[]>(takeoffItemsQueryKey(documentId), (items) =>
        (items ?? []).filter((item) => item.id !== id),
      );
    },
  });
}

export type LengthUnit = 'in' | 'ft' | 'mm' | 'cm' | 'm';
export const LENGTH_UNITS: readonly LengthUnit[] = ['ft', 'in', 'm', 'cm', 'mm'];

export type Calibration = { page: number; from: Point; to: Point; distance: number; unit: LengthUnit };

/** PUT /api/documents/{id}/pages/{n}/scale (issue 16): answers the analysis, redone with the new scale. */
export function useCalibratePage(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ page, ...body }: Calibration) =>
      (await (
        await apiRequest('PUT', `/api/documents/${encodeURIComponent(documentId)}/pages/${page}/scale`, body)
      ).json()) as DocumentAnalysis,
    onSuccess: async (analysis) => {
      queryClient.setQueryData(analysisQueryKey(documentId), analysis);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/documents'], exact: false, refetchType: 'active' }),
        // The service recomputes the items' quantities with the new scale.
        queryClient.invalidateQueries({ queryKey: takeoffItemsQueryKey(documentId) }),
      ]);
    },
  });
}

/** What goes to the materials list: a hand item, or a room, layer or symbol group of the automatic takeoff. */
export type TakeoffToMaterial =
  | { documentId: string; itemId: string }
  | { documentId: string; page?: number; room: string }
  | { documentId: string; page?: number; layer: string }
  | { documentId: string; page?: number; symbol: string };

export function useSendToMaterials(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TakeoffToMaterial) =>
      (await (await apiRequest('POST', '/api/materials/from-takeoff', body)).json()) as unknown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialsQueryKey(projectId) }),
  });
}
