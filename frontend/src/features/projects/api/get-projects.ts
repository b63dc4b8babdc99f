import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { projectRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { newestFirst, ownProjects, type Project } from '@/features/projects/lib/project-list';

export const projectsQueryKey = ['/api/projects'] as const;

export async function getProjects(): Promise<Project[]> {
  return callRoute<typeof projectRoutes.list>('GET', '/api/projects');
}

/** GET /api/projects: the signed-in user's projects. */
export function getProjectsQueryOptions() {
  return queryOptions({ queryKey: projectsQueryKey, queryFn: getProjects });
}

/** The current user's projects, newest first; anything foreign is dropped with a warning (SPEC §6). */
export function useProjects(userId: string) {
  const select = useCallback((projects: Project[]) => newestFirst(ownProjects(projects, userId)), [userId]);
  return useQuery({ ...getProjectsQueryOptions(), select });
}
