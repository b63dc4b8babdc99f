import type { QueryFunction } from '@tanstack/react-query';
import type { ApiRoute, BodyOf, HttpMethod, SuccessOf } from '@kerf/contracts/http';
import { ApiError } from '@/lib/api-error';

export type { HttpMethod };

/** docs/spec.md §8: any non-OK response becomes an ApiError with its status, message and code. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await ApiError.from(res);
}

/**
 * Calls the gateway. Always sends the session cookie; a body travels as JSON.
 * `X-Requested-With` is required by the gateway on state-changing requests
 * (its CSRF rule) and harmless on reads, so every call carries it.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * Calls one route of the /api contract (libs/contracts/src/http), named as the type
 * argument: `callRoute<typeof projectRoutes.create>('POST', '/api/projects', body)`.
 * The body must be what the route's schema takes and the answer is read as what it
 * answers on success. Only the route's type is used, so no schema is bundled.
 */
export async function callRoute<R extends ApiRoute>(
  method: R['method'],
  url: string,
  body?: BodyOf<R>,
  signal?: AbortSignal,
): Promise<SuccessOf<R>> {
  const res = await apiRequest(method, url, body, signal);
  return (await res.json()) as SuccessOf<R>;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read (SPEC §7): GET the query key joined as a URL and parse the
 * JSON. A 401 throws unless `on401` is 'returnNull', which makes it resolve to
 * null (for example the current user: signed out is not an error).
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
