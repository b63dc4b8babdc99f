import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { projectsQueryKey } from '@/features/projects/api/get-projects';
import type { Project } from '@/features/projects/lib/project-list';

/** DELETE /api/projects/{id} → { success: true }. */
export async function deleteProject(projectId: string): Promise<void> {
  await apiRequest('DELETE', `/api/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_result, projectId) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (old) => old?.filter((p) => p.id !== projectId));
      // Whatever was cached under the project (its note, later its documents and messages) is gone too.
      queryClient.removeQueries({ queryKey: ['/api/projects', projectId] });
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
