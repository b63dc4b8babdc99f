import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceMapping, priceMappingRoutes } from '@kerf/contracts/http';
import { apiRequest, callRoute } from '@/lib/api-client';

/** A remembered choice: the material's source priced by this item or assembly. */
export type { PriceMapping };

export const priceMappingsQueryKey = ['/api/price-mappings'] as const;

export function usePriceMappings() {
  return useQuery(
    queryOptions({
      queryKey: priceMappingsQueryKey,
      queryFn: () => callRoute<typeof priceMappingRoutes.list>('GET', '/api/price-mappings'),
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
