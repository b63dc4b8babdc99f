import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { SERVICE_NAMES } from '@kerf/contracts';
import { apiErrorBody, apiResources, buildOpenApiDocument, type ApiRoute } from '@kerf/contracts/http';
import {
  corpusPath,
  createProject,
  signUp,
  startStack,
  startTrial,
  type LooseJson,
  type TestStack,
  type TestUser,
} from '@kerf/platform/testing';
import { AppModule } from '../src/app.module';
import type { GatewayConfig } from '../src/config';

const routes = Object.values(apiResources).flatMap((resource) => Object.values(resource));
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const pattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

/** The route of the contract a request went to: the most specific template that matches. */
function routeOf(method: string, url: string): ApiRoute | undefined {
  const path = new URL(url, 'http://x').pathname;
  return routes
    .filter((route) => route.method === method && pattern(route.path).test(path))
    .sort((a, b) => a.path.split('{').length - b.path.split('{').length)[0];
}

/** Every route the gateway's controllers declare, as `METHOD /api/path/{param}`. */
function servedApiRoutes(): string[] {
  const controllers = AppModule.register({} as GatewayConfig).controllers ?? [];
  const served: string[] = [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const prototype = (controller as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, handler))].join('/')}`
        .replace(/\/+/g, '/')
        .replace(/\/$/, '')
        .replace(/:(\w+)/g, '{$1}');
      if (path.startsWith('/api/')) served.push(routeKey(method, path));
    }
  }
  return served;
}

describe('the /api contract (libs/contracts/src/http)', () => {
  const document = buildOpenApiDocument('test');
  const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => routeKey(method, path)),
  );

  it('documents every /api route the gateway serves, and serves every route it documents', () => {
    const served = servedApiRoutes();
    assert.ok(served.length > 40, `found only ${served.length} routes`);
    assert.deepEqual(
      served.filter((route) => !documented.includes(route)),
      [],
      'served but not in the OpenAPI document',
    );
    assert.deepEqual(
      documented.filter((route) => !served.includes(route)),
      [],
      'in the OpenAPI document but not served',
    );
  });

  describe('a user walking the main path through the real gateway', () => {
    let stack: TestStack;
    const answered = new Set<string>();
    const mismatches: string[] = [];

    /** Checks one answer against its route's schema: parsing it through the schema must change nothing. */
    async function check(method: string, url: string, response: Response): Promise<void> {
      const route = routeOf(method, url);
      if (!route) {
        mismatches.push(`${method} ${url}: no route in the contract`);
        return;
      }
      answered.add(routeKey(route.method, route.path));
      const declared = route.responses[response.status];
      const type = response.headers.get('content-type') ?? '';
      if (response.status < 300 && !declared) {
        mismatches.push(`${method} ${url}: ${response.status} is not a status the contract names`);
        return;
      }
      if (!type.includes('application/json')) {
        if (response.status < 300 && declared?.schema) mismatches.push(`${method} ${url}: answered ${type}, not JSON`);
        return;
      }
      const json = (await response.clone().json()) as unknown;
      if (declared && !declared.schema) return;
      const schema = declared?.schema ?? apiErrorBody.strict();
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        mismatches.push(`${method} ${url} ${response.status}: ${parsed.error.message}`);
        return;
      }
      try {
        // Nothing dropped (a field the schema does not describe), nothing filled in.
        assert.deepEqual(JSON.parse(JSON.stringify(parsed.data)), json);
      } catch {
        mismatches.push(`${method} ${url} ${response.status}: answers more or other than its schema describes`);
      }
    }

    /** The user's calls, each answer checked on the way. */
    function checked(user: TestUser): TestUser {
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await user.call(method, path, body);
        await check(method, path, response);
        return response;
      };
      const json = async (method: string, path: string, body?: unknown) => {
        const response = await call(method, path, body);
        const text = await response.text();
        return { status: response.status, json: (text ? JSON.parse(text) : {}) as LooseJson };
      };
      return { ...user, call, json };
    }

    async function upload(user: TestUser, path: string, fields: Record<string, string>, file: string) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([readFileSync(corpusPath(file))]), file);
      const response = await fetch(`${stack.gatewayUrl}${path}`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
        body: form,
      });
      await check('POST', path, response);
      return { status: response.status, json: (await response.json()) as LooseJson };
    }

    async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    before(async () => {
      stack = await startStack([...SERVICE_NAMES]);
    });
    after(() => stack?.stop());

    it('answers only what the schemas of its routes describe, on every documented route', async () => {
      const anonymous = checked({
        id: '',
        cookie: '',
        call: (method, path, body) =>
          fetch(`${stack.gatewayUrl}${path}`, {
            method,
            headers: {
              'x-requested-with': 'XMLHttpRequest',
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        json: () => Promise.reject(new Error('unused')),
      });
      await anonymous.json('GET', '/api/health');
      await anonymous.json('GET', '/api/openapi.json');
      await anonymous.call('GET', '/api/docs');
      await anonymous.json('GET', '/api/user');
      await anonymous.json('GET', '/api/billing/config');
      await anonymous.json('GET', '/api/blog/posts?page=1&limit=12');
      await anonymous.json('GET', '/api/blog/search?q=concrete');
      await anonymous.json('GET', '/api/blog/posts/no-such-post');
      await anonymous.json('POST', '/api/billing/webhook', { type: 'unsigned' });
      await anonymous.json('POST', '/api/reset-password/request', { email: 'nobody@example.com' });
      await anonymous.json('POST', '/api/reset-password/reset', { token: 'not-a-token', password: 'long enough 2' });
      await anonymous.json('POST', '/api/login', { username: 'nobody@example.com', password: 'wrong password' });

      await anonymous.json('POST', '/api/register', {
        username: `contract-${randomUUID()}@example.com`,
        password: 'long enough 1',
        firstName: 'Con',
        lastName: 'Tract',
      });
      const user = checked(await signUp(stack.gatewayUrl, 'contract'));
      const { json: me } = await user.json('GET', '/api/user');
      await user.json('POST', '/api/projects', { name: 'Before the trial' });
      await startTrial(user);
      await user.json('GET', '/api/subscription');
      const projectId = await createProject(user, 'Contract walk');
      await user.json('GET', '/api/projects');
      await user.json('PATCH', `/api/projects/${projectId}`, { description: 'Every answer checked' });
      await user.json('POST', `/api/projects/${projectId}/notes`, { content: 'Measure twice.' });
      await user.json('GET', `/api/projects/${projectId}/notes`);
      await user.json('PATCH', '/api/user/profile', { firstName: 'Ada', lastName: null });
      await user.json('POST', '/api/user/password', { currentPassword: 'long enough 1', newPassword: 'long enough 2' });
      await anonymous.json('POST', '/api/login', { username: me.username, password: 'long enough 2' });
      await user.json('GET', '/api/ai-preferences');
      const preferences = await user.json('POST', '/api/ai-preferences', { responseStyle: 'concise' });
      await user.json('PATCH', `/api/ai-preferences/${preferences.json.id}`, { contextSize: 8 });

      const drawing = 'librecad_dim_sample.dxf';
      const uploaded = await upload(user, '/api/documents', { projectId, documentType: 'project' }, drawing);
      assert.equal(uploaded.status, 201, JSON.stringify(uploaded.json));
      const documentId = uploaded.json.id as string;
      const second = await upload(user, `/api/projects/${projectId}/documents`, {}, drawing);
      assert.equal(second.status, 201, JSON.stringify(second.json));
      await until(
        () => user.json('GET', `/api/documents?projectId=${projectId}`),
        ({ json }) =>
          (json as Array<{ status: string }>).every((d) => d.status === 'analyzed' || d.status === 'failed'),
        'the analyses',
      );
      await user.json('GET', `/api/documents/${documentId}`);
      await user.json('GET', `/api/documents/${documentId}/analysis`);
      await user.json('GET', `/api/documents/${documentId}/geometry`);
      await user.call('GET', `/api/documents/${documentId}/file`);
      await user.json('PUT', `/api/documents/${documentId}/pages/1/scale`, {
        from: [0, 0],
        to: [100, 0],
        distance: 10,
        unit: 'ft',
      });
      await user.json('PUT', `/api/documents/${documentId}/pages/1/boundaries`, {
        lines: [{ from: [0, 0], to: [100, 0] }],
      });
      await user.json('PUT', `/api/documents/${documentId}/units`, { units: 'mm' });
      await until(
        () => user.json('GET', `/api/documents/${documentId}/analysis`),
        ({ json }) => !json.reanalysis,
        'the analysis in the new units',
      );

      const item = await user.json('POST', '/api/takeoff-items', {
        documentId,
        page: 1,
        kind: 'length',
        name: 'Baseboard',
        points: [
          [0, 0],
          [1000, 0],
        ],
      });
      assert.equal(item.status, 201, JSON.stringify(item.json));
      await user.json('GET', `/api/takeoff-items?documentId=${documentId}`);
      await user.json('PATCH', `/api/takeoff-items/${item.json.id}`, { category: 'Finishes' });
      await user.json('POST', '/api/materials/from-takeoff', { documentId, itemId: item.json.id });
      await user.json('DELETE', `/api/takeoff-items/${item.json.id}`);

      await user.json('POST', '/api/messages', { projectId, content: 'How long are the walls?', type: 'text' });
      await user.json('GET', `/api/messages?projectId=${projectId}`);

      const material = await user.json('POST', '/api/materials', {
        projectId,
        name: 'Drywall',
        quantity: '120.5',
        unit: 'sq ft',
        category: 'Finishes',
      });
      await user.json('PATCH', `/api/materials/${material.json.id}`, { quantity: 130 });
      await user.json('POST', '/api/materials/keep', { projectId });
      await user.json('GET', `/api/materials?projectId=${projectId}`);
      await user.call('GET', `/api/materials/export?projectId=${projectId}`);

      const list = await user.json('POST', '/api/price-lists', {
        name: 'Our prices',
        items: [{ code: 'DW-1', name: 'Drywall', unit: 'sq ft', materialCost: '1.25', laborHours: 0.02 }],
      });
      await user.json('PATCH', `/api/price-lists/${list.json.id}`, { name: 'Our prices 2026' });
      await user.json('GET', '/api/price-lists');
      const assemblies = await user.json('GET', '/api/assemblies');
      assert.ok(assemblies.json.length > 0, 'starter assemblies');
      const assembly = await user.json('POST', '/api/assemblies', {
        name: 'Partition wall',
        unit: 'LF',
        components: [{ name: 'Stud', unit: 'ea', perUnit: 0.75, materialCost: 4 }],
      });
      await user.json('PUT', `/api/assemblies/${assembly.json.id}`, {
        name: 'Partition wall',
        unit: 'LF',
        components: [{ name: 'Stud', unit: 'ea', perUnit: '0.8' }],
      });
      const estimate = await user.json('POST', '/api/estimates/generate', {
        projectId,
        overheadPercentage: 10,
        profitMargin: 15,
        includeTimeline: true,
        includeMilestones: true,
        priceListId: list.json.id,
      });
      assert.equal(estimate.status, 201, JSON.stringify(estimate.json));
      await user.json('GET', `/api/estimates?projectId=${projectId}`);
      await user.json('PATCH', `/api/estimates/${estimate.json.id}`, { status: 'final' });
      await user.call('GET', `/api/estimates/${estimate.json.id}/pdf`);
      await user.call('GET', `/api/estimates/${estimate.json.id}/xlsx`);
      await user.json('POST', `/api/estimates/${estimate.json.id}/choices`, {
        key: 'no such material',
        kind: 'item',
        code: 'DW-1',
      });
      await user.json('GET', '/api/price-mappings');
      await user.json('DELETE', `/api/price-mappings/${randomUUID()}`);
      await user.json('DELETE', `/api/estimates/${estimate.json.id}`);
      await user.json('DELETE', `/api/assemblies/${assembly.json.id}`);
      await user.json('DELETE', `/api/price-lists/${list.json.id}`);
      await user.json('DELETE', `/api/materials/${material.json.id}`);
      await user.json('DELETE', `/api/documents/${second.json.id}`);
      await user.json('POST', '/api/subscription/cancel');
      await user.json('DELETE', `/api/projects/${projectId}`);
      await user.json('POST', '/api/logout');

      assert.deepEqual(mismatches, []);
      assert.deepEqual(
        routes.map((route) => routeKey(route.method, route.path)).filter((route) => !answered.has(route)),
        [],
        'routes the walk never reached',
      );
    });
  });
});
