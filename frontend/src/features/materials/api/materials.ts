import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BodyOf, Material, materialRoutes } from '@kerf/contracts/http';
import { apiRequest, callRoute } from '@/lib/api-client';

/** docs/spec.md §3 materials; the quantity is a decimal string. */
export type { Material };

export const materialsQueryKey = (projectId: string) => ['/api/materials', projectId] as const;

/** The project's materials list; always refetched when asked for (SPEC §7: always stale). */
export const materialsQuery = (projectId: string) =>
  queryOptions({
    queryKey: materialsQueryKey(projectId),
    queryFn: ({ signal }) =>
      callRoute<typeof materialRoutes.list>(
        'GET',
        `/api/materials?projectId=${encodeURIComponent(projectId)}`,
        undefined,
        signal,
      ),
  });

export function useMaterials(projectId: string) {
  return useQuery(materialsQuery(projectId));
}

export async function createMaterial(
  projectId: string,
  input: Omit<BodyOf<typeof materialRoutes.create>, 'projectId'>,
): Promise<Material> {
  return callRoute<typeof materialRoutes.create>('POST', '/api/materials', { projectId, ...input });
}

export async function updateMaterial(id: string, changes: BodyOf<typeof materialRoutes.update>): Promise<Material> {
  return callRoute<typeof materialRoutes.update>('PATCH', `/api/materials/${encodeURIComponent(id)}`, changes);
}

/** Keeps the named proposed materials, or all of the project's proposed ones; answers the whole list. */
export async function keepMaterials(projectId: string, ids?: string[]): Promise<Material[]> {
  return callRoute<typeof materialRoutes.keep>('POST', '/api/materials/keep', { projectId, ...(ids ? { ids } : {}) });
}

export async function deleteMaterial(id: string) {
  await apiRequest('DELETE', `/api/materials/${encodeURIComponent(id)}`);
}

export const exportHref = (projectId: string) => `/api/materials/export?projectId=${encodeURIComponent(projectId)}`;
