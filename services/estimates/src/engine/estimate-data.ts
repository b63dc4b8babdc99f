/** What the cost engine makes of a project's materials: priced lines by division, what needs a price, the checks and totals. */

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
  /** Kept as it is (an existing floor its schedule keeps): not priced, and no price is missing. */
  kept?: boolean;
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
  /** `kept`: materials kept as they are (existing floors), not priced and not counted as needing a price. */
  materials: { total: number; priced: number; needsPrice: number; kept: number; proposed: number };
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
