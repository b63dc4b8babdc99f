import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, callRoute, getQueryFn } from '@/lib/api-client';
import type { BillingConfig, BodyOf, SuccessOf, Subscription, billingRoutes } from '@kerf/contracts/http';
import type { PlanId } from '@/features/billing/lib/plans';

/** GET /api/subscription: the user's subscription, money as a decimal string. */
export type { BillingConfig, Subscription };

export const subscriptionQueryKey = ['/api/subscription'] as const;

export function useSubscription() {
  return useQuery(
    queryOptions({
      queryKey: subscriptionQueryKey,
      queryFn: getQueryFn<SuccessOf<typeof billingRoutes.current>>({ on401: 'throw' }),
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
export async function createSubscription(plan: PlanId): Promise<SuccessOf<typeof billingRoutes.create>> {
  return callRoute<typeof billingRoutes.create>('POST', '/api/subscription/create', { plan });
}

/** POST /api/subscription/confirm (step 3): the trial starts once the card setup succeeded. */
export async function confirmSubscription(subscriptionId: string, plan: PlanId): Promise<Subscription> {
  return (await callRoute<typeof billingRoutes.confirm>('POST', '/api/subscription/confirm', { subscriptionId, plan }))
    .subscription;
}

export async function cancelSubscription(): Promise<Subscription> {
  return (await callRoute<typeof billingRoutes.cancel>('POST', '/api/subscription/cancel')).subscription;
}

/**
 * The local provider's card check (the stand-in for Stripe.js confirmSetup). The
 * route also takes the month and year as text; the form sends numbers.
 */
export async function confirmLocalCard(
  card: BodyOf<typeof billingRoutes.confirmLocalSetupIntent> & { expMonth: number; expYear: number },
): Promise<void> {
  await apiRequest('POST', '/api/billing/local/setup-intents/confirm', card);
}
