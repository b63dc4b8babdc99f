import { z } from 'zod';
import { apiRoute } from './route';

const plan = z.string({ error: 'Choose a plan: monthly, quarterly or yearly.' });
export const createSubscriptionBody = z.object({ plan }, { error: 'Send the plan as a JSON object' });
export const confirmSubscriptionBody = z.object(
  { subscriptionId: z.string({ error: 'subscriptionId is required' }), plan },
  { error: 'Send the subscription as a JSON object' },
);
const wholeNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message),
  );
/** The local test provider's card form (never Stripe's). */
export const localCardBody = z.object(
  {
    clientSecret: z.string({ error: 'clientSecret is required' }),
    number: z.string({ error: 'Your card number is incomplete.' }),
    expMonth: wholeNumber("Your card's expiration month is invalid."),
    expYear: wholeNumber("Your card's expiration year is invalid."),
    cvc: z.string({ error: "Your card's security code is incomplete." }),
  },
  { error: 'Send the card as a JSON object' },
);

/** A subscription as the screens read it; money as a decimal string. */
export const PLANS = ['monthly', 'quarterly', 'yearly'] as const;
export const subscription = z.object({
  id: z.string(),
  plan: z.enum(PLANS),
  status: z.enum(['incomplete', 'trialing', 'active', 'past_due', 'canceled']),
  amount: z.string(),
  currency: z.string(),
  trialEnd: z.string().nullable().default(null),
  currentPeriodEnd: z.string().nullable().default(null),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
});
export type Subscription = z.output<typeof subscription>;

export const billingConfig = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable().default(null),
});
export type BillingConfig = z.output<typeof billingConfig>;
export const createdSubscription = z.object({ clientSecret: z.string(), subscriptionId: z.string() });
export const confirmedSubscription = z.object({ success: z.literal(true), subscription });
export const currentSubscription = z.object({ subscription: subscription.nullable() });
export const cancelledSubscription = z.object({ subscription });
export const localSetupIntent = z.object({ status: z.string() });

export const billingRoutes = {
  config: apiRoute({
    method: 'GET',
    path: '/api/billing/config',
    summary: "Which card form to show: Stripe's with this key, or the local test form",
    signedIn: false,
    responses: { 200: { description: 'The provider', schema: billingConfig } },
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/subscription/create',
    summary: 'Start a subscription: an incomplete one with a card setup intent',
    signedIn: true,
    body: createSubscriptionBody,
    responses: { 200: { description: 'The setup secret', schema: createdSubscription } },
  }),
  confirm: apiRoute({
    method: 'POST',
    path: '/api/subscription/confirm',
    summary: 'Start the trial once the card is set up',
    signedIn: true,
    body: confirmSubscriptionBody,
    responses: { 200: { description: 'The subscription', schema: confirmedSubscription } },
  }),
  current: apiRoute({
    method: 'GET',
    path: '/api/subscription',
    summary: "The user's subscription, or null",
    signedIn: true,
    responses: { 200: { description: 'The subscription', schema: currentSubscription } },
  }),
  cancel: apiRoute({
    method: 'POST',
    path: '/api/subscription/cancel',
    summary: 'Cancel at the end of the period',
    signedIn: true,
    responses: { 200: { description: 'The subscription', schema: cancelledSubscription } },
  }),
  confirmLocalSetupIntent: apiRoute({
    method: 'POST',
    path: '/api/billing/local/setup-intents/confirm',
    summary: "The local test provider's card setup (402 with the decline)",
    signedIn: true,
    body: localCardBody,
    responses: { 200: { description: 'The setup intent', schema: localSetupIntent } },
  }),
  webhook: apiRoute({
    method: 'POST',
    path: '/api/billing/webhook',
    summary: "Stripe's deliveries, verified against the Stripe-Signature header",
    signedIn: false,
    bodyContentType: 'application/json',
    responses: { 200: { description: 'Received', schema: z.object({ received: z.boolean() }) } },
  }),
};
