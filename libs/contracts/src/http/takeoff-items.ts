import { z } from 'zod';
import { apiRoute, success } from './route';
import { material } from './materials';

const POINTS_MESSAGE = 'points must be a list of [x, y] pairs of numbers, in page points (origin top left, y down).';
const coordinate = z.number({ error: POINTS_MESSAGE });
const pointsInput = z.array(z.tuple([coordinate, coordinate], { error: POINTS_MESSAGE }), { error: POINTS_MESSAGE });
const HOLES_MESSAGE = 'holes must be a list of rings, each a list of [x, y] pairs of numbers in page points.';
const holeCoordinate = z.number({ error: HOLES_MESSAGE });
/** Rings cut out of an area; whether each is inside the outline is the documents service's check. */
const holesInput = z.array(
  z.array(z.tuple([holeCoordinate, holeCoordinate], { error: HOLES_MESSAGE }), { error: HOLES_MESSAGE }),
  { error: HOLES_MESSAGE },
);
const name = z.string({ error: 'Give the takeoff item a name, for example "Carpet, room 101".' });
const PAGE_MESSAGE = 'page must be a page number (1, 2, …); a DXF or DWG drawing is page 1.';

export const takeoffKind = z.enum(['length', 'area', 'count']);
export type TakeoffKind = z.output<typeof takeoffKind>;

export const createTakeoffItemBody = z.object(
  {
    documentId: z.string({ error: 'documentId is required: the document the item is measured on.' }),
    page: z.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }),
    kind: z.enum(['length', 'area', 'count'], { error: 'kind must be length, area or count.' }),
    name,
    category: z
      .string({ error: 'category must be text' })
      .nullish()
      .transform((value) => value ?? undefined),
    points: pointsInput,
    /** Only for an area: rings inside `points`, cut out of its quantity. */
    holes: holesInput.optional(),
  },
  {
    error:
      'Send the takeoff item as a JSON object: { "documentId": "…", "page": 1, "kind": "area", "name": "Carpet", "points": [[x, y], …] }',
  },
);
export type CreateTakeoffItemBody = z.input<typeof createTakeoffItemBody>;

export const updateTakeoffItemBody = z.object(
  {
    name: name.optional(),
    /** null or "" clears it. */
    category: z
      .string({ error: 'category must be text' })
      .nullish()
      .transform((value) => (value === null ? '' : value)),
    points: pointsInput.optional(),
    /** Replaces the area's holes; [] clears them. */
    holes: holesInput.optional(),
  },
  { error: 'Send the changes as a JSON object: { "name"?, "category"?, "points"?, "holes"? }' },
);
export type UpdateTakeoffItemBody = z.input<typeof updateTakeoffItemBody>;

/** One of item, room, layer or symbol of one document; the page of a PDF sheet's room, layer or symbol. */
export const materialFromTakeoffBody = z
  .object(
    {
      documentId: z.string({ error: 'documentId is required: the document the quantity is taken from.' }),
      itemId: z.string({ error: 'itemId must be a takeoff item id' }).optional(),
      room: z.string({ error: 'room must be a room name' }).optional(),
      layer: z.string({ error: 'layer must be a layer name' }).optional(),
      symbol: z.string({ error: 'symbol must be a symbol (block) name' }).optional(),
      page: z
        .number({ error: 'page must be a page number' })
        .int({ error: 'page must be a page number' })
        .min(1, { error: 'page must be a page number' })
        .optional(),
    },
    { error: 'Send { "documentId": "…", "itemId" | "room" | "layer" | "symbol": "…", "page"? } as a JSON object' },
  )
  .refine((body) => [body.itemId, body.room, body.layer, body.symbol].filter((v) => v?.trim()).length === 1, {
    error: 'Say what to send to the materials list: one of itemId, room, layer or symbol.',
  });
export type MaterialFromTakeoffBody = z.input<typeof materialFromTakeoffBody>;

export const takeoffItemsQuery = z.object({ documentId: z.string().optional(), projectId: z.string().optional() });

/** A hand measurement (issue 17): points in page points, the quantity a decimal string in LF, SF or EA. */
export const takeoffItem = z.object({
  id: z.string(),
  documentId: z.string(),
  projectId: z.string(),
  page: z.number(),
  kind: takeoffKind,
  name: z.string(),
  category: z.string().nullable().default(null),
  points: z.array(z.tuple([z.number(), z.number()])),
  /** Rings cut out of an area (its quantity is the outline's area less theirs); empty otherwise. */
  holes: z.array(z.array(z.tuple([z.number(), z.number()]))).default([]),
  quantity: z.string(),
  unit: z.enum(['LF', 'SF', 'EA']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TakeoffItem = z.output<typeof takeoffItem>;

export const takeoffItemRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/takeoff-items',
    summary: "A document's (?documentId=) or a project's (?projectId=) takeoff items",
    signedIn: true,
    query: takeoffItemsQuery,
    responses: { 200: { description: 'The items', schema: z.array(takeoffItem) } },
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/takeoff-items',
    summary: 'Measure a length, an area or a count on a page',
    signedIn: true,
    body: createTakeoffItemBody,
    responses: { 201: { description: 'The item with its quantity', schema: takeoffItem } },
  }),
  update: apiRoute({
    method: 'PATCH',
    path: '/api/takeoff-items/{id}',
    summary: "Change an item's name, category (null clears it), points or an area's holes ([] clears them)",
    signedIn: true,
    body: updateTakeoffItemBody,
    responses: { 200: { description: 'The item', schema: takeoffItem } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/takeoff-items/{id}',
    summary: 'Delete a takeoff item',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
  toMaterials: apiRoute({
    method: 'POST',
    path: '/api/materials/from-takeoff',
    summary: 'Send a takeoff item, or a room, layer or symbol group, to the materials list',
    signedIn: true,
    body: materialFromTakeoffBody,
    responses: { 201: { description: 'The material, created or updated', schema: material } },
  }),
};
