import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** SPEC §3 materials; the quantity is a decimal string. */
export type Material = {
  id: string;
  projectId: string;
  name: string;
  quantity: string;
  unit: string;
  category: string | null;
  notes: string | null;
  source: 'manual' | 'ai';
  createdAt: string;
  updatedAt: string;
};

export type MaterialInput = { name: string; quantity: string; unit: string; category?: string; notes?: string };

export const materialsQueryKey = (projectId: string) => ['/api/materials', projectId] as const;

/** The project's materials list; always refetched when asked for (SPEC §7: always stale). */
export const materialsQuery = (projectId: string) =>
  queryOptions({
    queryKey: materialsQueryKey(projectId),
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', `/api/materials?projectId=${encodeURIComponent(projectId)}`, undefined, signal)
      ).json()) as Material[],
  });

export function useMaterials(projectId: string) {
  return useQuery(materialsQuery(projectId));
}

export async function createMaterial(projectId: string, input: MaterialInput & { source?: 'manual' | 'ai' }) {
  return (await (await apiRequest('POST', '/api/materials', { projectId, ...input })).json()) as Material;
}

export async function updateMaterial(id: string, changes: Partial<MaterialInput>) {
  return (await (await apiRequest('PATCH', `/api/materials/${encodeURIComponent(id)}`, changes)).json()) as Material;
}

export async function deleteMaterial(id: string) {
  await apiRequest('DELETE', `/api/materials/${encodeURIComponent(id)}`);
}

export const exportHref = (projectId: string) => `/api/materials/export?projectId=${encodeURIComponent(projectId)}`;
