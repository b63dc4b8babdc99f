import { z } from 'zod';
import { apiRoute, success } from './route';

const optionalText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? undefined);

export const createProjectBody = z.object(
  { name: z.string({ error: 'Project name is required' }), description: optionalText('Description') },
  { error: 'Send the project as a JSON object' },
);
export const updateProjectBody = z.object(
  { name: optionalText('Project name'), description: optionalText('Description') },
  { error: 'Send the changes as a JSON object' },
);

/** A project as the screens read it (docs/spec.md §3). */
export const project = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.output<typeof project>;

export const projectRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/projects',
    summary: "The signed-in user's projects",
    signedIn: true,
    responses: { 200: { description: 'The projects', schema: z.array(project) } },
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project (needs a trial or subscription: 403 TRIAL_REQUIRED)',
    signedIn: true,
    body: createProjectBody,
    responses: { 201: { description: 'The new project', schema: project } },
  }),
  update: apiRoute({
    method: 'PATCH',
    path: '/api/projects/{id}',
    summary: "Change a project's name or description",
    signedIn: true,
    body: updateProjectBody,
    responses: { 200: { description: 'The project', schema: project } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/projects/{id}',
    summary: 'Delete a project with its documents, messages, materials and note',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
};
