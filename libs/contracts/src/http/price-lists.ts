import { z } from 'zod';
import { apiRoute, success } from './route';

/** A price list's name as estimates stores it (the gateway passes it on untrimmed; estimates checks it with this). */
export const priceListName = z
  .string({ error: 'Price list name is required' })
  .trim()
  .min(1, 'Price list name is required')
  .max(200, 'Price list name must be at most 200 characters');
export const priceListFormat = z.enum(['csv', 'xlsx', 'items'], { error: 'Format must be csv, xlsx or items' });

const decimal = z.union([z.number(), z.string()]).transform(String);
const priceItemInput = z.object({
  code: z.string().optional(),
  division: z.string().optional(),
  name: z.string({ error: 'Each item needs a name' }),
  unit: z.string({ error: 'Each item needs a unit' }),
  materialCost: decimal.optional(),
  laborHours: decimal.optional(),
  equipmentCost: decimal.optional(),
});
export type PriceItemInput = z.output<typeof priceItemInput>;

export const createPriceListBody = z.object(
  {
    name: z.string({ error: 'Price list name is required' }),
    format: priceListFormat.default('items'),
    /** The file's bytes, base64-encoded (csv and xlsx). */
    content: z.string({ error: 'content must be the file as base64' }).optional(),
    items: z.array(priceItemInput, { error: 'items must be a list' }).optional(),
  },
  { error: 'Send the price list as a JSON object' },
);
export type CreatePriceListBody = z.input<typeof createPriceListBody>;
export const updatePriceListBody = z.object(
  {
    name: z.string({ error: 'Price list name must be text' }).optional(),
    items: z.array(priceItemInput, { error: 'items must be a list' }).optional(),
  },
  { error: 'Send the changes as a JSON object' },
);
export type UpdatePriceListBody = z.input<typeof updatePriceListBody>;

/** One priced line of a list: costs per unit, decimals as strings. */
export const priceItem = z.object({
  code: z.string(),
  division: z.string(),
  name: z.string(),
  unit: z.string(),
  materialCost: z.string(),
  laborHours: z.string(),
  equipmentCost: z.string(),
});
export type PriceItem = z.output<typeof priceItem>;

export const priceList = z.object({
  id: z.string(),
  name: z.string(),
  items: z.array(priceItem).default([]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceList = z.output<typeof priceList>;

export const priceListRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/price-lists',
    summary: "The user's price lists",
    signedIn: true,
    responses: { 200: { description: 'The price lists', schema: z.array(priceList) } },
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/price-lists',
    summary: 'Import a price list (CSV or XLSX as base64) or save one from items',
    signedIn: true,
    body: createPriceListBody,
    responses: { 201: { description: 'The price list', schema: priceList } },
  }),
  update: apiRoute({
    method: 'PATCH',
    path: '/api/price-lists/{id}',
    summary: 'Rename a price list or replace its items',
    signedIn: true,
    body: updatePriceListBody,
    responses: { 200: { description: 'The price list', schema: priceList } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/price-lists/{id}',
    summary: 'Delete a price list',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
};
