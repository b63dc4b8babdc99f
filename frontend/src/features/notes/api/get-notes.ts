import { queryOptions, useQuery } from '@tanstack/react-query';
import type { noteRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { noteSaves } from '@/features/notes/api/save-notes';
import type { Note } from '@/features/notes/lib/note-save-queue';

export const notesQueryKey = (projectId: string) => ['/api/projects', projectId, 'notes'] as const;

/** GET /api/projects/{id}/notes, after any save of that note still on its way. */
export async function getNotes(projectId: string): Promise<Note> {
  await noteSaves.settled(projectId);
  return callRoute<typeof noteRoutes.get>('GET', `/api/projects/${encodeURIComponent(projectId)}/notes`);
}

export function getNotesQueryOptions(projectId: string) {
  return queryOptions({ queryKey: notesQueryKey(projectId), queryFn: () => getNotes(projectId) });
}

export function useNotes(projectId: string) {
  return useQuery(getNotesQueryOptions(projectId));
}
