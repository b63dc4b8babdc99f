import type { QueryFunction } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * SPEC §8: any non-OK response becomes an error whose message is the status
 * code, a colon and the response body text (or the status text if the body is
 * empty).
 */
async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${bodyText || res.statusText}`);
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
