import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import type { PlanId } from '@/features/billing/lib/plans';

/** GET /api/subscription: the user's subscription, money as a decimal string. */
export type Subscription = {
  id: string;
  plan: PlanId;
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
  amount: string;
  currency: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  createdAt: string;
};

export type BillingConfig = { provider: 'local' | 'stripe'; publishableKey: string | null };

export const subscriptionQueryKey = ['/api/subscription'] as const;

export function useSubscription() {
  return useQuery(
    queryOptions({
      queryKey: subscriptionQueryKey,
      queryFn: getQueryFn<{ subscription: Subscription | null }>({ on401: 'throw' }),
      select: (data) => data.subscription,
      retry: false,
    }),
  );
}

/** Which card form to show: Stripe's Payment Element, or the local test form. */
export function useBillingConfig() {
  return useQuery(
    queryOptions({
      queryKey: ['/api/billing/config'] as const,
      queryFn: getQueryFn<BillingConfig>({ on401: 'throw' }),
      staleTime: Infinity,
      retry: false,
    }),
  );
}

/** POST /api/subscription/create (SPEC §4 subscribe flow, step 1). */
export async function createSubscription(plan: PlanId): Promise<{ clientSecret: string; subscriptionId: string }> {
  return (await (await apiRequest('POST', '/api/subscription/create', { plan })).json()) as {
    clientSecret: string;
    subscriptionId: string;
  };
}

/** POST /api/subscription/confirm (step 3): the trial starts once the card setup succeeded. */
export async function confirmSubscription(subscriptionId: string, plan: PlanId): Promise<Subscription> {
  const res = await apiRequest('POST', '/api/subscription/confirm', { subscriptionId, plan });
  return ((await res.json()) as { subscription: Subscription }).subscription;
}

export async function cancelSubscription(): Promise<Subscription> {
  return ((await (await apiRequest('POST', '/api/subscription/cancel')).json()) as { subscription: Subscription })
    .subscription;
}

/** The local provider's card check (the stand-in for Stripe.js confirmSetup). */
export async function confirmLocalCard(card: {
  clientSecret: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}): Promise<void> {
  await apiRequest('POST', '/api/billing/local/setup-intents/confirm', card);
}
