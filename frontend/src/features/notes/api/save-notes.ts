import { z } from 'zod';
import type { BodyOf, SuccessOf, noteRoutes } from '@kerf/contracts/http';
import { throwIfNotOk } from '@/lib/api-client';
import { NoteSaveQueue, type Note } from '@/features/notes/lib/note-save-queue';

/** POST /api/projects/{id}/notes body; the server allows up to 1 MB of text. */
export const saveNotesInputSchema = z.object({
  content: z
    .string()
    .refine((content) => new TextEncoder().encode(content).length <= 1024 * 1024, 'Notes can be at most 1 MB of text.'),
});

export type SaveNotesInput = z.infer<typeof saveNotesInputSchema>;

/**
 * POST /api/projects/{id}/notes → { content, updatedAt }. Written with fetch
 * rather than apiRequest for its `keepalive` option: a save started as the tab
 * closes still lands.
 */
export async function saveNotes(projectId: string, input: SaveNotesInput, keepalive = false): Promise<Note> {
  const body: BodyOf<typeof noteRoutes.save> = saveNotesInputSchema.parse(input);
  const res = await fetch(`/api/projects/${encodeURIComponent(projectId)}/notes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
    credentials: 'include',
    keepalive,
  });
  await throwIfNotOk(res);
  return (await res.json()) as SuccessOf<typeof noteRoutes.save>;
}

/** Every save of a note goes through this queue: one at a time per project, in order. */
export const noteSaves = new NoteSaveQueue((projectId, content, { keepalive }) =>
  saveNotes(projectId, { content }, keepalive),
);
