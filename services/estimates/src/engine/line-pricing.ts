/**
 * One material priced by one price item or assembly: its quantity in the
 * candidate's unit, each component's quantity with waste, and every cost in
 * integer cents, rounded half-up and balanced to the line's total.
 */
import type { AssemblyComponent } from './assembly';
import type { CostFigures, EstimateItem, PriceCandidate, PricedComponent } from './estimate-data';
import { describeOrigin, sourceKey, type MaterialInput, type ScoredCandidate } from './matching';
import { divRoundHalfUp, formatCents, formatScaled, parseScaled, toCents } from './money';
import { normalizeUnit } from '@kerf/takeoff';

/** Quantities are carried to 4 decimals (after any unit conversion); labour hours per unit too. */
export const QTY_SCALE = 4;
export const QTY_BASE = 10n ** BigInt(QTY_SCALE);

/** A priced line with the figures the estimate adds up: its division, integer cents, labour hours and kinds. */
export interface Line {
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

/** The cost figures of a line or component as the estimate writes them (its quantity and unit aside). */
function figuresOf(c: Costed): Omit<CostFigures, 'quantity' | 'unit'> {
  return {
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

export function priceLine(
  material: MaterialInput,
  scored: ScoredCandidate,
  mapped: boolean,
  laborRateCents: bigint,
): Line {
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
        ...figuresOf(c),
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
      ...figuresOf(c),
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
      ...figuresOf({ cents: totals, hours, units: { material: m, labor: l, equipment: e } }),
      components,
    },
  };
}
