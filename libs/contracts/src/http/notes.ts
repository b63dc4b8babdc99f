import { z } from 'zod';
import { apiRoute } from './route';

export const saveNoteBody = z.object(
  { content: z.string({ error: 'Notes must be text' }) },
  { error: 'Send the note as a JSON object' },
);
/** A project's note; `updatedAt` is null until it is first saved. */
export const note = z.object({
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type Note = z.output<typeof note>;

export const noteRoutes = {
  get: apiRoute({
    method: 'GET',
    path: '/api/projects/{id}/notes',
    summary: "A project's note",
    signedIn: true,
    responses: { 200: { description: 'The note', schema: note } },
  }),
  save: apiRoute({
    method: 'POST',
    path: '/api/projects/{id}/notes',
    summary: "Replace a project's note",
    signedIn: true,
    body: saveNoteBody,
    responses: { 200: { description: 'The saved note', schema: note } },
  }),
};
