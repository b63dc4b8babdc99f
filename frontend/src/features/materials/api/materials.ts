import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuantityOrigin } from '@kerf/takeoff';
import { apiRequest } from '@/lib/api-client';

export type { QuantityOrigin };

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
  /** The document and the layer, block, room, page or item the quantity came from; null for a hand-made line. */
  origin: QuantityOrigin | null;
  /** proposed: taken from an assistant reply and not yet kept by the user. */
  status: 'kept' | 'proposed';
  /** The user changed the quantity or unit by hand. */
  edited: boolean;
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

export async function createMaterial(
  projectId: string,
  input: MaterialInput & {
    source?: 'manual' | 'ai';
    origin?: QuantityOrigin | null;
    status?: Material['status'];
  },
) {
  return (await (await apiRequest('POST', '/api/materials', { projectId, ...input })).json()) as Material;
}

export async function updateMaterial(id: string, changes: Partial<MaterialInput>) {
  return (await (await apiRequest('PATCH', `/api/materials/${encodeURIComponent(id)}`, changes)).json()) as Material;
}

/** Keeps the named proposed materials, or all of the project's proposed ones; answers the whole list. */
export async function keepMaterials(projectId: string, ids?: string[]) {
  return (await (
    await apiRequest('POST', '/api/materials/keep', { projectId, ...(ids ? { ids } : {}) })
  ).json()) as Material[];
}

export async function deleteMaterial(id: string) {
  await apiRequest('DELETE', `/api/materials/${encodeURIComponent(id)}`);
}

export const exportHref = (projectId: string) => `/api/materials/export?projectId=${encodeURIComponent(projectId)}`;
