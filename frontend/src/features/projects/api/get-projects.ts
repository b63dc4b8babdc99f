import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { newestFirst, ownProjects, type Project } from '@/features/projects/lib/project-list';

export const projectsQueryKey = ['/api/projects'] as const;

export async function getProjects(): Promise<Project[]> {
  const res = await apiRequest('GET', '/api/projects');
  return (await res.json()) as Project[];
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
