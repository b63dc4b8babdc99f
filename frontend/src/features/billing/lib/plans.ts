import type { Subscription } from '@kerf/contracts/http';

/** The plans of the pricing page (SPEC §3 Plan, §9): what the subscribe flow sells. */
export type PlanId = Subscription['plan'];

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Whole US dollars per period. */
  price: number;
  interval: 'month' | 'quarter' | 'year';
  savings?: string;
  features: readonly string[];
};

export const PLAN_FEATURES = [
  'Unlimited projects',
  'Full AI document analysis',
  'Advanced Excel export',
  'Priority support',
  'API access',
  '7-day free trial',
] as const;

export const PLANS: readonly Plan[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    description: 'Pay as you go, month to month. Cancel anytime.',
    price: 79,
    interval: 'month',
    features: PLAN_FEATURES,
  },
  {
    id: 'quarterly',
    name: 'Quarterly',
    description: 'Our most popular plan for contractors bidding every season.',
    price: 149,
    interval: 'quarter',
    savings: 'Save $88/year',
    features: PLAN_FEATURES,
  },
  {
    id: 'yearly',
    name: 'Yearly',
    description: 'The best value for estimators who bid all year round.',
    price: 499,
    interval: 'year',
    savings: 'Save $449/year',
    features: PLAN_FEATURES,
  },
];

export const DEFAULT_PLAN: PlanId = 'quarterly';

export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function isPlanId(value: string | null | undefined): value is PlanId {
  return PLANS.some((plan) => plan.id === value);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "149.00" (money travels as decimal strings) → "$149.00". */
export function formatUsd(amount: string | number): string {
  return USD.format(Number(amount));
}
