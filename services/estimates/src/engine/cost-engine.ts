import { CATALOGUE, CATALOGUE_NOTICE, type PriceItem } from './catalogue';
import type { Assembly, AssemblyComponent } from './assembly';
import { STARTER_ASSEMBLIES } from './starter-assemblies';
import {
  assemblyCandidate,
  decide,
  describeOrigin,
  itemCandidate,
  MAX_CANDIDATES,
  rank,
  sourceKey,
  type Candidate,
  type Decision,
  type MaterialInput,
  type PriceMapping,
  type ScoredCandidate,
} from './matching';
import { measuredFloorArea, selfCheck, type BuildingType, type FloorArea } from './checks';
import { divRoundHalfUp, formatCents, formatScaled, parseScaled, toCents } from './money';
import { dimensionOf, normalizeUnit } from '@kerf/takeoff';

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
  /** The user's own assemblies, beside the starter library. */
  assemblies?: Assembly[];
  /** The user's remembered choices (a layer, block, room or name → an item or assembly). */
  mappings?: PriceMapping[];
  /** The rooms the project's drawings measure; used when no material is the building's floor area. */
  drawingsFloorArea?: FloorArea;
  /** The building type the cost per square foot is checked against (default house). */
  buildingType?: BuildingType;
}

/** The cost figures of a priced line or of one component of an assembly (decimal strings). */
export interface CostFigures {
  quantity: string;
  unit: string;
  /** Per unit of the quantity; for an assembly the sum of its components per unit, for reading only. */
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

export interface PricedComponent extends CostFigures {
  name: string;
  /** The quantity here includes waste. */
  wastePercent: string;
}

export interface EstimateItem extends CostFigures {
  description: string;
  material: string;
  code: string;
  source: 'price-list' | 'catalogue' | 'starter-assembly' | 'your-assembly';
  /** Priced by one price item, or by an assembly's components. */
  kind: 'item' | 'assembly';
  /** The item's or assembly's name. */
  pricedBy: string;
  /** Why it matched: the kind of thing, the words, the category, the source layer or block. */
  reason: string;
  /** 0–1: how sure the match is (1 for a choice you made). */
  confidence: number;
  /** True when your earlier choice for this source priced it. */
  mapped: boolean;
  /** The quantity as taken off, before conversion, with where it came from. */
  sourceQuantity: { quantity: string; unit: string; origin?: string; proposed: boolean };
  /** Waste applied ("none", "10%", "5–12%"). */
  waste: string;
  /** An assembly's components; their totals add up to the line's. */
  components?: PricedComponent[];
  /** The key a different choice for this line is remembered under (as on a material that needs a price). */
  key: string;
  /** Other items or assemblies that could price it, to choose instead. */
  alternatives: PriceCandidate[];
}

export interface EstimateSection {
  name: string;
  subtotal: string;
  materialCost: string;
  laborCost: string;
  equipmentCost: string;
  items: EstimateItem[];
}

export interface PriceCandidate {
  kind: 'item' | 'assembly';
  code: string;
  name: string;
  unit: string;
  source: EstimateItem['source'];
  confidence: number;
  reason: string;
  /** What the line would cost (before overhead and profit) with this choice. */
  lineTotal: string;
}

export interface UnpricedMaterial {
  /** The key a choice for it is remembered under (layer:…, block:…, name:…). */
  key: string;
  name: string;
  quantity: string;
  unit: string;
  origin?: string;
  proposed: boolean;
  reason: string;
  candidates: PriceCandidate[];
}

export interface EstimateWarning {
  code:
    | 'cost-per-sq-ft'
    | 'no-floor-area'
    | 'dominant-line'
    | 'double-count'
    | 'unit-dimension'
    | 'needs-price'
    | 'proposed';
  message: string;
}

export interface EstimateData {
  timeline?: { duration: number; laborHours: string; crewSize: number };
  milestones?: { name: string; day: number; percentComplete: number }[];
  assumptions: string[];
  sections: EstimateSection[];
  unpriced: UnpricedMaterial[];
  /** The estimate's self-checks; each is also an assumption in the PDF. */
  warnings: EstimateWarning[];
  /** How many materials it was built from and how many of them are proposed (not yet kept). */
  materials: { total: number; priced: number; needsPrice: number; proposed: number };
  /** The measured floor area the cost per square foot is checked against, and where it came from. */
  floorArea: { sqFt: string; source: string } | null;
  costPerSqFt: string | null;
  terms: { paymentSchedule: string; warranty: string };
  /** The generation options, kept so a choice made on the estimate prices it again the same way. */
  options?: Record<string, unknown>;
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
  material: MaterialInput;
  kinds: string[];
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

interface Costed {
  cents: { material: bigint; labor: bigint; equipment: bigint; total: bigint };
  hours: bigint;
  units: { material: bigint; labor: bigint; equipment: bigint };
}

/** quantity (scaled 4) × unit costs, each rounded half-up to the cent, parts balanced to the total. */
function cost(
  quantity: bigint,
  unit: { materialCost: string; laborHours: string; equipmentCost: string },
  laborRateCents: bigint,
): Costed {
  const hoursPerUnit = parseScaled(unit.laborHours, QTY_SCALE);
  const matUnit = toCents(unit.materialCost);
  const eqUnit = toCents(unit.equipmentCost);
  const labUnit = divRoundHalfUp(hoursPerUnit * laborRateCents, QTY_BASE);
  const total = divRoundHalfUp(quantity * (matUnit + labUnit + eqUnit), QTY_BASE);
  const [material, labor, equipment] = balance(
    [
      divRoundHalfUp(quantity * matUnit, QTY_BASE),
      divRoundHalfUp(quantity * labUnit, QTY_BASE),
      divRoundHalfUp(quantity * eqUnit, QTY_BASE),
    ],
    total,
  ) as [bigint, bigint, bigint];
  return {
    cents: { material, labor, equipment, total },
    hours: divRoundHalfUp(quantity * hoursPerUnit, QTY_BASE),
    units: { material: matUnit, labor: labUnit, equipment: eqUnit },
  };
}

/** The material's quantity in the candidate's unit, scaled by 10^4; the float factor is applied once here only. */
function convertedQuantity(material: MaterialInput, factor: number): bigint {
  const raw = parseScaled(material.quantity, 8);
  return factor === 1
    ? divRoundHalfUp(raw, 10n ** 4n)
    : parseScaled(((Number(raw) / 1e8) * factor).toFixed(8), QTY_SCALE);
}

/** A component's quantity: driver × per-unit × (1 + waste), to 4 decimals; whole pieces for counts. */
function componentQuantity(driver: bigint, component: AssemblyComponent): bigint {
  const perUnit = parseScaled(component.perUnit, 6);
  const waste = parseScaled(component.wastePercent, 2); // basis points
  const exact = divRoundHalfUp(driver * perUnit * (10_000n + waste), 10n ** 6n * 10_000n);
  if (normalizeUnit(component.unit) === 'ea') return ((exact + QTY_BASE - 1n) / QTY_BASE) * QTY_BASE;
  return exact;
}

function wasteText(components: readonly AssemblyComponent[] | undefined): string {
  const values = (components ?? []).map((c) => Number(c.wastePercent)).filter((w) => w > 0);
  if (!values.length) return 'none';
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? `${min}%` : `${min}–${max}%`;
}

function priceLine(material: MaterialInput, scored: ScoredCandidate, mapped: boolean, laborRateCents: bigint): Line {
  const { candidate, factor } = scored;
  const converted = convertedQuantity(material, factor);
  const origin = describeOrigin(material.origin);
  const common = {
    description: candidate.name === material.name ? candidate.name : `${material.name} (${candidate.name})`,
    material: material.name,
    code: candidate.code,
    source: candidate.source,
    kind: candidate.kind,
    pricedBy: candidate.name,
    reason: scored.reason,
    confidence: scored.confidence,
    mapped,
    sourceQuantity: {
      quantity: material.quantity,
      unit: material.unit,
      ...(origin ? { origin } : {}),
      proposed: material.status === 'proposed',
    },
    quantity: formatScaled(converted, QTY_SCALE),
    unit: normalizeUnit(candidate.unit) ?? candidate.unit,
    key: sourceKey(material),
    alternatives: [] as PriceCandidate[],
  };
  if (candidate.kind === 'item' && candidate.item) {
    const c = cost(converted, candidate.item, laborRateCents);
    return {
      division: candidate.division,
      hours: c.hours,
      cents: c.cents,
      material,
      kinds: candidate.kinds,
      item: {
        ...common,
        waste: 'none',
        unitCost: formatCents(c.units.material + c.units.labor + c.units.equipment),
        materialUnitCost: formatCents(c.units.material),
        laborUnitCost: formatCents(c.units.labor),
        equipmentUnitCost: formatCents(c.units.equipment),
        laborHours: formatScaled(c.hours, QTY_SCALE),
        materialCost: formatCents(c.cents.material),
        laborCost: formatCents(c.cents.labor),
        equipmentCost: formatCents(c.cents.equipment),
        totalCost: formatCents(c.cents.total),
      },
    };
  }
  const assembly = candidate.assembly!;
  const totals = { material: 0n, labor: 0n, equipment: 0n, total: 0n };
  let hours = 0n;
  const components: PricedComponent[] = assembly.components.map((component) => {
    const quantity = componentQuantity(converted, component);
    const c = cost(quantity, component, laborRateCents);
    totals.material += c.cents.material;
    totals.labor += c.cents.labor;
    totals.equipment += c.cents.equipment;
    totals.total += c.cents.total;
    hours += c.hours;
    return {
      name: component.name,
      unit: component.unit,
      quantity: formatScaled(quantity, QTY_SCALE),
      wastePercent: component.wastePercent,
      unitCost: formatCents(c.units.material + c.units.labor + c.units.equipment),
      materialUnitCost: formatCents(c.units.material),
      laborUnitCost: formatCents(c.units.labor),
      equipmentUnitCost: formatCents(c.units.equipment),
      laborHours: formatScaled(c.hours, QTY_SCALE),
      materialCost: formatCents(c.cents.material),
      laborCost: formatCents(c.cents.labor),
      equipmentCost: formatCents(c.cents.equipment),
      totalCost: formatCents(c.cents.total),
    };
  });
  const perUnit = (cents: bigint) => (converted === 0n ? 0n : divRoundHalfUp(cents * QTY_BASE, converted));
  const [m, l, e] = [perUnit(totals.material), perUnit(totals.labor), perUnit(totals.equipment)];
  return {
    division: candidate.division,
    hours,
    cents: totals,
    material,
    kinds: candidate.kinds,
    item: {
      ...common,
      waste: wasteText(assembly.components),
      unitCost: formatCents(m + l + e),
      materialUnitCost: formatCents(m),
      laborUnitCost: formatCents(l),
      equipmentUnitCost: formatCents(e),
      laborHours: formatScaled(hours, QTY_SCALE),
      materialCost: formatCents(totals.material),
      laborCost: formatCents(totals.labor),
      equipmentCost: formatCents(totals.equipment),
      totalCost: formatCents(totals.total),
      components,
    },
  };
}

function invalidQuantity(material: MaterialInput): string | undefined {
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

/** Every price item and assembly the estimate may use, the user's own first. */
export function candidatesFor(options: Pick<EngineOptions, 'priceList' | 'assemblies'>): {
  own: Candidate[];
  all: Candidate[];
} {
  const own = [
    ...(options.priceList?.items ?? []).map((i) => itemCandidate(i, 'price-list')),
    ...(options.assemblies ?? []).map((a) => assemblyCandidate(a, 'your-assembly')),
  ];
  const all = [
    ...own,
    ...STARTER_ASSEMBLIES.map((a) => assemblyCandidate(a, 'starter-assembly')),
    ...CATALOGUE.map((i) => itemCandidate(i, 'catalogue')),
  ];
  return { own, all };
}

/** Prices a project's materials. Pure: the same materials and options give the same estimate. */
export function computeEstimate(materials: readonly MaterialInput[], options: EngineOptions): EngineResult {
  const laborRate = options.laborRate ?? DEFAULT_LABOR_RATE;
  const laborRateCents = toCents(laborRate);
  const crewSize = options.crewSize ?? DEFAULT_CREW_SIZE;
  const overheadBp = parseScaled(options.overheadPercentage, 2);
  const profitBp = parseScaled(options.profitMargin, 2);
  const { own, all } = candidatesFor(options);
  const mappings = options.mappings ?? [];

  const lines: Line[] = [];
  const unpriced: UnpricedMaterial[] = [];
  const dimensionFindings: string[] = [];
  for (const material of materials) {
    const invalid = invalidQuantity(material);
    let decision: Decision;
    if (invalid) decision = { status: 'needs-price', reason: invalid, candidates: [] };
    else {
      // A remembered choice first, then the user's own prices, then everything.
      decision = decide(material, all, mappings);
      if (!(decision.status === 'priced' && decision.mapped) && own.length) {
        const mine = decide(material, own);
        if (mine.status === 'priced') decision = mine;
      }
    }
    const offer = (c: ScoredCandidate): PriceCandidate => ({
      kind: c.candidate.kind,
      code: c.candidate.code,
      name: c.candidate.name,
      unit: normalizeUnit(c.candidate.unit) ?? c.candidate.unit,
      source: c.candidate.source,
      confidence: c.confidence,
      reason: c.reason,
      lineTotal: formatCents(priceLine(material, c, false, laborRateCents).cents.total),
    });
    if (decision.status === 'priced') {
      const line = priceLine(material, decision, decision.mapped, laborRateCents);
      const chosen = decision.candidate;
      line.item.alternatives = rank(material, all)
        .filter((c) => !(c.candidate.kind === chosen.kind && c.candidate.code === chosen.code))
        .slice(0, MAX_CANDIDATES - 1)
        .map(offer);
      lines.push(line);
      continue;
    }
    if (/^its quantity is/.test(decision.reason)) dimensionFindings.push(`${material.name}: ${decision.reason}`);
    const origin = describeOrigin(material.origin);
    unpriced.push({
      key: sourceKey(material),
      name: material.name,
      quantity: material.quantity,
      unit: material.unit,
      ...(origin ? { origin } : {}),
      proposed: material.status === 'proposed',
      reason: decision.reason,
      candidates: decision.candidates.map(offer),
    });
  }
  // A priced line's unit must measure what its material measures (the matcher guarantees it; the check proves it).
  for (const line of lines) {
    const from = dimensionOf(line.material.unit);
    const to = dimensionOf(line.item.unit);
    if (from !== to)
      dimensionFindings.push(`${line.material.name}: ${line.material.unit} priced per ${line.item.unit}`);
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

  const floorArea = measuredFloorArea(materials, options.drawingsFloorArea);
  const checks = selfCheck({
    // A whole-building per-floor-area assembly carries most of the cost by design; it is not a line to flag.
    lines: lines.map((l) => ({
      name: l.item.description,
      total: l.cents.total,
      wholeBuilding: l.kinds.includes('floor-area'),
      kinds: l.kinds,
    })),
    subtotal,
    total,
    floorArea,
    buildingType: options.buildingType ?? 'house',
    dimensionFindings,
    unpriced: unpriced.length,
    proposed: materials.filter((m) => m.status === 'proposed').length,
    materials: materials.length,
  });

  const assumptions = [
    `Labour priced at $${laborRate} per hour with a crew of ${crewSize} working ${HOURS_PER_CREW_DAY}-hour days.`,
    options.priceList
      ? `Prices from your price list "${options.priceList.name}" where it has the item; otherwise the starter assemblies and catalogue. ${CATALOGUE_NOTICE}`
      : CATALOGUE_NOTICE,
    `Each line is priced only by an item or assembly measured the same way (length, area, volume, count) and of the same kind of work; assemblies add the waste shown per component, single price items add none.`,
    floorArea
      ? `Measured floor area: ${floorArea.sqFt.toLocaleString('en-US', { maximumFractionDigits: 1 })} sq ft, ${floorArea.source}.`
      : 'No measured floor area: the cost per square foot is not checked.',
    ...checks.warnings.map((w) => `Check: ${w.message}`),
    ...unpriced.map(
      (u) => `Needs a price: ${u.name}, ${u.quantity} ${u.unit}: ${u.reason}; not included in the total.`,
    ),
    'Permits, fees, taxes and site conditions not shown in the documents are excluded.',
  ];

  const estimateData: EstimateData = {
    assumptions,
    sections,
    unpriced,
    warnings: checks.warnings,
    materials: {
      total: materials.length,
      priced: lines.length,
      needsPrice: unpriced.length,
      proposed: materials.filter((m) => m.status === 'proposed').length,
    },
    floorArea: floorArea ? { sqFt: floorArea.sqFt.toFixed(1), source: floorArea.source } : null,
    costPerSqFt: checks.costPerSqFt,
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
