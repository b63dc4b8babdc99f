import { apiRoute } from './route';

export const apiDocsRoutes = {
  openapi: apiRoute({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: the /api contract as OpenAPI 3.1',
    signedIn: false,
    responses: { 200: { description: 'The OpenAPI document', contentType: 'application/json' } },
  }),
  docs: apiRoute({
    method: 'GET',
    path: '/api/docs',
    summary: 'This document as a page to read',
    signedIn: false,
    responses: { 200: { description: 'The page', contentType: 'text/html' } },
  }),
};
