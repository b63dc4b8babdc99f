import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { grpcRefusal, grpcTestClient, startStack, type GrpcTestClient, type TestStack } from '@kerf/platform/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- gRPC replies read loosely, as a test does
type Json = Record<string, any>;

const PASSWORD = 'a long enough pass 7';

/**
 * The identity service on its own gRPC port, called as the gateway calls it:
 * accounts, sessions, the password rules and login throttling.
 */
describe('identity service', () => {
  let stack: TestStack;
  let db: Client;
  let identity: GrpcTestClient;

  const email = () => `i-${randomUUID()}@example.com`;
  const register = (username: string, password = PASSWORD) =>
    identity.call<Json>('register', { username, password, firstName: 'Ada', lastName: 'Byron' });

  before(async () => {
    // Three failures lock an account here (ten by default), so the throttle is reached quickly.
    stack = await startStack(['identity'], { identity: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
    db = new Client({ connectionString: stack.databases.identity });
    await db.connect();
    identity = grpcTestClient('identity', `127.0.0.1:${stack.services.identity!.env.GRPC_PORT}`);
  });
  after(async () => {
    identity?.close();
    await db?.end();
    await stack?.stop();
  });

  it('registers an account under its e-mail in lower case, signs it in and announces user-registered', async () => {
    const username = email();
    const grant = await register(`  ${username.toUpperCase()} `);
    assert.equal(grant.user.username, username);
    assert.ok(grant.token.length >= 32 && !JSON.stringify(grant.user).includes(grant.token));
    const session = await identity.call<Json>('resolveSession', { token: grant.token });
    assert.equal(session.userId, grant.user.id);
    assert.equal((await identity.call<Json>('getUser', {}, grant.user.id)).username, username);

    const { rows } = await db.query(`SELECT envelope->'data' AS data FROM outbox WHERE type = 'user-registered'`);
    assert.ok(rows.some((row) => row.data.userId === grant.user.id && row.data.email === username));

    assert.deepEqual(await grpcRefusal(register(username)), {
      status: 'ALREADY_EXISTS',
      message: 'An account with this email already exists.',
      code: 'USERNAME_TAKEN',
    });
  });

  it('refuses a weak new password naming the rule it breaks', async () => {
    const cases: Array<[string, string]> = [
      ['short', 'Password must be at least 8 characters long'],
      ['abcdefgh', 'Password cannot be a simple sequence such as abcdefgh, 12345678 or qwertyui'],
      ['abababab', 'Password cannot be one character or a short group of characters repeated'],
    ];
    for (const [password, message] of cases) {
      const refusal = await grpcRefusal(register(email(), password));
      assert.deepEqual([refusal.status, refusal.message], ['INVALID_ARGUMENT', message], password);
    }
  });

  it('ends a session on logout: its token no longer resolves to the user', async () => {
    const grant = await register(email());
    await identity.call('logout', { token: grant.token });
    assert.equal((await grpcRefusal(identity.call('resolveSession', { token: grant.token }))).status, 'NOT_FOUND');
  });

  it('answers a wrong password and an unknown e-mail alike, and throttles guessing at an account', async () => {
    const username = email();
    await register(username);
    const unknown = await grpcRefusal(identity.call('login', { username: email(), password: PASSWORD }));
    const wrong = await grpcRefusal(identity.call('login', { username, password: 'not the password 1' }));
    assert.deepEqual(unknown, wrong);
    assert.deepEqual([wrong.status, wrong.message], ['UNAUTHENTICATED', 'Invalid email or password.']);

    await grpcRefusal(identity.call('login', { username, password: 'not the password 2' }));
    await grpcRefusal(identity.call('login', { username, password: 'not the password 3' }));
    // Past the limit even the right password is refused, with the time to wait.
    const throttled = await grpcRefusal(identity.call('login', { username, password: PASSWORD }));
    assert.equal(throttled.status, 'RESOURCE_EXHAUSTED');
    assert.equal(throttled.code, 'TOO_MANY_ATTEMPTS');
    assert.match(throttled.message, /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
    // Another account is not locked by it.
    const other = email();
    await register(other);
    assert.equal((await identity.call<Json>('login', { username: other, password: PASSWORD })).user.username, other);
  });
});
