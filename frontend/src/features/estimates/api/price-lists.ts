import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, PriceItem, PriceList, priceListRoutes } from '@kerf/contracts/http';
import { apiRequest, callRoute } from '@/lib/api-client';

/** A user's price list; costs per unit as decimal strings. */
export type { PriceItem, PriceList };

export const priceListsQueryKey = ['/api/price-lists'] as const;

export function usePriceLists() {
  return useQuery(
    queryOptions({
      queryKey: priceListsQueryKey,
      queryFn: () => callRoute<typeof priceListRoutes.list>('GET', '/api/price-lists'),
    }),
  );
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function useImportPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, file }: { name: string; file: File }): Promise<PriceList> => {
      const format = /\.xlsx$/i.test(file.name) ? 'xlsx' : 'csv';
      return callRoute<typeof priceListRoutes.create>('POST', '/api/price-lists', {
        name,
        format,
        content: await toBase64(file),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

export function useUpdatePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & BodyOf<typeof priceListRoutes.update>) =>
      callRoute<typeof priceListRoutes.update>('PATCH', `/api/price-lists/${encodeURIComponent(id)}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `/api/price-lists/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}
