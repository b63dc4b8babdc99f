import type { ApiErrorBody as ContractErrorBody } from '@kerf/contracts/http';

/** The gateway's error body `{ message, code?, errors? }`, and whatever else a route adds. */
export type ApiErrorBody = Partial<ContractErrorBody> & Record<string, unknown>;

/**
 * A non-OK answer of the gateway. Its `message` is what docs/spec.md §8 says: the
 * status, a colon and the body text (or the status text). The parts are typed, so
 * nothing parses that text back: `status`, `serverMessage` (the body's `message`,
 * else the body text, else the status text), `code`, and `body`, the whole error
 * body for the screens that read more of it (`errors` by field, `isPremiumFeature`,
 * the reset screen's `error`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code?: string;

  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly body: ApiErrorBody = { message: serverMessage },
    text = JSON.stringify(body),
  ) {
    super(`${status}: ${text}`);
    this.code = typeof body.code === 'string' ? body.code : undefined;
  }

  /** Reads a failed response into an ApiError. */
  static async from(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    let body: ApiErrorBody | undefined;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as ApiErrorBody;
    } catch {
      // Not JSON (a proxy's page, plain text): the text is the message.
    }
    const message = typeof body?.message === 'string' && body.message ? body.message : text || res.statusText;
    return new ApiError(res.status, message, body ?? { message }, text || res.statusText);
  }
}

/** The server's message of a failed call, or undefined when the failure was not an answer (offline, aborted). */
export function apiErrorMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
