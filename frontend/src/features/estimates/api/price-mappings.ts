import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PriceMapping {
  id: string;
  sourceKey: string;
  targetKind: 'item' | 'assembly';
  targetCode: string;
  targetName: string;
  updatedAt: string;
}

export const priceMappingsQueryKey = ['/api/price-mappings'] as const;

export function usePriceMappings() {
  return useQuery(
    queryOptions({
      queryKey: priceMappingsQueryKey,
      queryFn: async () => (await (await apiRequest('GET', '/api/price-mappings')).json()) as PriceMapping[],
    }),
  );
}

export function useForgetPriceMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `/api/price-mappings/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceMappingsQueryKey }),
  });
}
