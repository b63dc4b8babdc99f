import { z } from 'zod';
import { apiRoute } from './route';

const serviceHealth = z.object({
  up: z.boolean(),
  dependencies: z.array(z.object({ name: z.string(), up: z.boolean(), detail: z.string() })).optional(),
  error: z.string().optional(),
});
/** The gateway and every service with its dependencies. */
export const health = z.object({
  status: z.enum(['up', 'down']),
  gateway: z.object({ up: z.boolean() }),
  services: z.record(z.string(), serviceHealth),
});
export type Health = z.output<typeof health>;

export const healthRoutes = {
  health: apiRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the gateway and every service are up (503 when anything is down)',
    signedIn: false,
    responses: {
      200: { description: 'All up', schema: health },
      503: { description: 'Something is down', schema: health },
    },
  }),
};
