import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assembly, AssemblyComponent, BodyOf, assemblyRoutes } from '@kerf/contracts/http';
import { apiRequest, callRoute } from '@/lib/api-client';

/** A priced recipe; a starter one has no id until the user saves their own. */
export type { Assembly, AssemblyComponent };

/** What a save sends: the same for a new assembly (POST) and a replaced one (PUT). */
export type AssemblyInput = BodyOf<typeof assemblyRoutes.create>;

export const assembliesQueryKey = ['/api/assemblies'] as const;

export function useAssemblies() {
  return useQuery(
    queryOptions({
      queryKey: assembliesQueryKey,
      queryFn: () => callRoute<typeof assemblyRoutes.list>('GET', '/api/assemblies'),
    }),
  );
}

export function useSaveAssembly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: AssemblyInput & { id?: string | null }): Promise<Assembly> =>
      id
        ? callRoute<typeof assemblyRoutes.update>('PUT', `/api/assemblies/${encodeURIComponent(id)}`, input)
        : callRoute<typeof assemblyRoutes.create>('POST', '/api/assemblies', input),
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
