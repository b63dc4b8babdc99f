import { z } from 'zod';
import { apiRoute, success } from './route';

/** A percentage from JSON: a number (or numeric string) with at most two decimals, within bounds. */
const percent = (field: string, max: number) =>
  z
    .union([z.number({ error: `${field} must be a number` }), z.string({ error: `${field} must be a number` })], {
      error: `${field} must be a number`,
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || !Number.isFinite(Number(text))) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a number between 0 and ${max}` });
        return z.NEVER;
      }
      if (Number(text) > max) {
        ctx.addIssue({ code: 'custom', message: `${field} must be between 0 and ${max}` });
        return z.NEVER;
      }
      return text;
    });

export const generateEstimateBody = z.object(
  {
    projectId: z.string({ error: 'projectId is required' }),
    overheadPercentage: percent('Overhead percentage', 50).optional(),
    profitMargin: percent('Profit margin', 30).optional(),
    includeTimeline: z.boolean({ error: 'includeTimeline must be true or false' }).optional(),
    includeMilestones: z.boolean({ error: 'includeMilestones must be true or false' }).optional(),
    priceListId: z
      .string({ error: 'priceListId must be text' })
      .nullish()
      .transform((v) => v ?? undefined),
    laborRate: z
      .union([z.number(), z.string()], { error: 'laborRate must be a number' })
      .transform((v) => String(v))
      .optional(),
    crewSize: z.number({ error: 'crewSize must be a number' }).optional(),
  },
  { error: 'Send the generation options as a JSON object' },
);
export type GenerateEstimateBody = z.input<typeof generateEstimateBody>;

export const estimateStatus = z.enum(['draft', 'final', 'approved', 'archived'], {
  error: 'Status must be draft, final, approved or archived',
});
export type EstimateStatus = z.output<typeof estimateStatus>;
export const updateEstimateBody = z.object({ status: estimateStatus }, { error: 'Send the status as a JSON object' });

export const choosePriceBody = z.object(
  {
    key: z.string({ error: 'key is required' }),
    kind: z.enum(['item', 'assembly'], { error: 'kind must be item or assembly' }),
    code: z.string({ error: 'code is required' }),
  },
  { error: 'Send the choice as a JSON object' },
);
export const estimatesQuery = z.object({ projectId: z.string().optional() });

const money = z.string();
const priceKind = z.enum(['item', 'assembly']);

export const priceCandidate = z
  .object({
    kind: priceKind,
    code: z.string(),
    name: z.string(),
    unit: z.string(),
    confidence: z.number(),
    reason: z.string(),
    lineTotal: money,
  })
  .loose();
export type PriceCandidate = z.output<typeof priceCandidate>;

export const estimateComponent = z
  .object({
    name: z.string(),
    unit: z.string(),
    quantity: z.string(),
    wastePercent: z.string(),
    unitCost: money,
    materialCost: money,
    laborCost: money,
    equipmentCost: money,
    totalCost: money,
  })
  .loose();
export type EstimateComponent = z.output<typeof estimateComponent>;

export const estimateItem = z
  .object({
    description: z.string(),
    quantity: z.string(),
    unit: z.string(),
    unitCost: money,
    totalCost: money,
    material: z.string().optional(),
    code: z.string().optional(),
    kind: priceKind.optional(),
    pricedBy: z.string().optional(),
    reason: z.string().optional(),
    confidence: z.number().optional(),
    mapped: z.boolean().optional(),
    sourceQuantity: z
      .object({ quantity: z.string(), unit: z.string(), origin: z.string().optional(), proposed: z.boolean() })
      .loose()
      .optional(),
    waste: z.string().optional(),
    materialCost: money.optional(),
    laborCost: money.optional(),
    equipmentCost: money.optional(),
    components: z.array(estimateComponent).optional(),
    key: z.string().optional(),
    alternatives: z.array(priceCandidate).optional(),
  })
  .loose();
export type EstimateItem = z.output<typeof estimateItem>;

export const estimateSection = z.object({ name: z.string(), subtotal: money, items: z.array(estimateItem) }).loose();
export type EstimateSection = z.output<typeof estimateSection>;

export const unpricedMaterial = z
  .object({
    key: z.string(),
    name: z.string(),
    quantity: z.string(),
    unit: z.string(),
    origin: z.string().optional(),
    proposed: z.boolean().optional(),
    reason: z.string(),
    candidates: z.array(priceCandidate).optional(),
    kept: z.boolean().optional(),
  })
  .loose();
export type UnpricedMaterial = z.output<typeof unpricedMaterial>;

export const estimateWarning = z.object({ code: z.string(), message: z.string() }).loose();
export type EstimateWarning = z.output<typeof estimateWarning>;

/** What an estimate is made of: sections of priced lines, what needs a price, checks and terms. */
export const estimateData = z
  .object({
    timeline: z
      .object({ duration: z.number(), laborHours: z.string().optional(), crewSize: z.number().optional() })
      .loose()
      .optional(),
    milestones: z
      .array(z.object({ name: z.string(), day: z.number(), percentComplete: z.number() }).loose())
      .optional(),
    assumptions: z.array(z.string()).optional(),
    sections: z.array(estimateSection).optional(),
    unpriced: z.array(unpricedMaterial).optional(),
    warnings: z.array(estimateWarning).optional(),
    materials: z
      .object({
        total: z.number(),
        priced: z.number(),
        needsPrice: z.number(),
        kept: z.number().optional(),
        proposed: z.number(),
      })
      .loose()
      .optional(),
    floorArea: z.object({ sqFt: z.string(), source: z.string() }).loose().nullable().optional(),
    costPerSqFt: z.string().nullable().optional(),
    terms: z.object({ paymentSchedule: z.string().optional(), warranty: z.string().optional() }).loose().optional(),
    pricing: z
      .object({ subtotal: money, overheadAmount: money, profitAmount: money, notice: z.string() })
      .loose()
      .optional(),
  })
  .loose();
export type EstimateData = z.output<typeof estimateData>;

/** docs/spec.md §3 estimates; money stays a decimal string until shown. */
export const estimate = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  summary: z.string(),
  totalCost: money,
  currency: z.string(),
  laborCost: money,
  materialCost: money,
  equipmentCost: money,
  overheadPercentage: z.string(),
  profitMargin: z.string(),
  estimateData,
  status: z.enum(['draft', 'final', 'approved', 'archived']),
  generatedByAI: z.boolean(),
  pdfUrl: z.string().nullable().default(null),
  validUntil: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Estimate = z.output<typeof estimate>;

const decimalText = (field: string) =>
  z.union([z.number(), z.string()], { error: `${field} must be a number` }).transform(String);
const assemblyComponentInput = z.object(
  {
    name: z.string({ error: 'Each component needs a name' }),
    unit: z.string({ error: 'Each component needs a unit' }),
    perUnit: decimalText('Quantity per unit'),
    wastePercent: decimalText('Waste').default('0'),
    materialCost: decimalText('Material cost').default('0'),
    laborHours: decimalText('Labour hours').default('0'),
    equipmentCost: decimalText('Equipment cost').default('0'),
  },
  { error: 'Each component must be an object' },
);
export const assemblyBody = z.object(
  {
    name: z.string({ error: 'Assembly name is required' }),
    description: z.string({ error: 'Description must be text' }).default(''),
    division: z.string({ error: 'Division must be text' }).default(''),
    unit: z.string({ error: 'Unit is required' }),
    keywords: z.string({ error: 'Keywords must be text' }).default(''),
    components: z.array(assemblyComponentInput, { error: 'components must be a list' }),
  },
  { error: 'Send the assembly as a JSON object' },
);
export type AssemblyBody = z.input<typeof assemblyBody>;

/** One part of an assembly, per unit of the assembly; decimals as strings. */
export const assemblyComponent = z.object({
  name: z.string(),
  unit: z.string(),
  perUnit: z.string(),
  wastePercent: z.string(),
  materialCost: money,
  laborHours: z.string(),
  equipmentCost: money,
});
export type AssemblyComponent = z.output<typeof assemblyComponent>;

/** A priced recipe (a wall type, a floor build-up); a starter one has no id until the user saves their own. */
export const assembly = z.object({
  id: z.preprocess((value) => value || null, z.string().nullable()),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  division: z.string(),
  unit: z.string(),
  keywords: z.string(),
  kinds: z.array(z.string()).default([]),
  components: z.array(assemblyComponent).default([]),
  starter: z.boolean(),
  updatedAt: z.string().nullable().default(null),
});
export type Assembly = z.output<typeof assembly>;

/** A remembered choice: the material's source priced by this item or assembly. */
export const priceMapping = z.object({
  id: z.string(),
  sourceKey: z.string(),
  targetKind: priceKind,
  targetCode: z.string(),
  targetName: z.string(),
  updatedAt: z.string(),
});
export type PriceMapping = z.output<typeof priceMapping>;

export const estimateRoutes = {
  generate: apiRoute({
    method: 'POST',
    path: '/api/estimates/generate',
    summary: "Price the project's materials into an estimate with its PDF and spreadsheet",
    signedIn: true,
    body: generateEstimateBody,
    responses: { 201: { description: 'The estimate', schema: estimate } },
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/estimates',
    summary: "A project's estimates",
    signedIn: true,
    query: estimatesQuery,
    responses: { 200: { description: 'The estimates', schema: z.array(estimate) } },
  }),
  update: apiRoute({
    method: 'PATCH',
    path: '/api/estimates/{id}',
    summary: "Change an estimate's status",
    signedIn: true,
    body: updateEstimateBody,
    responses: { 200: { description: 'The estimate', schema: estimate } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/estimates/{id}',
    summary: 'Delete an estimate',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
  pdf: apiRoute({
    method: 'GET',
    path: '/api/estimates/{id}/pdf',
    summary: 'The estimate as a PDF (saved as estimate-{id}.pdf)',
    signedIn: true,
    responses: { 200: { description: 'The PDF', contentType: 'application/pdf' } },
  }),
  xlsx: apiRoute({
    method: 'GET',
    path: '/api/estimates/{id}/xlsx',
    summary: 'The estimate as a spreadsheet',
    signedIn: true,
    responses: {
      200: {
        description: 'The workbook',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    },
  }),
  choosePrice: apiRoute({
    method: 'POST',
    path: '/api/estimates/{id}/choices',
    summary: 'Price a "needs a price" material with a candidate; the choice is remembered',
    signedIn: true,
    body: choosePriceBody,
    responses: { 200: { description: 'The estimate, re-priced', schema: estimate } },
  }),
};

export const assemblyRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/assemblies',
    summary: "The starter assemblies and the user's own",
    signedIn: true,
    responses: { 200: { description: 'The assemblies', schema: z.array(assembly) } },
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/assemblies',
    summary: 'Save an assembly',
    signedIn: true,
    body: assemblyBody,
    responses: { 201: { description: 'The assembly', schema: assembly } },
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/assemblies/{id}',
    summary: 'Replace an assembly',
    signedIn: true,
    body: assemblyBody,
    responses: { 200: { description: 'The assembly', schema: assembly } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/assemblies/{id}',
    summary: 'Delete an assembly',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
};

export const priceMappingRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/price-mappings',
    summary: "The user's remembered price choices",
    signedIn: true,
    responses: { 200: { description: 'The choices', schema: z.array(priceMapping) } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/price-mappings/{id}',
    summary: 'Forget a remembered choice',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
};
