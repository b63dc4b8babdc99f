/** docs/spec.md §3 estimates as the gateway sends them; money stays a string until shown. */
export type {
  Estimate,
  EstimateComponent,
  EstimateData,
  EstimateItem,
  EstimateSection,
  EstimateStatus,
  EstimateWarning,
  PriceCandidate,
  UnpricedMaterial,
} from '@kerf/contracts/http';

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
