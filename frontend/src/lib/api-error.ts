/** An error body of the gateway: `{ message, code?, errors? }` (DESIGN.md). */
export type ApiErrorBody = { message?: string; code?: string; errors?: Record<string, string> };

/**
 * Reads back an error thrown by apiRequest, whose message is
 * '<status>: <body>' (SPEC §8).
 */
export function parseApiError(error: unknown): { status: number | null; body: ApiErrorBody } {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(message);
  if (!match) return { status: null, body: {} };
  const status = Number(match[1]);
  try {
    const body = JSON.parse(match[2] ?? '') as unknown;
    return { status, body: body && typeof body === 'object' ? (body as ApiErrorBody) : {} };
  } catch {
    return { status, body: { message: match[2] } };
  }
}
