import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { parseApiError } from '@/lib/api-error';
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
  /** For the toast only: the material and the candidate's name (not sent). */
  material: string;
  name: string;
}

/** One click on a "needs a price" candidate: the estimate comes back re-priced, the choice remembered. */
export function useChoosePrice(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ estimateId, key, kind, code }: PriceChoice) =>
      (await (
        await apiRequest('POST', `/api/estimates/${encodeURIComponent(estimateId)}/choices`, { key, kind, code })
      ).json()) as Estimate,
    // The toasts are the hook's, not the button's: the re-priced estimate no longer lists the
    // material, so the button that was clicked is gone before a callback given to mutate() could run.
    onSuccess: async (_estimate, choice) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: estimatesQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: priceMappingsQueryKey }),
      ]);
      toast({
        title: 'Price applied',
        description: `${choice.material} is priced by ${choice.name}; your choice is remembered for later estimates.`,
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not apply the price',
        description: parseApiError(error).body.message,
      }),
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
