import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface AssemblyComponent {
  name: string;
  unit: string;
  perUnit: string;
  wastePercent: string;
  materialCost: string;
  laborHours: string;
  equipmentCost: string;
}

export interface Assembly {
  id: string | null;
  code: string;
  name: string;
  description: string;
  division: string;
  unit: string;
  keywords: string;
  kinds: string[];
  components: AssemblyComponent[];
  starter: boolean;
}

export type AssemblyInput = Pick<Assembly, 'name' | 'description' | 'unit' | 'keywords' | 'components'>;

export const assembliesQueryKey = ['/api/assemblies'] as const;

export function useAssemblies() {
  return useQuery(
    queryOptions({
      queryKey: assembliesQueryKey,
      queryFn: async () => (await (await apiRequest('GET', '/api/assemblies')).json()) as Assembly[],
    }),
  );
}

export function useSaveAssembly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: AssemblyInput & { id?: string | null }) =>
      (await (
        await apiRequest(
          id ? 'PUT' : 'POST',
          id ? `/api/assemblies/${encodeURIComponent(id)}` : '/api/assemblies',
          input,
        )
      ).json()) as Assembly,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assembliesQueryKey }),
  });
}

export function useDeleteAssembly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `/api/assemblies/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assembliesQueryKey }),
  });
}
