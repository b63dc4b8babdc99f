import { ApiError, apiErrorMessage } from '@/lib/api-error';

/** What a failed request says to a person: the server's message, else the error's. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 404 && !error.body.message)
    return 'This is not available yet on this server.';
  return apiErrorMessage(error) ?? (error instanceof Error ? error.message : String(error));
}
