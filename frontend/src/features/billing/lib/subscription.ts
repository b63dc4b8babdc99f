import { format } from 'date-fns';
import type { User } from '@kerf/contracts/http';

/** The user fields the subscription state is derived from (SPEC §4). */
export type SubscriptionFields = Partial<Pick<User, 'subscriptionTier' | 'subscriptionExpiresAt'>>;

export const PAID_TIERS = ['monthly', 'quarterly', 'yearly'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

export type SubscriptionState = { kind: 'paid'; tier: PaidTier } | { kind: 'trial'; endsAt: Date } | { kind: 'none' };

const DAY_MS = 24 * 60 * 60 * 1000;

function isPaidTier(tier: string | null | undefined): tier is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(tier ?? '');
}

function expiryOf(user: SubscriptionFields): Date | null {
  if (!user.subscriptionExpiresAt) return null;
  const date = new Date(user.subscriptionExpiresAt);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * SPEC §4: tier monthly, quarterly or yearly is a paid plan; no tier but an
 * expiry date is a trial; neither is no subscription. 'free' (the default
 * tier) and an empty tier count as no tier. An expiry already in the past is
 * no longer an active trial.
 */
export function subscriptionState(user: SubscriptionFields, now: Date = new Date()): SubscriptionState {
  if (isPaidTier(user.subscriptionTier)) return { kind: 'paid', tier: user.subscriptionTier };
  const expiry = expiryOf(user);
  if (expiry && expiry.getTime() > now.getTime()) return { kind: 'trial', endsAt: expiry };
  return { kind: 'none' };
}

/**
 * SPEC §4: the dashboard treats a user as entitled if the tier is set and not
 * free, or the expiry is in the future.
 */
export function isEntitled(user: SubscriptionFields, now: Date = new Date()): boolean {
  const tier = user.subscriptionTier;
  if (tier && tier !== 'free') return true;
  const expiry = expiryOf(user);
  return expiry !== null && expiry.getTime() > now.getTime();
}

/** Whole days left until the date, rounded up (SPEC §4); 0 once it has passed. */
export function daysLeft(endsAt: Date, now: Date = new Date()): number {
  const ms = endsAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** SPEC §4 and §9: the 'Trial Ending Soon' banner shows when a trial has 1 or 2 days left. */
export function trialDaysLeftForBanner(state: SubscriptionState, now: Date = new Date()): number | null {
  if (state.kind !== 'trial') return null;
  const days = daysLeft(state.endsAt, now);
  return days >= 1 && days <= 2 ? days : null;
}

/** SPEC §9 date format, also used for the trial end: 'MMM d, yyyy'. */
export function formatDay(date: Date | string): string {
  return format(typeof date === 'string' ? new Date(date) : date, 'MMM d, yyyy');
}

/** The status line of the sidebar block (SPEC §4). */
export function subscriptionLabel(state: SubscriptionState): string {
  switch (state.kind) {
    case 'paid':
      return `${state.tier.charAt(0).toUpperCase()}${state.tier.slice(1)} plan`;
    case 'trial':
      return `Trial ends ${formatDay(state.endsAt)}`;
    case 'none':
      return 'Start your trial';
  }
}

/** SPEC §4: the upgrade link reads 'Upgrade' during a trial and 'Start Trial' otherwise; a paid plan has nothing to upgrade to. */
export function upgradeLinkLabel(state: SubscriptionState): 'Upgrade' | 'Start Trial' | null {
  if (state.kind === 'paid') return null;
  return state.kind === 'trial' ? 'Upgrade' : 'Start Trial';
}
