import { z } from 'zod';
import { loadConfig } from '@kerf/platform';
import { LocalPaymentProvider } from './providers/local-provider';
import type { PaymentProvider } from './providers/payment-provider';
import { StripePaymentProvider } from './providers/stripe-provider';

/** An unset variable and an empty one mean the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const STRIPE_REQUIRED = [
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_QUARTERLY',
  'STRIPE_PRICE_YEARLY',
] as const;

/** Billing's own variables. With STRIPE_SECRET_KEY unset, the local provider runs. */
export const billingConfigSchema = z
  .object({
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'expected a Stripe secret key (sk_…)')),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'expected a Stripe publishable key (pk_…)')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'expected a webhook signing secret (whsec_…)')),
    STRIPE_PRICE_MONTHLY: optional(z.string().regex(/^price_/, 'expected a Stripe price id (price_…)')),
    STRIPE_PRICE_QUARTERLY: optional(z.string().regex(/^price_/, 'expected a Stripe price id (price_…)')),
    STRIPE_PRICE_YEARLY: optional(z.string().regex(/^price_/, 'expected a Stripe price id (price_…)')),
    /** Another address for Stripe's API (a mock in tests); unset, Stripe's own. */
    STRIPE_API_BASE: optional(z.url({ error: 'expected a URL' })),
    /** How often trials and periods that have ended are settled (docs/decisions/0009). */
    BILLING_SWEEP_INTERVAL_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(100).default(60_000),
  })
  .superRefine((config, context) => {
    if (!config.STRIPE_SECRET_KEY) return;
    for (const name of STRIPE_REQUIRED)
      if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'required with STRIPE_SECRET_KEY' });
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

export function loadBillingConfig(): BillingConfig {
  return loadConfig(billingConfigSchema);
}

export function paymentProviderFor(config: BillingConfig): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) return new LocalPaymentProvider();
  return new StripePaymentProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    prices: {
      monthly: config.STRIPE_PRICE_MONTHLY!,
      quarterly: config.STRIPE_PRICE_QUARTERLY!,
      yearly: config.STRIPE_PRICE_YEARLY!,
    },
    apiBase: config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined,
  });
}
