import { CATALOGUE, CATALOGUE_NOTICE, type PriceItem } from './catalogue';
import { matchMaterial, type CandidateItem, type MaterialInput } from './matching';
import { divRoundHalfUp, formatCents, formatScaled, parseScaled, toCents } from './money';
import { normalizeUnit } from './units';

/** Quantities are carried to 4 decimals (after any unit conversion); labour hours per unit too. */
export const QTY_SCALE = 4;
const QTY_BASE = 10n ** BigInt(QTY_SCALE);

export const DEFAULT_LABOR_RATE = '65.00';
export const DEFAULT_CREW_SIZE = 4;
export const HOURS_PER_CREW_DAY = 8;

export interface EngineOptions {
  /** Percent with up to two decimals, 0–50. */
  overheadPercentage: string;
  /** Percent with up to two decimals, 0–30. */
  profitMargin: string;
  includeTimeline: boolean;
  includeMilestones: boolean;
  /** USD per labour hour, e.g. "65.00". */
  laborRate?: string;
  crewSize?: number;
  /** The user's chosen price list; its items take precedence over the catalogue. */
  priceList?: { name: string; items: PriceItem[] };
}

export interface EstimateItem {
  description: string;
  material: string;
  code: string;
  source: 'price-list' | 'catalogue';
  quantity: string;
  unit: string;
  unitCost: string;
  materialUnitCost: string;
  laborUnitCost: string;
  equipmentUnitCost: string;
  laborHours: string;
  materialCost: string;
  laborCost: string;
  equipmentCost: string;
  totalCost: string;
}

export interface EstimateSection {
  name: string;
  subtotal: string;
  materialCost: string;
  laborCost: string;
  equipmentCost: string;
  items: EstimateItem[];
}

export interface UnpricedMaterial {
  name: string;
  quantity: string;
  unit: string;
  reason: string;
}

export interface EstimateData {
  timeline?: { duration: number; laborHours: string; crewSize: number };
  milestones?: { name: string; day: number; percentComplete: number }[];
  assumptions: string[];
  sections: EstimateSection[];
  unpriced: UnpricedMaterial[];
  terms: { paymentSchedule: string; warranty: string };
  pricing: {
    laborRate: string;
    crewSize: number;
    priceList: string | null;
    notice: string;
    subtotal: string;
    overheadAmount: string;
    profitAmount: string;
    formula: string;
  };
}

export interface EngineResult {
  materialCost: string;
  laborCost: string;
  equipmentCost: string;
  subtotal: string;
  overheadAmount: string;
  profitAmount: string;
  totalCost: string;
  overheadPercentage: string;
  profitMargin: string;
  estimateData: EstimateData;
}

export const FORMULA =
  'subtotal = material + labour + equipment; overhead = subtotal × overhead %; profit = (subtotal + overhead) × profit %; total = subtotal + overhead + profit; each step rounded half-up to the cent.';

export const DEFAULT_TERMS = {
  paymentSchedule:
    '30% deposit on signing, 40% at the midpoint of the work, 30% on completion; invoices due within 30 days.',
  warranty:
    'One-year warranty on workmanship from substantial completion; materials carry their manufacturers’ warranties.',
};

interface Line {
  division: string;
  item: EstimateItem;
  cents: { material: bigint; labor: bigint; equipment: bigint; total: bigint };
  hours: bigint; // scaled by QTY_BASE
}

/** Splits rounding remainder so material + labour + equipment equals the item total exactly. */
function balance(parts: bigint[], total: bigint): bigint[] {
  const sum = parts.reduce((a, b) => a + b, 0n);
  const remainder = total - sum;
  if (remainder === 0n) return parts;
  let largest = 0;
  parts.forEach((p, i) => {
    if (p > parts[largest]!) largest = i;
  });
  const out = [...parts];
  out[largest] = out[largest]! + remainder;
  return out;
}

function priceLine(material: MaterialInput, item: CandidateItem, factor: number, laborRateCents: bigint): Line {
  const rawQuantity = parseScaled(material.quantity, 8);
  // The converted quantity, rounded half-up to 4 decimals; the float factor is applied once here only.
  const converted =
    factor === 1
      ? divRoundHalfUp(rawQuantity, 10n ** 4n)
      : parseScaled(((Number(rawQuantity) / 1e8) * factor).toFixed(8), QTY_SCALE);
  const hoursPerUnit = parseScaled(item.laborHours, QTY_SCALE);
  const matUnit = toCents(item.materialCost);
  const eqUnit = toCents(item.equipmentCost);
  const labUnit = divRoundHalfUp(hoursPerUnit * laborRateCents, QTY_BASE);
  const unitCost = matUnit + labUnit + eqUnit;
  const total = divRoundHalfUp(converted * unitCost, QTY_BASE);
  const [mat, lab, eq] = balance(
    [
      divRoundHalfUp(converted * matUnit, QTY_BASE),
      divRoundHalfUp(converted * labUnit, QTY_BASE),
      divRoundHalfUp(converted * eqUnit, QTY_BASE),
    ],
    total,
  ) as [bigint, bigint, bigint];
  const hours = divRoundHalfUp(converted * hoursPerUnit, QTY_BASE);
  return {
    division: item.division,
    hours,
    cents: { material: mat, labor: lab, equipment: eq, total },
    item: {
      description: item.name === material.name ? item.name : `${material.name} (${item.name})`,
      material: material.name,
      code: item.code,
      source: item.source,
      quantity: formatScaled(converted, QTY_SCALE),
      unit: normalizeUnit(item.unit) ?? item.unit,
      unitCost: formatCents(unitCost),
      materialUnitCost: formatCents(matUnit),
      laborUnitCost: formatCents(labUnit),
      equipmentUnitCost: formatCents(eqUnit),
      laborHours: formatScaled(hours, QTY_SCALE),
      materialCost: formatCents(mat),
      laborCost: formatCents(lab),
      equipmentCost: formatCents(eq),
      totalCost: formatCents(total),
    },
  };
}

function unpricedReason(material: MaterialInput): string | undefined {
  let quantity: bigint;
  try {
    quantity = parseScaled(material.quantity, 8);
  } catch {
    return `the quantity "${material.quantity}" is not a number`;
  }
  if (quantity <= 0n) return 'the quantity is not positive';
  if (!normalizeUnit(material.unit)) return `the unit "${material.unit}" is not one the cost engine knows`;
  return undefined;
}

/** Prices a project's materials. Pure: the same materials and options give the same estimate. */
export function computeEstimate(materials: readonly MaterialInput[], options: EngineOptions): EngineResult {
  const laborRate = options.laborRate ?? DEFAULT_LABOR_RATE;
  const laborRateCents = toCents(laborRate);
  const crewSize = options.crewSize ?? DEFAULT_CREW_SIZE;
  const overheadBp = parseScaled(options.overheadPercentage, 2);
  const profitBp = parseScaled(options.profitMargin, 2);
  // A price list overrides the catalogue: its best match wins whenever it has one.
  const own: CandidateItem[] = (options.priceList?.items ?? []).map((i) => ({ ...i, source: 'price-list' as const }));
  const catalogue: CandidateItem[] = CATALOGUE.map((i) => ({ ...i, source: 'catalogue' as const }));

  const lines: Line[] = [];
  const unpriced: UnpricedMaterial[] = [];
  for (const material of materials) {
    const reason = unpricedReason(material);
    const match = reason ? undefined : (matchMaterial(material, own) ?? matchMaterial(material, catalogue));
    if (!match) {
      unpriced.push({
        name: material.name,
        quantity: material.quantity,
        unit: material.unit,
        reason: reason ?? `no price item matches its name and unit (${material.unit})`,
      });
      continue;
    }
    lines.push(priceLine(material, match.item, match.factor, laborRateCents));
  }

  const byDivision = new Map<string, Line[]>();
  for (const line of [...lines].sort((a, b) => a.division.localeCompare(b.division))) {
    byDivision.set(line.division, [...(byDivision.get(line.division) ?? []), line]);
  }
  const sum = (ls: Line[], key: keyof Line['cents']) => ls.reduce((acc, l) => acc + l.cents[key], 0n);
  const sections: EstimateSection[] = [...byDivision].map(([name, ls]) => ({
    name,
    subtotal: formatCents(sum(ls, 'total')),
    materialCost: formatCents(sum(ls, 'material')),
    laborCost: formatCents(sum(ls, 'labor')),
    equipmentCost: formatCents(sum(ls, 'equipment')),
    items: ls.map((l) => l.item),
  }));

  const material = sum(lines, 'material');
  const labor = sum(lines, 'labor');
  const equipment = sum(lines, 'equipment');
  const subtotal = material + labor + equipment;
  const overhead = divRoundHalfUp(subtotal * overheadBp, 10_000n);
  const profit = divRoundHalfUp((subtotal + overhead) * profitBp, 10_000n);
  const total = subtotal + overhead + profit;

  const totalHours = lines.reduce((acc, l) => acc + l.hours, 0n);
  const crewHoursPerDay = BigInt(crewSize * HOURS_PER_CREW_DAY) * QTY_BASE;
  const days = totalHours === 0n ? 0 : Number((totalHours + crewHoursPerDay - 1n) / crewHoursPerDay);

  const assumptions = [
    `Labour priced at $${laborRate} per hour with a crew of ${crewSize} working ${HOURS_PER_CREW_DAY}-hour days.`,
    options.priceList
      ? `Prices from your price list "${options.priceList.name}" where it has the item; otherwise the starter catalogue. ${CATALOGUE_NOTICE}`
      : CATALOGUE_NOTICE,
    'Quantities are taken from the project materials list as recorded; waste factors are not added.',
    ...unpriced.map((u) => `Unpriced: ${u.name}, ${u.quantity} ${u.unit}: ${u.reason}; not included in the total.`),
    'Permits, fees, taxes and site conditions not shown in the documents are excluded.',
  ];

  const estimateData: EstimateData = {
    assumptions,
    sections,
    unpriced,
    terms: DEFAULT_TERMS,
    pricing: {
      laborRate,
      crewSize,
      priceList: options.priceList?.name ?? null,
      notice: CATALOGUE_NOTICE,
      subtotal: formatCents(subtotal),
      overheadAmount: formatCents(overhead),
      profitAmount: formatCents(profit),
      formula: FORMULA,
    },
  };
  if (options.includeTimeline) {
    estimateData.timeline = { duration: days, laborHours: formatScaled(totalHours, QTY_SCALE), crewSize };
  }
  if (options.includeMilestones) estimateData.milestones = milestones(days, byDivision);

  return {
    materialCost: formatCents(material),
    laborCost: formatCents(labor),
    equipmentCost: formatCents(equipment),
    subtotal: formatCents(subtotal),
    overheadAmount: formatCents(overhead),
    profitAmount: formatCents(profit),
    totalCost: formatCents(total),
    overheadPercentage: formatCents(overheadBp),
    profitMargin: formatCents(profitBp),
    estimateData,
  };
}

/** A milestone at the end of each division's share of the labour, in division order. */
function milestones(days: number, byDivision: Map<string, Line[]>) {
  const hours = [...byDivision].map(([name, ls]) => [name, ls.reduce((a, l) => a + l.hours, 0n)] as const);
  const total = hours.reduce((a, [, h]) => a + h, 0n);
  const out: { name: string; day: number; percentComplete: number }[] = [
    { name: 'Mobilisation and site set-up', day: 0, percentComplete: 0 },
  ];
  let done = 0n;
  for (const [name, h] of hours) {
    done += h;
    const share = total === 0n ? 1 : Number((done * 10_000n) / total) / 10_000;
    out.push({ name: `${name} complete`, day: Math.ceil(days * share), percentComplete: Math.round(share * 100) });
  }
  out.push({ name: 'Final inspection and handover', day: days, percentComplete: 100 });
  return out;
}
