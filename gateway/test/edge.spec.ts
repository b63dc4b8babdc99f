import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@kerf/contracts';
import { startStack, type TestStack } from '@kerf/platform/testing';

/** The gateway as a browser and Kubernetes see it, with every service running. */
describe('gateway edge', () => {
  let stack: TestStack;
  const spa = mkdtempSync(join(tmpdir(), 'kerf-spa-'));
  writeFileSync(join(spa, 'index.html'), '<!doctype html><title>Kerf</title><div id="root"></div>');

  before(async () => {
    stack = await startStack([...SERVICE_NAMES], { gateway: { STATIC_DIR: spa } });
  });
  after(() => stack?.stop());

  it('reports the gateway and all seven services up on /api/health', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/health`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { status: string; services: Record<string, { up: boolean }> };
    assert.equal(body.status, 'up');
    assert.deepEqual(Object.keys(body.services).sort(), [...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) assert.equal(body.services[name]!.up, true, `${name} is up`);
  });

  it('reports a stopped service as down with 503, and ready again once it is back', async () => {
    const blog = stack.services.blog!;
    await blog.stop();
    const down = await fetch(`${stack.gatewayUrl}/healthz/ready`);
    assert.equal(down.status, 503);
    const body = (await down.json()) as { services: Record<string, { up: boolean }> };
    assert.equal(body.services.blog!.up, false);
    assert.equal(body.services.identity!.up, true);
    assert.equal((await fetch(`${stack.gatewayUrl}/healthz/live`)).status, 200, 'the gateway itself stays live');
    blog.start();
    await blog.waitFor(/serving gRPC/);
    const until = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < until) {
      status = (await fetch(`${stack.gatewayUrl}/api/health`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, 'healthy again once blog is back');
  });

  it('serves the single-page app for client routes, with security headers', async () => {
    const response = await fetch(`${stack.gatewayUrl}/dashboard`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<div id="root">/);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(response.headers.get('x-request-id'));
  });

  it('answers an unknown API path with the JSON error shape, not the app', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/no-such-thing`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { message: 'Not found' });
  });

  it('refuses a state-changing request from another site', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    assert.equal(response.status, 403);
    assert.equal(((await response.json()) as { code: string }).code, 'CSRF_ORIGIN');
  });

  it('refuses a form post that is neither JSON nor marked X-Requested-With', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    assert.equal(response.status, 403);
  });

  it('answers bad input with 400 and field messages, and oversized bodies with 413', async () => {
    const wrongTypes = await fetch(`${stack.gatewayUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 42, password: ['x'] }),
    });
    assert.equal(wrongTypes.status, 400);
    const body = (await wrongTypes.json()) as { message: string; errors: Record<string, string> };
    assert.equal(body.errors.username, 'Email must be text');

    const invalid = await fetch(`${stack.gatewayUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'not-an-email', password: 'short', firstName: '', lastName: 'B' }),
    });
    assert.equal(invalid.status, 400);
    const errors = ((await invalid.json()) as { errors: Record<string, string> }).errors;
    assert.equal(errors.username, 'Please enter a valid email address');
    assert.equal(errors.firstName, 'First name is required');

    const huge = await postRefusedByLength(
      `${stack.gatewayUrl}/api/register`,
      JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }),
    );
    assert.equal(huge.status, 413);
    assert.equal((JSON.parse(huge.body) as { message: string }).message, 'The request is too large.');
  });

  it('answers 503 with a readable message when a service is down', async () => {
    const identity = stack.services.identity!;
    await identity.stop();
    try {
      const response = await fetch(`${stack.gatewayUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'a@b.co', password: 'whatever1' }),
      });
      assert.equal(response.status, 503);
      assert.match(((await response.json()) as { message: string }).message, /temporarily unavailable/);
    } finally {
      identity.start();
      await identity.waitFor(/serving gRPC/);
    }
  });
});

/**
 * POSTs a JSON body the gateway refuses by its declared length. The gateway
 * answers from the headers and closes, so the client sends the headers and a
 * first part of the body, reads the answer, and stops (writing the whole body
 * into a closed connection fails with EPIPE, which fetch turns into an error).
 */
function postRefusedByLength(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: text });
          request.destroy();
        });
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 1024));
  });
}
