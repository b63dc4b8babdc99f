import type { QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { readBody, startServer, type TestServer } from '@/testing/http-server';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function contextFor(url: string): QueryFunctionContext {
  return {
    queryKey: [url],
    signal: new AbortController().signal,
    meta: undefined,
    client: undefined as never,
  } as QueryFunctionContext;
}

describe('apiRequest', () => {
  it('sends a body as JSON with the content type and the X-Requested-With header', async () => {
    let seen: { method?: string; contentType?: string; requestedWith?: string; body?: string } = {};
    server = await startServer(async (req, res) => {
      seen = {
        method: req.method,
        contentType: req.headers['content-type'],
        requestedWith: req.headers['x-requested-with'] as string | undefined,
        body: await readBody(req),
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 'p1', name: 'Warehouse' }));
    });

    const res = await apiRequest('POST', `${server.url}/api/projects`, { name: 'Warehouse', description: '' });

    expect(await res.json()).toEqual({ id: 'p1', name: 'Warehouse' });
    expect(seen).toEqual({
      method: 'POST',
      contentType: 'application/json',
      requestedWith: 'XMLHttpRequest',
      body: JSON.stringify({ name: 'Warehouse', description: '' }),
    });
  });

  it('sends no content type and no body when there is nothing to send', async () => {
    let seen: { contentType?: string; body?: string } = {};
    server = await startServer(async (req, res) => {
      seen = { contentType: req.headers['content-type'], body: await readBody(req) };
      res.end('{}');
    });

    await apiRequest('POST', `${server.url}/api/logout`);

    expect(seen).toEqual({ contentType: undefined, body: '' });
  });

  it('fails with an ApiError carrying the status, the server message and its code', async () => {
    server = await startServer((_req, res) => {
      res.statusCode = 403;
      res.setHeader('content-type', 'application/json');
      res.end(
        '{"message":"You need to start your 7-day free trial before creating projects.","code":"TRIAL_REQUIRED"}',
      );
    });

    const error = await apiRequest('POST', `${server.url}/api/projects`, { name: 'Shed' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message:
        '403: {"message":"You need to start your 7-day free trial before creating projects.","code":"TRIAL_REQUIRED"}',
      serverMessage: 'You need to start your 7-day free trial before creating projects.',
      code: 'TRIAL_REQUIRED',
    });
  });

  it('keeps the rest of the error body, such as the message of each field', async () => {
    server = await startServer((_req, res) => {
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end('{"message":"Project name is required","errors":{"name":"Project name is required"}}');
    });

    const error = (await apiRequest('POST', `${server.url}/api/projects`, {}).catch((e: unknown) => e)) as ApiError;

    expect(error.code).toBeUndefined();
    expect(error.body.errors).toEqual({ name: 'Project name is required' });
  });

  it('takes a body that is not JSON as the message, and the status text when the body is empty', async () => {
    server = await startServer((req, res) => {
      res.statusCode = req.method === 'DELETE' ? 404 : 502;
      res.end(req.method === 'DELETE' ? '' : 'Bad gateway from the proxy');
    });

    await expect(apiRequest('DELETE', `${server.url}/api/projects/9`)).rejects.toMatchObject({
      status: 404,
      message: '404: Not Found',
      serverMessage: 'Not Found',
    });
    await expect(apiRequest('GET', `${server.url}/api/projects`)).rejects.toMatchObject({
      status: 502,
      message: '502: Bad gateway from the proxy',
      serverMessage: 'Bad gateway from the proxy',
    });
  });
});

describe('getQueryFn', () => {
  it('reads JSON from the query key joined as a URL', async () => {
    let path: string | undefined;
    server = await startServer((req, res) => {
      path = req.url;
      res.setHeader('content-type', 'application/json');
      res.end('[{"id":"p1"}]');
    });

    const data = await getQueryFn<unknown>({ on401: 'throw' })({
      ...contextFor(server.url),
      queryKey: [server.url, 'api', 'projects'],
    });

    expect(path).toBe('/api/projects');
    expect(data).toEqual([{ id: 'p1' }]);
  });

  it('answers null on 401 when told to, and throws otherwise', async () => {
    server = await startServer((_req, res) => {
      res.statusCode = 401;
      res.end('{"message":"Not signed in"}');
    });
    const url = `${server.url}/api/user`;

    await expect(getQueryFn<unknown>({ on401: 'returnNull' })(contextFor(url))).resolves.toBeNull();
    await expect(getQueryFn<unknown>({ on401: 'throw' })(contextFor(url))).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: '401: {"message":"Not signed in"}',
      serverMessage: 'Not signed in',
    });
  });
});
