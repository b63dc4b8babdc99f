import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { Algorithm, hash } from '@node-rs/argon2';
import { KerfProcess, freePort, startStack, type TestStack } from '@kerf/platform/testing';

const PASSWORD = 'Framing-Nailer-77';
const NEW_PASSWORD = 'Rebar-Tie-Wire-19';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/** Accounts end to end through the gateway: profile, password change, reset, throttling, bad input. */
describe('accounts through the gateway', () => {
  let stack: TestStack;
  let db: Client;
  const mailDir = mkdtempSync(join(tmpdir(), 'kerf-mail-'));
  /** Every response body, checked at the end for hashes and tokens. */
  const bodies: string[] = [];
  /** Session and reset tokens handed out, which no response body may contain. */
  const secrets: string[] = [];
  let nextAddress = 1;
  /** A client address of its own (documentation range), so one test's per-address throttle never meets another's. */
  const freshAddress = () => `2001:db8::${(nextAddress++).toString(16)}`;

  before(async () => {
    stack = await startStack(['identity'], {
      identity: { MAIL_DIR: mailDir },
      // Sessions stay cached for a minute: only a dropped cache entry can end one sooner.
      // The test plays the proxy: its X-Forwarded-For gives each test an address of its own.
      gateway: { SESSION_CACHE_MS: '60000', TRUST_PROXY: '1' },
    });
    await stack.gateway.waitFor(/listening for security events/);
    db = new Client({ connectionString: stack.databases.identity });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await stack?.stop();
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    { cookie, address, base }: { cookie?: string; address?: string; base?: string } = {},
  ) {
    const response = await fetch(`${base ?? stack.gatewayUrl}${path}`, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        'x-forwarded-for': address ?? '203.0.113.1',
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    bodies.push(text);
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: response.status, json, headers: response.headers };
  }
  const cookieOf = (headers: Headers) => {
    const cookie = headers.get('set-cookie')!.split(';')[0]!;
    secrets.push(cookie.slice(cookie.indexOf('=') + 1));
    return cookie;
  };

  async function register(firstName = 'Ada', lastName = 'Builder') {
    const email = `acct-${randomUUID()}@example.com`;
    const response = await call('POST', '/api/register', { username: email, password: PASSWORD, firstName, lastName });
    assert.equal(response.status, 201);
    return { email, cookie: cookieOf(response.headers), id: response.json.id as string };
  }
  async function login(email: string, password: string, address = freshAddress()) {
    const response = await call('POST', '/api/login', { username: email, password }, { address });
    return { ...response, cookie: response.status === 200 ? cookieOf(response.headers) : undefined };
  }
  const userStatus = async (cookie: string, base?: string) =>
    (await call('GET', '/api/user', undefined, { cookie, base })).status;

  async function userRow(id: string) {
    const { rows } = await db.query('SELECT username, first_name, last_name, password_hash FROM users WHERE id = $1', [
      id,
    ]);
    return rows[0] as { username: string; first_name: string | null; last_name: string | null; password_hash: string };
  }

  /** The reset link of the newest mail to `email` in the mail folder, waiting for it to be written. */
  async function resetLinkFor(email: string, after = 0): Promise<string> {
    const until = Date.now() + 10_000;
    for (;;) {
      const files = readdirSync(mailDir)
        .filter((name) => name.endsWith(`-${email}.eml`))
        .sort();
      if (files.length > after) {
        const raw = readFileSync(join(mailDir, files.at(-1)!), 'utf8');
        // The text part is quoted-printable: undo soft line breaks and =XX escapes.
        const text = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
        assert.ok(link, `a reset link in the mail:\n${text}`);
        secrets.push(new URL(link).searchParams.get('token')!);
        return link;
      }
      if (Date.now() > until) throw new Error(`no reset mail for ${email} in ${mailDir}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const mailsTo = (email: string) => readdirSync(mailDir).filter((name) => name.endsWith(`-${email}.eml`)).length;

  describe('profile', () => {
    it('changes first and last name, stores null for an empty one, and answers the updated user', async () => {
      const { cookie, id, email } = await register();
      const updated = await call(
        'PATCH',
        '/api/user/profile',
        { firstName: ' Grace ', lastName: 'Hopper' },
        { cookie },
      );
      assert.equal(updated.status, 200);
      assert.equal(updated.json.firstName, 'Grace');
      assert.equal(updated.json.lastName, 'Hopper');
      assert.equal(updated.json.username, email);

      const cleared = await call('PATCH', '/api/user/profile', { firstName: '', lastName: null }, { cookie });
      assert.equal(cleared.status, 200);
      assert.equal(cleared.json.firstName, null);
      assert.equal(cleared.json.lastName, null);
      const row = await userRow(id);
      assert.equal(row.first_name, null);
      assert.equal(row.last_name, null);

      const user = await call('GET', '/api/user', undefined, { cookie });
      assert.equal(user.json.firstName, null);
    });

    it('never changes the e-mail, and refuses a visitor who is not signed in', async () => {
      const { cookie, id, email } = await register();
      const attempt = await call(
        'PATCH',
        '/api/user/profile',
        { firstName: 'Eve', username: 'someone-else@example.com' },
        { cookie },
      );
      assert.equal(attempt.status, 400);
      assert.equal(attempt.json.message, 'Email cannot be changed.');
      const row = await userRow(id);
      assert.equal(row.username, email);
      assert.equal(row.first_name, 'Ada');

      assert.equal((await call('PATCH', '/api/user/profile', { firstName: 'Eve' })).status, 401);
    });
  });

  describe('password change', () => {
    it('needs the current password and a good new one, with a clear message for each rule', async () => {
      const { cookie, id } = await register();
      const before = (await userRow(id)).password_hash;
      const cases: Array<[unknown, string]> = [
        [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password required'],
        [{ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }, 'Current password is incorrect.'],
        [{ currentPassword: PASSWORD, newPassword: 'short' }, 'Password must be at least 8 characters long'],
        [
          { currentPassword: PASSWORD, newPassword: 'Password123' },
          'This password is too common. Please choose one that is harder to guess.',
        ],
        [
          { currentPassword: PASSWORD, newPassword: PASSWORD },
          'New password must be different from your current password.',
        ],
      ];
      for (const [body, message] of cases) {
        const response = await call('POST', '/api/user/password', body, { cookie, address: freshAddress() });
        assert.equal(response.status, 400, message);
        assert.equal(response.json.message, message);
      }
      assert.equal((await userRow(id)).password_hash, before, 'the password did not change');
      assert.equal(
        (await call('POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status,
        401,
        'signed out',
      );
    });

    it('ends every other session of the user at once, keeps this one, and swaps the passwords', async () => {
      const { cookie, email } = await register();
      const other = (await login(email, PASSWORD)).cookie!;
      const third = (await login(email, PASSWORD)).cookie!;
      assert.equal(await userStatus(other), 200, 'cached in the gateway now');

      const changed = await call(
        'POST',
        '/api/user/password',
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        { cookie },
      );
      assert.equal(changed.status, 200);
      assert.equal(changed.json.message, 'Password updated');

      assert.equal(await userStatus(other), 401, 'other session ended, despite the one-minute cache');
      assert.equal(await userStatus(third), 401);
      assert.equal(await userStatus(cookie), 200, 'the session that made the change stays');
      assert.equal((await login(email, PASSWORD)).status, 401, 'old password refused');
      assert.equal((await login(email, NEW_PASSWORD)).status, 200, 'new password works');
    });
  });

  describe('password reset', () => {
    it('answers a request the same whether or not the e-mail has an account, and mails only an account', async () => {
      const { email } = await register();
      const unknown = `nobody-${randomUUID()}@example.com`;
      const known = await call('POST', '/api/reset-password/request', { email: email.toUpperCase() });
      const missing = await call('POST', '/api/reset-password/request', { email: unknown });
      assert.equal(known.status, 200);
      assert.equal(missing.status, 200);
      assert.deepEqual(known.json, missing.json);

      const link = await resetLinkFor(email);
      assert.ok(link.startsWith(`${stack.gatewayUrl}/reset-password?token=`), link);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(mailsTo(unknown), 0, 'no mail for an e-mail without an account');
    });

    it('stores only a hash of a 32-byte token valid for an hour', async () => {
      const { email, id } = await register();
      await call('POST', '/api/reset-password/request', { email });
      const token = new URL(await resetLinkFor(email)).searchParams.get('token')!;
      assert.ok(Buffer.from(token, 'base64url').length >= 32, 'at least 32 random bytes');
      const { rows } = await db.query(
        `SELECT token_hash, EXTRACT(EPOCH FROM expires_at - created_at) AS ttl FROM password_reset_tokens WHERE user_id = $1`,
        [id],
      );
      assert.equal(rows.length, 1);
      assert.equal(rows[0].token_hash, createHash('sha256').update(token).digest('hex'));
      assert.notEqual(rows[0].token_hash, token);
      assert.ok(Math.abs(Number(rows[0].ttl) - 3600) < 5, `valid for an hour, not ${rows[0].ttl} s`);
    });

    it('resets with the mailed link once, ending every session, and the old password no longer works', async () => {
      const { email, cookie } = await register();
      const other = (await login(email, PASSWORD)).cookie!;
      assert.equal(await userStatus(other), 200);
      await call('POST', '/api/reset-password/request', { email });
      const token = new URL(await resetLinkFor(email)).searchParams.get('token')!;

      const weak = await call('POST', '/api/reset-password/reset', { token, password: 'short' });
      assert.equal(weak.status, 400);
      assert.equal(weak.json.error, 'Password must be at least 8 characters long');
      assert.equal(weak.json.message, weak.json.error);

      const done = await call('POST', '/api/reset-password/reset', { token, password: NEW_PASSWORD });
      assert.equal(done.status, 200, JSON.stringify(done.json));
      assert.equal(await userStatus(cookie), 401, 'every session ends');
      assert.equal(await userStatus(other), 401);
      assert.equal((await login(email, PASSWORD)).status, 401, 'old password refused');
      assert.equal((await login(email, NEW_PASSWORD)).status, 200, 'new password works');

      const again = await call('POST', '/api/reset-password/reset', { token, password: 'Another-Beam-88' });
      assert.equal(again.status, 400, 'single use');
      assert.equal(again.json.error, INVALID_LINK);
      assert.equal((await login(email, NEW_PASSWORD)).status, 200, 'the second try changed nothing');
    });

    it('refuses a link once its hour has passed', async () => {
      const { email, id } = await register();
      await call('POST', '/api/reset-password/request', { email });
      const token = new URL(await resetLinkFor(email)).searchParams.get('token')!;
      // An hour later: the expiry is now in the past.
      await db.query(
        `UPDATE password_reset_tokens SET created_at = created_at - interval '61 minutes', expires_at = expires_at - interval '61 minutes' WHERE user_id = $1`,
        [id],
      );
      const late = await call('POST', '/api/reset-password/reset', { token, password: NEW_PASSWORD });
      assert.equal(late.status, 400);
      assert.equal(late.json.error, INVALID_LINK);
      assert.equal(late.json.code, 'INVALID_RESET_TOKEN');
      assert.equal((await login(email, PASSWORD)).status, 200, 'the password is unchanged');
    });

    it('refuses a made-up or missing token with the text in `error`', async () => {
      const madeUp = await call('POST', '/api/reset-password/reset', {
        token: 'a'.repeat(43),
        password: NEW_PASSWORD,
      });
      assert.equal(madeUp.status, 400);
      assert.equal(madeUp.json.error, INVALID_LINK);
      const missing = await call('POST', '/api/reset-password/reset', {});
      assert.equal(missing.status, 400);
      assert.equal(typeof missing.json.error, 'string');
      assert.equal(missing.json.error, missing.json.message);
    });
  });

  describe('login throttling', () => {
    it('throttles 20 wrong logins in a row, the right password included, and says when to try again', async () => {
      const { email } = await register();
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof login>> | undefined;
      for (let i = 0; i < 20; i++) {
        last = await login(email, `wrong-guess-${i}`);
        statuses.push(last.status);
      }
      assert.deepEqual(statuses, [...Array(10).fill(401), ...Array(10).fill(429)]);
      assert.equal(last!.json.message, 'Too many failed login attempts. Please try again in 15 minutes.');
      assert.equal(last!.json.code, 'TOO_MANY_ATTEMPTS');
      const retryAfter = Number(last!.headers.get('retry-after'));
      assert.ok(retryAfter > 800 && retryAfter <= 900, `Retry-After ${retryAfter}`);
      assert.equal((await login(email, PASSWORD)).status, 429, 'even the right password waits');

      // Fifteen minutes later the account may try again.
      await db.query(`UPDATE login_failures SET failed_at = failed_at - interval '16 minutes' WHERE username = $1`, [
        email,
      ]);
      assert.equal((await login(email, PASSWORD)).status, 200);
    });

    it('counts failures in a row: a successful login starts the count again', async () => {
      const { email } = await register();
      for (let i = 0; i < 9; i++) assert.equal((await login(email, 'wrong-guess')).status, 401);
      assert.equal((await login(email, PASSWORD)).status, 200);
      for (let i = 0; i < 9; i++) assert.equal((await login(email, 'wrong-guess')).status, 401);
    });

    it('throttles one address guessing at many accounts, and not the accounts from elsewhere', async () => {
      const address = freshAddress();
      const { email } = await register();
      for (let i = 0; i < 50; i++) {
        const response = await login(`guess-${i % 10}-${randomUUID()}@example.com`, 'wrong-guess', address);
        assert.equal(response.status, 401);
      }
      const blocked = await login(email, PASSWORD, address);
      assert.equal(blocked.status, 429);
      assert.match(
        String(blocked.json.message),
        /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
      );
      assert.equal((await login(email, PASSWORD, freshAddress())).status, 200, 'another address is not throttled');
    });
  });

  describe('password rules (issue 18)', () => {
    /** Each weak password, with the rule its refusal names. */
    const WEAK: Array<[string, string]> = [
      ['        ', 'Password cannot be only spaces'],
      ['aaaaaaaa', 'Password cannot be one character or a short group of characters repeated'],
      ['abababab', 'Password cannot be one character or a short group of characters repeated'],
      ['abcdefghij', 'Password cannot be a simple sequence such as abcdefgh, 12345678 or qwertyui'],
      ['87654321', 'Password cannot be a simple sequence such as abcdefgh, 12345678 or qwertyui'],
      ['QWERTYUIOP', 'Password cannot be a simple sequence such as abcdefgh, 12345678 or qwertyui'],
      ['sunshine', 'This password is too common. Please choose one that is harder to guess.'],
      ['short', 'Password must be at least 8 characters long'],
    ];

    it('refuses weak passwords on register, naming the rule, and creates no account', async () => {
      for (const [password, message] of WEAK) {
        const email = `weak-${randomUUID()}@example.com`;
        const response = await call('POST', '/api/register', {
          username: email,
          password,
          firstName: 'A',
          lastName: 'B',
        });
        assert.equal(response.status, 400, JSON.stringify(password));
        assert.equal(response.json.message, message);
        const { rowCount } = await db.query('SELECT 1 FROM users WHERE username = $1', [email]);
        assert.equal(rowCount, 0);
      }
    });

    it('refuses them on reset and on change, leaving the password as it was', async () => {
      const { email, cookie, id } = await register();
      const before = (await userRow(id)).password_hash;
      await call('POST', '/api/reset-password/request', { email });
      const token = new URL(await resetLinkFor(email)).searchParams.get('token')!;
      for (const [password, message] of WEAK) {
        const reset = await call('POST', '/api/reset-password/reset', { token, password });
        assert.equal(reset.status, 400, JSON.stringify(password));
        assert.equal(reset.json.error, message);
        const change = await call(
          'POST',
          '/api/user/password',
          { currentPassword: PASSWORD, newPassword: password },
          { cookie, address: freshAddress() },
        );
        assert.equal(change.status, 400, JSON.stringify(password));
        assert.equal(change.json.message, message);
      }
      assert.equal((await userRow(id)).password_hash, before);
      assert.equal((await call('POST', '/api/reset-password/reset', { token, password: NEW_PASSWORD })).status, 200);
    });

    it('still lets an account made before the rules log in with its old, weak password', async () => {
      const { email, id } = await register();
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        id,
        await hash('aaaaaaaa', { algorithm: Algorithm.Argon2id }),
      ]);
      assert.equal((await login(email, 'aaaaaaaa')).status, 200);
    });
  });

  describe('bad input', () => {
    const SQL = "x' OR '1'='1'; DROP TABLE users; --";
    const HUGE = 'a'.repeat(10 * 1024);

    it('answers 400 to SQL-looking, 10 kB, empty and non-string input on every endpoint, changing nothing', async () => {
      const { cookie, id, email } = await register();
      const { rows: before } = await db.query('SELECT count(*) AS users FROM users');
      const rowBefore = await userRow(id);
      const cases: Array<[string, string, unknown]> = [];
      const add = (method: string, path: string, bodies: unknown[]) =>
        bodies.forEach((body) => cases.push([method, path, body]));
      const good = { username: `x-${randomUUID()}@example.com`, password: PASSWORD, firstName: 'A', lastName: 'B' };
      add('POST', '/api/register', [
        { ...good, username: SQL },
        { ...good, firstName: SQL },
        { ...good, lastName: SQL },
        { ...good, username: HUGE },
        { ...good, password: HUGE },
        { ...good, firstName: HUGE },
        {},
        '',
        { ...good, username: '' },
        { ...good, password: '' },
        { ...good, username: 42 },
        { ...good, password: ['a', 'b'] },
        { ...good, firstName: { $ne: null } },
        [],
      ]);
      add('POST', '/api/login', [
        { username: SQL, password: PASSWORD },
        { username: HUGE, password: PASSWORD },
        { username: email, password: HUGE },
        {},
        { username: '', password: '' },
        { username: email, password: 12345678 },
        { username: { $gt: '' }, password: PASSWORD },
        'null',
      ]);
      add('POST', '/api/reset-password/request', [{ email: SQL }, { email: HUGE }, {}, { email: '' }, { email: 1 }]);
      add('POST', '/api/reset-password/reset', [
        { token: SQL, password: NEW_PASSWORD },
        { token: HUGE, password: NEW_PASSWORD },
        { token: 'a'.repeat(43), password: HUGE },
        {},
        { token: '', password: '' },
        { token: 7, password: NEW_PASSWORD },
      ]);
      add('PATCH', '/api/user/profile', [
        { firstName: SQL, lastName: 'B' },
        { firstName: HUGE },
        { firstName: 3 },
        { lastName: ['x'] },
        [],
      ]);
      add('POST', '/api/user/password', [
        { currentPassword: PASSWORD, newPassword: HUGE },
        { currentPassword: HUGE, newPassword: NEW_PASSWORD },
        {},
        { currentPassword: '', newPassword: '' },
        { currentPassword: PASSWORD, newPassword: 123456789 },
      ]);
      for (const [method, path, body] of cases) {
        const response = await call(method, path, body, { cookie, address: freshAddress() });
        assert.equal(response.status, 400, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`);
        assert.equal(typeof response.json.message, 'string');
        assert.ok(String(response.json.message).length < 200, 'a message a person reads');
      }
      const { rows: afterCount } = await db.query('SELECT count(*) AS users FROM users');
      assert.equal(afterCount[0].users, before[0].users, 'no account was created');
      assert.deepEqual(await userRow(id), rowBefore, 'the account is unchanged');
      assert.equal(await userStatus(cookie), 200, 'the session lives on');
      const { rows: failures } = await db.query('SELECT count(*) FROM login_failures WHERE username = $1', [email]);
      assert.equal(failures[0].count, '0', 'refused input is not a failed login');
    });

    it('stores SQL-looking passwords as passwords, nothing more', async () => {
      const email = `sql-${randomUUID()}@example.com`;
      const password = "' OR 1=1; DROP TABLE users; --";
      assert.equal(
        (
          await call('POST', '/api/register', {
            username: email,
            password,
            firstName: "O'Brien",
            lastName: 'Núñez-Ruiz',
          })
        ).status,
        201,
      );
      assert.equal((await login(email, password)).status, 200);
      assert.equal((await login(email, "' OR '1'='1")).status, 401);
    });
  });

  it('never puts a password hash or a token in any response', () => {
    assert.ok(bodies.length > 100 && secrets.length > 20);
    for (const body of bodies) {
      assert.doesNotMatch(body, /\$argon2/);
      assert.doesNotMatch(body, /"(passwordHash|password_hash|tokenHash|token_hash|resetPasswordToken)"\s*:/);
      for (const secret of secrets) assert.equal(body.includes(secret), false, 'a token in a response body');
    }
  });
});

/** A second gateway replica hears identity's security events too. */
describe('security events across gateway replicas', () => {
  let stack: TestStack;
  let second: KerfProcess;
  let secondUrl: string;

  before(async () => {
    stack = await startStack(['identity'], {
      identity: { LOGIN_MAX_FAILURES_PER_ADDRESS: '5' },
      gateway: { SESSION_CACHE_MS: '60000' },
    });
    const port = await freePort();
    secondUrl = `http://127.0.0.1:${port}`;
    second = new KerfProcess('gateway-2', resolve(__dirname, '../src/main.js'), {
      ...stack.gateway.env,
      PORT: String(port),
      APP_URL: secondUrl,
      ALLOWED_ORIGINS: secondUrl,
    });
    second.start();
    await Promise.all([
      second.waitFor(/listening for security events/),
      stack.gateway.waitFor(/listening for security events/),
    ]);
  });
  after(async () => {
    await second?.stop();
    await stack?.stop();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;
  /** Status of GET /api/user on the second replica, polled until it is `want` or a second has passed. */
  async function statusOnSecond(cookie: string, want: number): Promise<number> {
    const until = Date.now() + 1_000;
    for (;;) {
      const status = (await fetch(`${secondUrl}/api/user`, { headers: { cookie } })).status;
      if (status === want || Date.now() > until) return status;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('drops sessions cached in another replica as soon as the password changes or the user logs out', async () => {
    const email = `replica-${randomUUID()}@example.com`;
    const mine = cookieOf(
      await post('/api/register', { username: email, password: PASSWORD, firstName: 'Rae', lastName: 'Lin' }),
    );
    const laptop = cookieOf(await post('/api/login', { username: email, password: PASSWORD }));
    assert.equal(await statusOnSecond(laptop, 200), 200, 'cached by the second replica for a minute');

    const changed = await post('/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, mine);
    assert.equal(changed.status, 200);
    assert.equal(await statusOnSecond(laptop, 401), 401, 'the event reached the second replica');

    const phone = cookieOf(await post('/api/login', { username: email, password: NEW_PASSWORD }));
    assert.equal(await statusOnSecond(phone, 200), 200);
    assert.equal((await post('/api/logout', {}, phone)).status, 200);
    assert.equal(await statusOnSecond(phone, 401), 401, 'logout reached the second replica');
    assert.equal(await statusOnSecond(mine, 200), 200, 'the session that changed the password lives on');
  });

  // Runs last in this group: it uses up 127.0.0.1's login failures.
  it('counts a client that talks to it directly by its own address, whatever X-Forwarded-For says', async () => {
    const email = `direct-${randomUUID()}@example.com`;
    await post('/api/register', { username: email, password: PASSWORD, firstName: 'Dee', lastName: 'Rect' });
    const login = (username: string, password: string, forwardedFor: string) =>
      fetch(`${stack.gatewayUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ username, password }),
      });
    for (let i = 1; i <= 5; i++) {
      const response = await login(`nobody-${randomUUID()}@example.com`, 'wrong-guess', `198.51.100.${i}`);
      assert.equal(response.status, 401);
    }
    const blocked = await login(email, PASSWORD, '198.51.100.99');
    assert.equal(blocked.status, 429, 'a made-up X-Forwarded-For does not buy fresh attempts');
  });
});
