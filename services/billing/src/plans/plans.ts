/**
 * The plans of the pricing page (SPEC §9), each with a 7-day trial. Prices are
 * integer cents; they leave the service as decimal strings.
 */
export const PLAN_IDS = ['monthly', 'quarterly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  priceCents: number;
  /** Length of one billing period in months. */
  months: number;
}

export const PLANS: Record<PlanId, Plan> = {
  monthly: { id: 'monthly', priceCents: 7_900, months: 1 },
  quarterly: { id: 'quarterly', priceCents: 14_900, months: 3 },
  yearly: { id: 'yearly', priceCents: 49_900, months: 12 },
};

export const TRIAL_DAYS = 7;
export const CURRENCY = 'USD';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Cents as the decimal string money travels as: 14900 → "149.00". */
export function formatCents(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The same calendar day `months` later (clamped to the month's last day, as Stripe bills). */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
