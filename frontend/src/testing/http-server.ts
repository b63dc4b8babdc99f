import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export type TestServer = {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  url: string;
  close: () => Promise<void>;
};

/** Starts a real HTTP server on a free local port. */
export async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<TestServer> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The app calls the gateway by path ('/api/user'), as a browser resolves it
 * against the page's origin. Node's fetch has no page, so send those requests
 * to the given origin; everything else about the request is untouched.
 */
export function routeRelativeFetchesTo(origin: string): void {
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) =>
    nodeFetch(typeof input === 'string' && input.startsWith('/') ? new URL(input, origin) : input, init),
  );
}
