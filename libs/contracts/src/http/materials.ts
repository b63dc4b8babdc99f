import { z } from 'zod';
import { apiRoute, success } from './route';

/** A quantity as the screens send it: a number or a decimal string; it crosses as a string. */
const quantity = z.union([z.number(), z.string()], { error: 'Quantity must be a number' }).transform(String);
const optionalText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? undefined);
const dropEmpty = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null))
    : value;

/** Where a quantity came from: ai-chat checks each field; here only its shape crosses. */
const originInput = z
  .object(
    {
      documentId: optionalText('origin.documentId'),
      documentName: optionalText('origin.documentName'),
      revision: z.number({ error: 'origin.revision must be a whole number' }).int().nullish(),
      kind: optionalText('origin.kind'),
      ref: optionalText('origin.ref'),
      page: z.number({ error: 'origin.page must be a whole number' }).int().nullish(),
      dimension: optionalText('origin.dimension'),
    },
    { error: 'origin must be an object' },
  )
  .nullish()
  .transform((value) => (value ? (dropEmpty(value) as Record<string, string | number>) : undefined));

export const createMaterialBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    name: z.string({ error: 'Material name is required' }),
    quantity,
    unit: z.string({ error: 'Unit is required' }),
    category: optionalText('Category'),
    notes: optionalText('Notes'),
    source: optionalText('Source'),
    origin: originInput,
    status: optionalText('Status'),
  },
  { error: 'Send the material as a JSON object' },
);
export type CreateMaterialBody = z.input<typeof createMaterialBody>;
export const updateMaterialBody = z.object(
  {
    name: optionalText('Name'),
    quantity: quantity.optional(),
    unit: optionalText('Unit'),
    category: optionalText('Category'),
    notes: optionalText('Notes'),
    status: optionalText('Status'),
  },
  { error: 'Send the changes as a JSON object' },
);
export type UpdateMaterialBody = z.input<typeof updateMaterialBody>;
export const keepMaterialsBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    ids: z
      .array(z.string({ error: 'ids must be material ids' }), { error: 'ids must be a list of material ids' })
      .max(1000)
      .optional(),
  },
  { error: 'Send { projectId, ids? } as a JSON object' },
);
export const materialsQuery = z.object({ projectId: z.string().optional() });

/** Where a quantity came from (the QuantityOrigin of proto/kerf/ai-chat.proto; libs/takeoff reads it). */
export const quantityOrigin = z.object({
  documentId: z.string().optional(),
  documentName: z.string().optional(),
  revision: z.number().optional(),
  kind: z.enum(['layer', 'block', 'room', 'page', 'symbol', 'item', 'text', 'schedule', 'sheet']).optional(),
  /** The layer, block, room, symbol or item name as the drawing spells it. */
  ref: z.string().optional(),
  page: z.number().optional(),
  dimension: z.enum(['length', 'area', 'volume', 'count', 'weight', 'other']).optional(),
});

/** docs/spec.md §3 materials; the quantity is a decimal string. */
export const material = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  quantity: z.string(),
  unit: z.string(),
  category: z.string().nullable().default(null),
  notes: z.string().nullable().default(null),
  source: z.enum(['manual', 'ai', 'takeoff']),
  /** The document and the layer, block, room, page or item the quantity came from; null for a hand-made line. */
  origin: z.preprocess(dropEmpty, quantityOrigin.nullable()).default(null),
  /** proposed: taken from an assistant reply and not yet kept by the user. */
  status: z.preprocess((value) => value || 'kept', z.enum(['kept', 'proposed'])),
  /** The user changed the quantity or unit by hand. */
  edited: z.boolean().default(false),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Material = z.output<typeof material>;

export const materialRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/materials',
    summary: "A project's materials list (projectId required)",
    signedIn: true,
    query: materialsQuery,
    responses: { 200: { description: 'The materials', schema: z.array(material) } },
  }),
  export: apiRoute({
    method: 'GET',
    path: '/api/materials/export',
    summary: 'The materials list as an Excel workbook (projectId required)',
    signedIn: true,
    query: materialsQuery,
    responses: {
      200: {
        description: 'The workbook',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    },
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/materials',
    summary: 'Add a material',
    signedIn: true,
    body: createMaterialBody,
    responses: { 201: { description: 'The material', schema: material } },
  }),
  keep: apiRoute({
    method: 'POST',
    path: '/api/materials/keep',
    summary: 'Keep the named proposed materials, or every proposed one of the project',
    signedIn: true,
    body: keepMaterialsBody,
    responses: { 200: { description: 'The materials', schema: z.array(material) } },
  }),
  update: apiRoute({
    method: 'PATCH',
    path: '/api/materials/{id}',
    summary: 'Change a material (a changed quantity or unit marks it edited)',
    signedIn: true,
    body: updateMaterialBody,
    responses: { 200: { description: 'The material', schema: material } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/materials/{id}',
    summary: 'Delete a material',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
};
