import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BodyOf,
  DocumentAnalysis,
  OverridableUnit,
  SuccessOf,
  TakeoffItem,
  TakeoffKind,
  documentRoutes,
  takeoffItemRoutes,
} from '@kerf/contracts/http';
import { apiRequest, callRoute } from '@/lib/api-client';
import { analysisQueryKey } from '@/features/documents';
import { materialsQueryKey } from '@/features/materials';

/** The original file (issue 17), served with `Accept-Ranges` so pdf.js reads only the pages it shows. */
export const documentFileUrl = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/file`;

/**
 * The analysis as the viewer reads it: the PDF takeoff (issue 16) adds page sizes, room outlines
 * and symbol positions in page points (origin top left, y down); a DXF's are in drawing coordinates. An older analysis has none of
 * them, so each is optional and the screen says what is missing.
 */
export type ViewerAnalysis = DocumentAnalysis;

type AnalysisPage = NonNullable<DocumentAnalysis['pages']>[number];
/** A page of the analysis, or the one page an image stands for (a number and nothing else known). */
export type ViewerPage = Pick<AnalysisPage, 'number'> & Partial<AnalysisPage>;

/** A hand measurement (issue 17): kept by the documents service, quantity worked out from the page's scale. */
export type { TakeoffItem, TakeoffKind };

export type NewTakeoffItem = BodyOf<typeof takeoffItemRoutes.create>;

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
        return body as SuccessOf<typeof takeoffItemRoutes.list>;
      },
    }),
  );
}

export function useCreateTakeoffItem(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTakeoffItem) =>
      callRoute<typeof takeoffItemRoutes.create>('POST', '/api/takeoff-items', input),
    onSuccess: (item) => {
      queryClient.setQueryData<TakeoffItem[]>(takeoffItemsQueryKey(documentId), (items) => [...(items ?? []), item]);
    },
  });
}

/** PATCH /api/takeoff-items/{id}: a new name or category (the points or holes too; the service recomputes the quantity). */
export function useUpdateTakeoffItem(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // An area's holes go all of them at once: [] clears them.
    mutationFn: ({ id, ...changes }: { id: string } & BodyOf<typeof takeoffItemRoutes.update>) =>
      callRoute<typeof takeoffItemRoutes.update>('PATCH', `/api/takeoff-items/${encodeURIComponent(id)}`, changes),
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

export type LengthUnit = OverridableUnit;
/** In the order the calibration dialog offers them. */
export const LENGTH_UNITS: readonly LengthUnit[] = ['ft', 'in', 'm', 'cm', 'mm'];

/** The page calibrated, and the body PUT for it: a line on the page and its real length. */
export type Calibration = { page: number } & BodyOf<typeof documentRoutes.setPageScale>;

/** PUT /api/documents/{id}/pages/{n}/scale (issue 16): answers the analysis, redone with the new scale. */
export function useCalibratePage(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, ...body }: Calibration) =>
      callRoute<typeof documentRoutes.setPageScale>(
        'PUT',
        `/api/documents/${encodeURIComponent(documentId)}/pages/${page}/scale`,
        body,
      ),
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

/** PUT /api/documents/{id}/pages/{n}/boundaries: the page's room boundaries, all of them; answers the analysis, redone with them. */
export function useSetPageBoundaries(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, ...body }: { page: number } & BodyOf<typeof documentRoutes.setPageBoundaries>) =>
      callRoute<typeof documentRoutes.setPageBoundaries>(
        'PUT',
        `/api/documents/${encodeURIComponent(documentId)}/pages/${page}/boundaries`,
        body,
      ),
    onSuccess: async (analysis) => {
      queryClient.setQueryData(analysisQueryKey(documentId), analysis);
      await queryClient.invalidateQueries({ queryKey: ['/api/documents'], exact: false, refetchType: 'active' });
    },
  });
}

/** What goes to the materials list: one of a hand item, or a room, layer or symbol group of the automatic takeoff. */
export type TakeoffToMaterial = BodyOf<typeof takeoffItemRoutes.toMaterials> &
  ({ itemId: string } | { room: string } | { layer: string } | { symbol: string });

export function useSendToMaterials(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TakeoffToMaterial) =>
      callRoute<typeof takeoffItemRoutes.toMaterials>('POST', '/api/materials/from-takeoff', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialsQueryKey(projectId) }),
  });
}
