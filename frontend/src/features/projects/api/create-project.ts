import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { projectRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { projectsQueryKey } from '@/features/projects/api/get-projects';
import type { Project } from '@/features/projects/lib/project-list';

/** SPEC §5 Project: name required, description optional (limits as the server enforces them). */
export const createProjectInputSchema = z.object({
  name: z.string().trim().min(1, 'Project name is required').max(200, 'Project name must be at most 200 characters'),
  description: z.string().trim().max(5000, 'Description must be at most 5,000 characters'),
});

export type CreateProjectInput = z.output<typeof createProjectInputSchema>;

/** POST /api/projects → 201 the created project; 403 TRIAL_REQUIRED without a trial or subscription. */
export async function createProject(input: CreateProjectInput): Promise<Project> {
  return callRoute<typeof projectRoutes.create>('POST', '/api/projects', {
    name: input.name,
    description: input.description || undefined,
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (old) =>
        old ? [project, ...old.filter((p) => p.id !== project.id)] : [project],
      );
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
