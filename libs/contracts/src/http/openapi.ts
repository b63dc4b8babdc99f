import { z } from 'zod';
import { apiErrorBody, type ApiRoute } from './route';
import { apiResources } from './routes';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema (draft 2020-12, as OpenAPI 3.1 reads it) of what a client sends or gets. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // A transform has no JSON Schema; its input side (a request) or declared output is what a client sees.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(route: ApiRoute) {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (!route.query) return inPath;
  const query = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

function requestBody(route: ApiRoute) {
  if (route.body)
    return { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  if (route.bodyContentType) return { required: true, content: { [route.bodyContentType]: { schema: {} } } };
  return undefined;
}

function responses(route: ApiRoute) {
  const answers: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const content = response.schema
      ? { 'application/json': { schema: jsonSchema(response.schema, 'output') } }
      : response.contentType
        ? { [response.contentType]: { schema: { type: 'string', format: 'binary' } } }
        : undefined;
    answers[status] = { description: response.description, ...(content ? { content } : {}) };
  }
  answers.default = {
    description: 'An error: 400 (with `errors` by field), 401, 402, 403, 404, 409, 413, 429 or 503',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };
  return answers;
}

const operationId = (tag: string, name: string) =>
  `${tag.replace(/[^A-Za-z]+(\w)?/g, (_, c: string | undefined) => c?.toUpperCase() ?? '')}_${name}`;

/** The OpenAPI 3.1 document of every /api route, generated from the schemas of this folder. */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [tag, routes] of Object.entries(apiResources)) {
    for (const [name, route] of Object.entries(routes)) {
      const body = requestBody(route);
      const params = parameters(route);
      (paths[route.path] ??= {})[route.method.toLowerCase()] = {
        tags: [tag],
        operationId: operationId(tag, name),
        summary: route.summary,
        security: route.signedIn ? [{ session: [] }] : [],
        ...(params.length ? { parameters: params } : {}),
        ...(body ? { requestBody: body } : {}),
        responses: responses(route),
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kerf API',
      version,
      description:
        'The HTTP API of Kerf. Sign in with POST /api/login: the answer sets the `kerf_session` cookie that ' +
        'the other calls send. A state-changing call from a browser comes from an allowed origin or carries ' +
        '`X-Requested-With: XMLHttpRequest`. Every failure answers `{ message, code?, errors? }`.',
    },
    tags: Object.keys(apiResources).map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'kerf_session' } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
