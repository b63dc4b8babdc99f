import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SERVICE_NAMES } from '@kerf/contracts';
import { createProject, signUp, startStack, startTrial, type TestStack, type TestUser } from '@kerf/platform/testing';

/**
 * Issue 18's probe findings at the edge: an encoded path cannot step around the
 * CSRF rule, NUL in any text is a 400 naming the field, private answers are
 * never cached, and every error has the one `{ message, code? }` shape.
 */
describe('gateway hardening (issue 18)', () => {
  let stack: TestStack;
  let user: TestUser;
  let projectId: string;

  before(async () => {
    stack = await startStack([...SERVICE_NAMES]);
    user = await signUp(stack.gatewayUrl, 'hardening');
    await startTrial(user);
    projectId = await createProject(user, 'Hardening');
  });
  after(() => stack?.stop());

  /** A request exactly as written: fetch would normalise the path (`/%61pi` stays, `//api` and `..` would not). */
  function raw(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    return new Promise((resolve, reject) => {
      const url = new URL(stack.gatewayUrl);
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** Writes bytes straight to the gateway's socket and answers everything it sends back. */
  function socketAnswer(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const url = new URL(stack.gatewayUrl);
      const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
      );
    });
  }

  describe('CSRF on the route that matched (defect 2)', () => {
    const foreign = (cookie: string) => ({
      cookie,
      origin: 'https://evil.example',
      'content-type': 'text/plain',
    });

    it('refuses an encoded, doubled or re-cased logout from another site, and the session lives on', async () => {
      const victim = await signUp(stack.gatewayUrl, 'csrf');
      const variants = [
        '/%61pi/logout',
        '/api/%6cogout',
        '/%61%70%69/%6c%6f%67%6f%75%74',
        '/api/logou%74?x=1',
        '//api/logout',
        '/api//logout',
        '/API/logout',
        '/Api/Logout',
        '/api/logout/',
      ];
      for (const path of variants) {
        const response = await raw('POST', path, foreign(victim.cookie), 'a=1');
        assert.ok(response.status >= 400, `${path} answered ${response.status}`);
        assert.equal((await victim.call('GET', '/api/user')).status, 200, `${path} left the session alive`);
      }
      // The same request on the plain path, for comparison.
      assert.equal((await raw('POST', '/api/logout', foreign(victim.cookie), 'a=1')).status, 403);
    });

    it('refuses encoded paths of other state-changing routes, changing nothing', async () => {
      const before = ((await user.json('GET', '/api/projects')).json as unknown[]).length;
      const created = await raw('POST', '/%61pi/projects', foreign(user.cookie), '{"name":"forged"}');
      assert.equal(created.status, 403);
      assert.equal(JSON.parse(created.text).code, 'CSRF_ORIGIN');
      const renamed = await raw(
        'PATCH',
        `/api/%70rojects/${projectId}`,
        { ...foreign(user.cookie), 'content-type': 'application/json' },
        '{"name":"forged"}',
      );
      assert.equal(renamed.status, 403);
      const profile = await raw(
        'PATCH',
        '/api/user/%70rofile',
        { cookie: user.cookie, 'content-type': 'text/plain' },
        '{"firstName":"forged"}',
      );
      assert.equal(profile.status, 403);
      assert.equal(JSON.parse(profile.text).code, 'CSRF_HEADER');
      const projects = (await user.json('GET', '/api/projects')).json as Array<{ name: string }>;
      assert.equal(projects.length, before);
      assert.ok(projects.every((project) => project.name !== 'forged'));
      assert.equal(((await user.json('GET', '/api/user')).json as { firstName: string }).firstName, 'Test');
    });

    it('resolves the session on an encoded path the same as on the plain one', async () => {
      const response = await raw('GET', '/%61pi/user', { cookie: user.cookie });
      assert.equal(response.status, 200);
      assert.equal(JSON.parse(response.text).id, user.id);
    });
  });

  describe('NUL in text (defect 1)', () => {
    it('answers 400 naming the field on every route that takes text, and stores nothing', async () => {
      const material = await user.json('POST', '/api/materials', {
        projectId,
        name: 'Stud',
        quantity: 10,
        unit: 'ea',
        category: 'Framing',
        source: 'manual',
      });
      assert.equal(material.status, 201, JSON.stringify(material.json));
      const preferences = await user.json('POST', '/api/ai-preferences', {
        customPrompt: 'metric',
        responseStyle: 'standard',
      });
      assert.equal(preferences.status, 200, JSON.stringify(preferences.json));
      const priceList = await user.json('POST', '/api/price-lists', {
        name: 'Mine',
        items: [{ name: 'Stud', unit: 'ea', materialCost: '3.10' }],
      });
      assert.equal(priceList.status, 201, JSON.stringify(priceList.json));
      const bad = 'a\u0000b';

      const cases: Array<[string, string, Record<string, unknown>, string]> = [
        ['POST', '/api/projects', { name: bad }, 'name'],
        ['POST', '/api/projects', { name: 'ok', description: bad }, 'description'],
        ['PATCH', `/api/projects/${projectId}`, { name: bad }, 'name'],
        ['POST', `/api/projects/${projectId}/notes`, { content: bad }, 'content'],
        ['POST', '/api/messages', { projectId, content: bad, type: 'text' }, 'content'],
        ['POST', '/api/materials', { projectId, name: bad, quantity: 1, unit: 'ea' }, 'name'],
        ['POST', '/api/materials', { projectId, name: 'x', quantity: 1, unit: bad }, 'unit'],
        ['POST', '/api/materials', { projectId, name: 'x', quantity: 1, unit: 'ea', category: bad }, 'category'],
        ['PATCH', `/api/materials/${material.json.id}`, { notes: bad }, 'notes'],
        ['POST', '/api/ai-preferences', { customPrompt: bad, responseStyle: 'standard' }, 'customPrompt'],
        ['PATCH', `/api/ai-preferences/${preferences.json.id}`, { documentFocus: bad }, 'documentFocus'],
        ['POST', '/api/price-lists', { name: bad, items: [] }, 'name'],
        ['PATCH', `/api/price-lists/${priceList.json.id}`, { name: bad }, 'name'],
        ['POST', '/api/price-lists', { name: 'x', items: [{ name: bad, unit: 'ea' }] }, 'items.0.name'],
        [
          'POST',
          '/api/billing/local/setup-intents/confirm',
          { clientSecret: bad, number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          'clientSecret',
        ],
        ['PATCH', '/api/user/profile', { firstName: bad }, 'firstName'],
        ['POST', '/api/estimates/generate', { projectId: `${projectId}\u0000` }, 'projectId'],
      ];
      for (const [method, path, body, field] of cases) {
        const response = await user.json(method, path, body);
        const what = `${method} ${path} ${field}`;
        assert.equal(response.status, 400, `${what}: ${JSON.stringify(response.json)}`);
        assert.match(response.json.message, new RegExp(`^${field.replace('.', '\\.')} contains a NUL character`), what);
        assert.equal(typeof response.json.errors[field], 'string', what);
      }

      const search = await user.json('GET', '/api/blog/search?q=con%00crete');
      assert.equal(search.status, 400);
      assert.equal(typeof search.json.errors.q, 'string');

      const projects = (await user.json('GET', '/api/projects')).json as Array<{ name: string }>;
      assert.ok(projects.every((project) => !project.name.includes('\u0000')));
      assert.equal(
        ((await user.json('GET', `/api/projects/${projectId}/notes`)).json as { content: string }).content,
        '',
      );
      const materials = (await user.json('GET', `/api/materials?projectId=${projectId}`)).json as unknown[];
      assert.equal(materials.length, 1);
    });

    it('refuses NUL on register too, before any account exists', async () => {
      const response = await fetch(`${stack.gatewayUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `nul-${Date.now()}@example.com`,
          password: 'long enough 1',
          firstName: 'A\u0000',
          lastName: 'B',
        }),
      });
      assert.equal(response.status, 400);
      assert.equal(typeof ((await response.json()) as { errors: Record<string, string> }).errors.firstName, 'string');
    });
  });

  describe('caching (defect 6)', () => {
    it('marks every private JSON answer no-store, errors included', async () => {
      await user.json('POST', `/api/projects/${projectId}/notes`, { content: 'note' });
      for (const path of [
        '/api/user',
        '/api/projects',
        `/api/projects/${projectId}/notes`,
        `/api/documents?projectId=${projectId}`,
        `/api/messages?projectId=${projectId}`,
        `/api/materials?projectId=${projectId}`,
        `/api/estimates?projectId=${projectId}`,
        '/api/ai-preferences',
        '/api/price-lists',
      ]) {
        const response = await user.call('GET', path);
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('cache-control'), 'no-store', path);
      }
      const written = await user.call('POST', `/api/projects/${projectId}/notes`, { content: 'again' });
      assert.equal(written.headers.get('cache-control'), 'no-store');
      const signedOut = await fetch(`${stack.gatewayUrl}/api/user`);
      assert.equal(signedOut.status, 401);
      assert.equal(signedOut.headers.get('cache-control'), 'no-store');
    });
  });

  describe('one error shape (defect 7)', () => {
    const assertShape = (text: string, status: number, path: string) => {
      const body = JSON.parse(text) as Record<string, unknown>;
      assert.equal(typeof body.message, 'string', `${path}: ${text}`);
      for (const key of Object.keys(body)) assert.ok(['message', 'code', 'errors'].includes(key), `${path}: ${text}`);
      assert.ok(!('statusCode' in body), `${path}: ${text}`);
      assert.equal(String(body.code ?? '').startsWith('FST_'), false, `${path}: ${text}`);
      assert.ok(!text.includes('x'.repeat(50)), `${path} echoes the URL`);
      assert.ok(status >= 400);
    };

    it('answers a path parameter over 100 characters, a bad escape, broken JSON and what the HTTP parser refuses in the shape', async () => {
      const long = `/api/projects/${'x'.repeat(150)}`;
      const tooLong = await raw('GET', long, { cookie: user.cookie });
      assert.equal(tooLong.status, 414);
      assertShape(tooLong.text, tooLong.status, long);
      assert.equal(tooLong.headers['cache-control'], 'no-store');
      assert.ok(tooLong.headers['x-request-id']);
      assert.ok(tooLong.headers['content-security-policy']);

      const badEscape = await raw('GET', `/api/projects/%E0%A4%A${'x'.repeat(60)}`, { cookie: user.cookie });
      assert.equal(badEscape.status, 400);
      assertShape(badEscape.text, badEscape.status, 'bad escape');

      for (const [path, body, type] of [
        ['/api/projects', '{"name":', 'application/json'],
        ['/api/projects', '', 'application/json'],
        ['/api/projects', '<xml/>', 'application/xml'],
      ] as const) {
        const response = await raw(
          'POST',
          path,
          { cookie: user.cookie, 'content-type': type, 'x-requested-with': 'XMLHttpRequest' },
          body,
        );
        assertShape(response.text, response.status, `${path} ${type} ${body}`);
      }
      // Requests Node's HTTP parser refuses before any route: a broken header line, headers over 16 kB.
      for (const [request, status] of [
        ['GET /api/user HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n', 400],
        [`GET /api/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`, 431],
      ] as const) {
        const answer = await socketAnswer(request);
        assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `));
        const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
        assertShape(text, status, `parser ${status}`);
      }

      const unknown = await raw('DELETE', `/api/no-such/${'x'.repeat(60)}`, {
        cookie: user.cookie,
        'x-requested-with': 'x',
      });
      assert.equal(unknown.status, 404);
      assertShape(unknown.text, unknown.status, 'unknown route');
    });
  });
});
