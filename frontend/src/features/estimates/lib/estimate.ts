/** SPEC §3 estimates as the gateway sends them; money stays a string until shown. */
export interface EstimateComponent {
  name: string;
  unit: string;
  quantity: string;
  wastePercent: string;
  unitCost: string;
  materialCost: string;
  laborCost: string;
  equipmentCost: string;
  totalCost: string;
}

export interface EstimateItem {
  description: string;
  quantity: string;
  unit: string;
  unitCost: string;
  totalCost: string;
  material?: string;
  code?: string;
  kind?: 'item' | 'assembly';
  pricedBy?: string;
  reason?: string;
  confidence?: number;
  mapped?: boolean;
  sourceQuantity?: { quantity: string; unit: string; origin?: string; proposed: boolean };
  waste?: string;
  materialCost?: string;
  laborCost?: string;
  equipmentCost?: string;
  components?: EstimateComponent[];
  key?: string;
  alternatives?: PriceCandidate[];
}

export interface EstimateSection {
  name: string;
  subtotal: string;
  items: EstimateItem[];
}

export interface PriceCandidate {
  kind: 'item' | 'assembly';
  code: string;
  name: string;
  unit: string;
  confidence: number;
  reason: string;
  lineTotal: string;
}

export interface UnpricedMaterial {
  key: string;
  name: string;
  quantity: string;
  unit: string;
  origin?: string;
  proposed?: boolean;
  reason: string;
  candidates?: PriceCandidate[];
}

export interface EstimateWarning {
  code: string;
  message: string;
}

export interface EstimateData {
  timeline?: { duration: number; laborHours?: string; crewSize?: number };
  milestones?: { name: string; day: number; percentComplete: number }[];
  assumptions?: string[];
  sections?: EstimateSection[];
  unpriced?: UnpricedMaterial[];
  warnings?: EstimateWarning[];
  materials?: { total: number; priced: number; needsPrice: number; proposed: number };
  floorArea?: { sqFt: string; source: string } | null;
  costPerSqFt?: string | null;
  terms?: { paymentSchedule?: string; warranty?: string };
  pricing?: { subtotal: string; overheadAmount: string; profitAmount: string; notice: string };
}

export type EstimateStatus = 'draft' | 'final' | 'approved' | 'archived';

export interface Estimate {
  id: string;
  projectId: string;
  title: string;
  summary: string;
  totalCost: string;
  currency: string;
  laborCost: string;
  materialCost: string;
  equipmentCost: string;
  overheadPercentage: string;
  profitMargin: string;
  estimateData: EstimateData;
  status: EstimateStatus;
  generatedByAI: boolean;
  pdfUrl: string | null;
  validUntil: string;
  createdAt: string;
  updatedAt: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money in USD format (SPEC §4): "1234.5" → "$1,234.50". */
export function formatUsd(value: string | number | null | undefined): string {
  const n = Number(value ?? 0);
  return usd.format(Number.isFinite(n) ? n : 0);
}

/** A quantity as a person writes it: "716.3", "2,261" (the exact value stays in the data). */
export function formatQuantity(value: string | number | undefined): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n)) return String(value ?? '');
  return n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) >= 100 ? 1 : 2 });
}

/** SPEC §4: secondary for draft and archived, default for final and approved. */
export function badgeVariant(status: string): 'secondary' | 'default' {
  return status === 'final' || status === 'approved' ? 'default' : 'secondary';
}

/** SPEC §5: a non-numeric input becomes 0. */
export function numberOrZero(raw: string): number {
  const n = Number(raw);
  return raw.trim() === '' || !Number.isFinite(n) ? 0 : n;
}

/** SPEC §4 generation progress. */
export const PROGRESS_STEPS = [
  { value: 10, label: 'Analyzing conversation history...' },
  { value: 30, label: 'Processing documents with AI...' },
  { value: 60, label: 'Calculating costs and generating estimate...' },
  { value: 90, label: 'Creating professional PDF...' },
  { value: 100, label: 'Complete!' },
] as const;
