import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startStack, type TestStack } from '@kerf/platform/testing';

describe('sessions through the gateway', () => {
  let stack: TestStack;
  before(async () => {
    stack = await startStack(['identity']);
  });
  after(() => stack?.stop());

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

  it('signs a new account in with an HttpOnly, SameSite=Lax cookie and never returns the hash', async () => {
    const email = `New.User-${randomUUID()}@Example.com`;
    const response = await post('/api/register', {
      username: `  ${email} `,
      password: 'long enough 1',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    assert.equal(response.status, 201);
    const setCookie = response.headers.get('set-cookie')!;
    assert.match(setCookie, /^kerf_session=[A-Za-z0-9_-]{43};/);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    const user = (await response.json()) as Record<string, unknown>;
    assert.equal(user.username, email.toLowerCase());
    assert.equal(user.subscriptionTier, 'free');
    assert.equal(JSON.stringify(user).includes('argon2'), false);
    assert.equal('password' in user || 'passwordHash' in user, false);

    const me = await fetch(`${stack.gatewayUrl}/api/user`, { headers: { cookie: cookieOf(response) } });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { id: string }).id, user.id);
  });

  it('refuses a second account with the same e-mail in another case', async () => {
    const email = `dup-${randomUUID()}@example.com`;
    assert.equal(
      (await post('/api/register', { username: email, password: 'long enough 1', firstName: 'A', lastName: 'B' }))
        .status,
      201,
    );
    const again = await post('/api/register', {
      username: email.toUpperCase(),
      password: 'long enough 1',
      firstName: 'A',
      lastName: 'B',
    });
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as { message: string }).message, 'An account with this email already exists.');
  });

  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const email = `login-${randomUUID()}@example.com`;
    await post('/api/register', { username: email, password: 'long enough 1', firstName: 'A', lastName: 'B' });
    const wrong = await post('/api/login', { username: email, password: 'not the password' });
    const unknown = await post('/api/login', {
      username: `nobody-${randomUUID()}@example.com`,
      password: 'whatever 1',
    });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(await wrong.json(), await unknown.json());
    const ok = await post('/api/login', { username: email.toUpperCase(), password: 'long enough 1' });
    assert.equal(ok.status, 200);
  });

  it('treats a signed-out visitor as 401 and makes a session useless after logout', async () => {
    assert.equal((await fetch(`${stack.gatewayUrl}/api/user`)).status, 401);
    const email = `logout-${randomUUID()}@example.com`;
    const cookie = cookieOf(
      await post('/api/register', { username: email, password: 'long enough 1', firstName: 'A', lastName: 'B' }),
    );
    const other = cookieOf(await post('/api/login', { username: email, password: 'long enough 1' }));
    const out = await post('/api/logout', {}, cookie);
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie')!, /kerf_session=;/);
    assert.equal((await fetch(`${stack.gatewayUrl}/api/user`, { headers: { cookie } })).status, 401);
    assert.equal(
      (await fetch(`${stack.gatewayUrl}/api/user`, { headers: { cookie: other } })).status,
      200,
      'other sessions live on',
    );
    assert.equal(
      (await fetch(`${stack.gatewayUrl}/api/user`, { headers: { cookie: 'kerf_session=forged' } })).status,
      401,
    );
  });
});
