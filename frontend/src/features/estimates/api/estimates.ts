import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import type { BodyOf, estimateRoutes } from '@kerf/contracts/http';
import { apiRequest, callRoute } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error';
import { priceMappingsQueryKey } from '@/features/estimates/api/price-mappings';

export const estimatesQueryKey = (projectId: string) => ['/api/estimates', projectId] as const;

export function getEstimatesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: estimatesQueryKey(projectId),
    queryFn: () =>
      callRoute<typeof estimateRoutes.list>('GET', `/api/estimates?projectId=${encodeURIComponent(projectId)}`),
  });
}

export function useEstimates(projectId: string, enabled: boolean) {
  return useQuery({ ...getEstimatesQueryOptions(projectId), enabled });
}

export function useGenerateEstimate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof estimateRoutes.generate>) =>
      callRoute<typeof estimateRoutes.generate>('POST', '/api/estimates/generate', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesQueryKey(projectId) }),
  });
}

export function useUpdateEstimateStatus(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & BodyOf<typeof estimateRoutes.update>) =>
      callRoute<typeof estimateRoutes.update>('PATCH', `/api/estimates/${encodeURIComponent(id)}`, { status }),
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

/** The choice as sent (key, kind and code), with the toast's material and candidate name (not sent). */
export type PriceChoice = BodyOf<typeof estimateRoutes.choosePrice> & {
  estimateId: string;
  material: string;
  name: string;
};

/** One click on a "needs a price" candidate: the estimate comes back re-priced, the choice remembered. */
export function useChoosePrice(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ estimateId, key, kind, code }: PriceChoice) =>
      callRoute<typeof estimateRoutes.choosePrice>('POST', `/api/estimates/${encodeURIComponent(estimateId)}/choices`, {
        key,
        kind,
        code,
      }),
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
        description: apiErrorMessage(error),
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
