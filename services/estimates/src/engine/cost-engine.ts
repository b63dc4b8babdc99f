import { CATALOGUE, CATALOGUE_NOTICE, type PriceItem } from './catalogue';
import type { Assembly } from './assembly';
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
import type { EngineResult, EstimateData, EstimateSection, PriceCandidate, UnpricedMaterial } from './estimate-data';
import { priceLine, QTY_BASE, QTY_SCALE, type Line } from './line-pricing';
import { divRoundHalfUp, formatCents, formatScaled, parseScaled, toCents } from './money';
import { dimensionOf, normalizeUnit } from '@kerf/takeoff';

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

export const FORMULA =
  'subtotal = material + labour + equipment; overhead = subtotal × overhead %; profit = (subtotal + overhead) × profit %; total = subtotal + overhead + profit; each step rounded half-up to the cent.';

export const DEFAULT_TERMS = {
  paymentSchedule:
    '30% deposit on signing, 40% at the midpoint of the work, 30% on completion; invoices due within 30 days.',
  warranty:
    'One-year warranty on workmanship from substantial completion; materials carry their manufacturers’ warranties.',
};

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
      ...(decision.status === 'needs-price' && decision.kept ? { kept: true } : {}),
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

  // An existing floor kept as it is lacks no price: it is listed, not counted as missing one.
  const needsPrice = unpriced.filter((u) => !u.kept);
  const floorArea = measuredFloorArea(materials, options.drawingsFloorArea);
  const checks = selfCheck({
    // A whole-building per-floor-area assembly carries most of the cost by design; it is not a line to flag.
    lines: lines.map((l) => ({
      name: l.item.description,
      total: l.cents.total,
      wholeBuilding: l.kinds.includes('floor-area'),
      kinds: l.kinds,
      division: l.division,
    })),
    subtotal,
    total,
    floorArea,
    buildingType: options.buildingType ?? 'house',
    dimensionFindings,
    unpriced: needsPrice.length,
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
    ...unpriced.map((u) =>
      u.kept
        ? `Not priced: ${u.name}, ${u.quantity} ${u.unit}: ${u.reason}.`
        : `Needs a price: ${u.name}, ${u.quantity} ${u.unit}: ${u.reason}; not included in the total.`,
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
      needsPrice: needsPrice.length,
      kept: unpriced.length - needsPrice.length,
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
