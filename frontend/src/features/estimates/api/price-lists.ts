import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PriceItem {
  code: string;
  division: string;
  name: string;
  unit: string;
  materialCost: string;
  laborHours: string;
  equipmentCost: string;
}

export interface PriceList {
  id: string;
  name: string;
  items: PriceItem[];
  createdAt: string;
  updatedAt: string;
}

export const priceListsQueryKey = ['/api/price-lists'] as const;

export function usePriceLists() {
  return useQuery(
    queryOptions({
      queryKey: priceListsQueryKey,
      queryFn: async () => (await (await apiRequest('GET', '/api/price-lists')).json()) as PriceList[],
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
    mutationFn: async ({ name, file }: { name: string; file: File }) => {
      const format = /\.xlsx$/i.test(file.name) ? 'xlsx' : 'csv';
      const res = await apiRequest('POST', '/api/price-lists', { name, format, content: await toBase64(file) });
      return (await res.json()) as PriceList;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

export function useUpdatePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...changes }: { id: string; name?: string; items?: PriceItem[] }) =>
      (await (await apiRequest('PATCH', `/api/price-lists/${encodeURIComponent(id)}`, changes)).json()) as PriceList,
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
