import { classify } from './concepts';
import type { EstimateWarning } from './estimate-data';
import { describeOrigin, sourceKey, type MaterialInput } from './matching';
import { formatCents } from './money';
import { conversionFactor, dimensionOf } from '@kerf/takeoff';

export interface FloorArea {
  sqFt: number;
  /** Where it came from, as the estimate says it ("the room areas of plan.dxf"). */
  source: string;
}

/**
 * Typical all-in construction cost per square foot of floor area (excluding land),
 * US, mid-2020s: a builder-grade to custom single-family house runs about $100 to
 * $400 per sq ft (national new-construction surveys and unit-cost books put the
 * middle of the market near $150–$250).
 */
export const TYPICAL_COST_PER_SQ_FT = {
  house: { label: 'a house', low: 100, high: 400 },
} as const;
export type BuildingType = keyof typeof TYPICAL_COST_PER_SQ_FT;

/**
 * What a whole-building per-floor-area assembly (A-HOUSE-AREA) already prices:
 * a line of one of these kinds beside it may count the same work twice.
 */
const WHOLE_BUILDING_INCLUDES = new Set([
  'foundation',
  'slab',
  'concrete',
  'rebar',
  'vapor-barrier',
  'roof',
  'truss',
  'rafter',
  'gutter',
  'insulation',
  'gypsum',
  'ceiling',
  'paint',
  'flooring',
  'casework',
  'countertop',
  'plumbing-fixture',
  'pipe',
  'water-heater',
  'electrical-device',
  'light',
  'wire',
  'conduit',
  'hvac-equipment',
  'duct',
]);

/** A single line above this share of the subtotal is flagged. */
export const DOMINANT_LINE_PERCENT = 35;

const sqFtOf = (m: MaterialInput): number | undefined => {
  if (dimensionOf(m.unit) !== 'area') return undefined;
  const factor = conversionFactor(m.unit, 'sq ft');
  const value = Number(m.quantity);
  return factor !== undefined && Number.isFinite(value) && value > 0 ? value * factor : undefined;
};

/**
 * The measured floor area the cost per square foot is checked against, the most
 * defensible first: a material that is the building's floor area (a footprint, a
 * gross floor area: the largest); else the rooms the drawings measure (one
 * drawing's); else the room areas among the materials (each room once).
 */
export function measuredFloorArea(materials: readonly MaterialInput[], drawings?: FloorArea): FloorArea | undefined {
  let largest: { m: MaterialInput; sqFt: number } | undefined;
  for (const m of materials) {
    const sqFt = sqFtOf(m);
    if (sqFt === undefined || classify(m.name)?.concept.id !== 'floor-area') continue;
    if (!largest || sqFt > largest.sqFt) largest = { m, sqFt };
  }
  if (largest) {
    const origin = describeOrigin(largest.m.origin);
    return { sqFt: largest.sqFt, source: `from the material "${largest.m.name}"${origin ? ` (${origin})` : ''}` };
  }
  if (drawings && drawings.sqFt > 0) return drawings;
  const rooms = new Map<string, { m: MaterialInput; sqFt: number }>();
  for (const m of materials) {
    const sqFt = sqFtOf(m);
    const isRoom = m.origin?.kind === 'room' || ['room', 'dwelling-room'].includes(classify(m.name)?.concept.id ?? '');
    if (sqFt !== undefined && isRoom) rooms.set(sourceKey(m), { m, sqFt });
  }
  if (!rooms.size) return undefined;
  const total = [...rooms.values()].reduce((a, r) => a + r.sqFt, 0);
  const names = [...rooms.values()].map((r) => r.m.origin?.ref ?? r.m.name);
  return {
    sqFt: total,
    source: `the sum of ${rooms.size} room area${rooms.size === 1 ? '' : 's'} among the materials (${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''})`,
  };
}

const usd = (cents: bigint) => `$${Number(formatCents(cents)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

export interface CheckInput {
  lines: { name: string; total: bigint; wholeBuilding?: boolean; kinds?: readonly string[]; division?: string }[];
  subtotal: bigint;
  total: bigint;
  floorArea?: FloorArea;
  buildingType: BuildingType;
  dimensionFindings: string[];
  unpriced: number;
  proposed: number;
  materials: number;
}

/** The estimate's self-checks, each a warning a person can act on. */
export function selfCheck(input: CheckInput): { warnings: EstimateWarning[]; costPerSqFt: string | null } {
  const warnings: EstimateWarning[] = [];
  let costPerSqFt: string | null = null;
  const type = TYPICAL_COST_PER_SQ_FT[input.buildingType];
  if (input.floorArea && input.floorArea.sqFt > 0) {
    const areaHundredths = BigInt(Math.round(input.floorArea.sqFt * 100));
    const perSqFt = areaHundredths > 0n ? (input.total * 100n + areaHundredths / 2n) / areaHundredths : 0n;
    costPerSqFt = formatCents(perSqFt);
    const dollars = Number(costPerSqFt);
    const range = `$${type.low}–$${type.high} per sq ft typical for ${type.label} (US, mid-2020s)`;
    // Lines of one trade only (a finish plan's floors) are part of a building: no whole building's cost measures them.
    const divisions = new Set(input.lines.map((l) => l.division));
    const [trade] = divisions;
    if (divisions.size === 1 && trade && !input.lines.some((l) => l.wholeBuilding)) {
      warnings.push({
        code: 'cost-per-sq-ft',
        message: `The total is ${usd(perSqFt)} per sq ft of measured floor area for ${trade} alone, one trade of the building, so it is not held against the ${range}.`,
      });
    } else if (dollars < type.low) {
      warnings.push({
        code: 'cost-per-sq-ft',
        message: `The total is ${usd(perSqFt)} per sq ft of measured floor area, below the ${range}: scope is probably missing${input.unpriced ? ` (${input.unpriced} material${input.unpriced === 1 ? '' : 's'} still need a price)` : ''}.`,
      });
    } else if (dollars > type.high) {
      warnings.push({
        code: 'cost-per-sq-ft',
        message: `The total is ${usd(perSqFt)} per sq ft of measured floor area, above the ${range}: look for a double count or a line priced by the wrong item.`,
      });
    }
  } else {
    warnings.push({
      code: 'no-floor-area',
      message: 'No measured floor area is known, so the cost per square foot cannot be checked.',
    });
  }
  if (input.lines.length > 1 && input.subtotal > 0n) {
    for (const line of input.lines) {
      if (line.wholeBuilding) continue;
      const share = Number((line.total * 1000n) / input.subtotal) / 10;
      if (share > DOMINANT_LINE_PERCENT) {
        warnings.push({
          code: 'dominant-line',
          message: `"${line.name}" is ${share.toFixed(1)}% of the subtotal (more than ${DOMINANT_LINE_PERCENT}%): check its quantity and price.`,
        });
      }
    }
  }
  const wholeBuilding = input.lines.find((line) => line.wholeBuilding);
  if (wholeBuilding) {
    const repeats = input.lines.filter(
      (line) => !line.wholeBuilding && line.kinds?.some((kind) => WHOLE_BUILDING_INCLUDES.has(kind)),
    );
    if (repeats.length) {
      warnings.push({
        code: 'double-count',
        message: `"${wholeBuilding.name}" already prices the foundations, slab, roof, ceilings, floors, cabinets and MEP of the floor area; ${repeats.length === 1 ? 'this line' : 'these lines'} may count the same work twice: ${repeats.map((line) => `"${line.name}"`).join(', ')}. Remove the line or price the floor area another way.`,
      });
    }
  }
  for (const finding of input.dimensionFindings) {
    warnings.push({
      code: 'unit-dimension',
      message: `${finding}; the quantity and the price unit must measure the same thing, so it is not priced.`,
    });
  }
  if (input.unpriced) {
    warnings.push({
      code: 'needs-price',
      message: `${input.unpriced} of ${input.materials} material${input.materials === 1 ? '' : 's'} need${input.unpriced === 1 ? 's' : ''} a price and ${input.unpriced === 1 ? 'is' : 'are'} not in the total.`,
    });
  }
  if (input.proposed) {
    warnings.push({
      code: 'proposed',
      message: `This estimate includes ${input.proposed} proposed material${input.proposed === 1 ? '' : 's'} not yet kept in the materials list.`,
    });
  }
  return { warnings, costPerSqFt };
}
