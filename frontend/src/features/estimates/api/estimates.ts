import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Estimate, EstimateStatus } from '@/features/estimates/lib/estimate';
import { priceMappingsQueryKey } from '@/features/estimates/api/price-mappings';

export const estimatesQueryKey = (projectId: string) => ['/api/estimates', projectId] as const;

export function getEstimatesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: estimatesQueryKey(projectId),
    queryFn: async () =>
      (await (
        await apiRequest('GET', `/api/estimates?projectId=${encodeURIComponent(projectId)}`)
      ).json()) as Estimate[],
  });
}

export function useEstimates(projectId: string, enabled: boolean) {
  return useQuery({ ...getEstimatesQueryOptions(projectId), enabled });
}

export interface GenerateInput {
  projectId: string;
  overheadPercentage: number;
  profitMargin: number;
  includeTimeline: boolean;
  includeMilestones: boolean;
  priceListId?: string;
}

export function useGenerateEstimate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GenerateInput) =>
      (await (await apiRequest('POST', '/api/estimates/generate', input)).json()) as Estimate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesQueryKey(projectId) }),
  });
}

export function useUpdateEstimateStatus(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: EstimateStatus }) =>
      (await (await apiRequest('PATCH', `/api/estimates/${encodeURIComponent(id)}`, { status })).json()) as Estimate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesQueryKey(projectId) }),
  });
}

export function useDeleteEstimate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `/api/estimates/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesQueryKey(projectId) }),
  });
}

export interface PriceChoice {
  estimateId: string;
  key: string;
  kind: 'item' | 'assembly';
  code: string;
}

/** One click on a "needs a price" candidate: the estimate comes back re-priced, the choice remembered. */
export function useChoosePrice(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ estimateId, ...choice }: PriceChoice) =>
      (await (
        await apiRequest('POST', `/api/estimates/${encodeURIComponent(estimateId)}/choices`, choice)
      ).json()) as Estimate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: estimatesQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: priceMappingsQueryKey }),
      ]),
  });
}

/** Saves a stored file (estimate-{id}.pdf or .xlsx) through a temporary link. */
export async function downloadEstimateFile(id: string, format: 'pdf' | 'xlsx'): Promise<void> {
  const res = await fetch(`/api/estimates/${encodeURIComponent(id)}/${format}`, {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!res.ok) throw new Error(format === 'pdf' ? 'Failed to download PDF' : 'Failed to download spreadsheet');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `estimate-${id}.${format}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
