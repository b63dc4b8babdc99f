/**
 * The /api contract: every request and response as a zod schema, one file per
 * resource. The gateway validates and answers through these, the frontend infers
 * its types from them, and the OpenAPI document (openapi.ts) is generated from
 * `apiRoutes`. Adding a route is adding it here.
 */
export * from './route';
export * from './ai-preferences';
export * from './api-docs';
export * from './auth';
export * from './billing';
export * from './blog';
export * from './documents';
export * from './estimates';
export * from './health';
export * from './materials';
export * from './messages';
export * from './notes';
export * from './price-lists';
export * from './projects';
export * from './takeoff-items';
export { buildOpenApiDocument, type OpenApiDocument } from './openapi';
export { apiResources } from './routes';
