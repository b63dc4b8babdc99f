import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { answer, apiRoute, configureAnswers } from './route';
import { unknownKeys } from './unknown-keys';

const item = z.object({ id: z.string(), note: z.string().nullable().default(null) });
const route = apiRoute({
  method: 'GET',
  path: '/api/things/{id}',
  summary: 'A thing',
  signedIn: true,
  responses: {
    200: {
      description: 'The thing',
      schema: z.object({
        id: z.string(),
        items: z.array(item),
        tags: z.record(z.string(), z.object({ n: z.number() })),
        shape: z.union([
          z.object({ kind: z.literal('line') }),
          z.object({ kind: z.literal('area'), holes: z.number() }),
        ]),
        count: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number()),
        extra: z.object({}).passthrough().optional(),
      }),
    },
  },
});

const reply = (more: Record<string, unknown> = {}) => ({
  id: 't1',
  items: [{ id: 'a' }, { id: 'b', note: 'x' }],
  tags: { red: { n: 1 } },
  shape: { kind: 'area', holes: 2 },
  count: '3',
  ...more,
});

describe("answer(): a service's reply through the route's schema", () => {
  const warnings: Array<{ message: string; keys: string[] }> = [];
  const warnInto = () =>
    configureAnswers({ unknownKeys: 'warn', warn: (message, { keys }) => warnings.push({ message, keys }) });
  afterEach(() => {
    warnings.length = 0;
    configureAnswers({ unknownKeys: 'warn' });
  });

  it('answers the schema’s shape, defaults filled, and finds nothing stray in a reply that fits', () => {
    configureAnswers({ unknownKeys: 'throw' });
    const answered = answer(route, reply({ extra: { anything: true } }));
    assert.deepEqual(answered.items, [
      { id: 'a', note: null },
      { id: 'b', note: 'x' },
    ]);
    assert.equal(answered.count, 3);
  });

  it('names every field the schema does not describe, however deep, each once', () => {
    const stray = reply({
      secret: 's3',
      undefinedIsNotSent: undefined,
      items: [
        { id: 'a', storageKey: 'k1' },
        { id: 'b', storageKey: 'k2' },
      ],
      tags: { red: { n: 1, colour: '#f00' }, blue: { n: 2, colour: '#00f' } },
      shape: { kind: 'area', holes: 1, ring: [] },
    });
    assert.deepEqual(unknownKeys(route.responses[200].schema, stray).sort(), [
      'items[].storageKey',
      'secret',
      'shape.ring',
      'tags.*.colour',
    ]);
  });

  it('throws under test (a strict parse), naming the route and the fields', () => {
    configureAnswers({ unknownKeys: 'throw' });
    assert.throws(
      () => answer(route, reply({ secret: 's3' })),
      /^Error: GET \/api\/things\/\{id\} answered fields its schema does not describe: secret$/,
    );
  });

  it('in use drops the fields and warns once per route, again only for a field not yet named', () => {
    warnInto();
    const answered = answer(route, reply({ secret: 's3' }));
    assert.equal('secret' in answered, false);
    answer(route, reply({ secret: 's4' }));
    answer(route, reply({ secret: 's5', storageKey: 'k' }));
    assert.deepEqual(warnings, [
      {
        message: 'GET /api/things/{id} answered fields its schema does not describe (dropped): secret',
        keys: ['secret'],
      },
      {
        message: 'GET /api/things/{id} answered fields its schema does not describe (dropped): storageKey',
        keys: ['storageKey'],
      },
    ]);
  });

  it('still fails loudly on an answer that does not fit, whatever the policy', () => {
    warnInto();
    assert.throws(() => answer(route, reply({ id: 7 })), z.ZodError);
  });
});
