import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  formatDay,
  isEntitled,
  subscriptionLabel,
  subscriptionState,
  trialDaysLeftForBanner,
  upgradeLinkLabel,
} from '@/features/billing/lib/subscription';

const now = new Date('2026-03-10T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('subscription state (SPEC §4)', () => {
  it('is a paid plan for monthly, quarterly and yearly', () => {
    for (const tier of ['monthly', 'quarterly', 'yearly'] as const) {
      expect(subscriptionState({ subscriptionTier: tier, subscriptionExpiresAt: null }, now)).toEqual({
        kind: 'paid',
        tier,
      });
    }
    expect(subscriptionLabel(subscriptionState({ subscriptionTier: 'quarterly' }, now))).toBe('Quarterly plan');
  });

  it("is a trial with no tier (free or empty) but an expiry, shown as 'Trial ends {date}'", () => {
    for (const subscriptionTier of ['free', '', null, undefined]) {
      const state = subscriptionState({ subscriptionTier, subscriptionExpiresAt: inDays(5) }, now);
      expect(state.kind).toBe('trial');
    }
    const state = subscriptionState({ subscriptionTier: 'free', subscriptionExpiresAt: '2026-03-15T12:00:00Z' }, now);
    expect(subscriptionLabel(state)).toBe('Trial ends Mar 15, 2026');
  });

  it("is no subscription with neither, shown as 'Start your trial'", () => {
    const state = subscriptionState({ subscriptionTier: 'free', subscriptionExpiresAt: null }, now);
    expect(state).toEqual({ kind: 'none' });
    expect(subscriptionLabel(state)).toBe('Start your trial');
    expect(subscriptionState({ subscriptionTier: 'free', subscriptionExpiresAt: inDays(-1) }, now).kind).toBe('none');
    expect(subscriptionState({ subscriptionTier: null, subscriptionExpiresAt: 'not a date' }, now).kind).toBe('none');
  });

  it("labels the upgrade link 'Upgrade' during a trial and 'Start Trial' otherwise", () => {
    expect(upgradeLinkLabel({ kind: 'trial', endsAt: now })).toBe('Upgrade');
    expect(upgradeLinkLabel({ kind: 'none' })).toBe('Start Trial');
    expect(upgradeLinkLabel({ kind: 'paid', tier: 'yearly' })).toBeNull();
  });
});

describe('entitlement (SPEC §4)', () => {
  it('entitles a set tier that is not free', () => {
    expect(isEntitled({ subscriptionTier: 'monthly', subscriptionExpiresAt: null }, now)).toBe(true);
    expect(isEntitled({ subscriptionTier: 'yearly', subscriptionExpiresAt: inDays(-30) }, now)).toBe(true);
  });

  it('entitles an expiry in the future', () => {
    expect(isEntitled({ subscriptionTier: 'free', subscriptionExpiresAt: inDays(0.01) }, now)).toBe(true);
    expect(isEntitled({ subscriptionTier: null, subscriptionExpiresAt: inDays(7) }, now)).toBe(true);
  });

  it('does not entitle a free or empty tier without a future expiry', () => {
    expect(isEntitled({ subscriptionTier: 'free', subscriptionExpiresAt: null }, now)).toBe(false);
    expect(isEntitled({ subscriptionTier: '', subscriptionExpiresAt: inDays(-0.01) }, now)).toBe(false);
    expect(isEntitled({}, now)).toBe(false);
  });
});

describe('trial days and the Trial Ending Soon banner', () => {
  it('rounds days up', () => {
    expect(daysLeft(new Date(inDays(0.1)), now)).toBe(1);
    expect(daysLeft(new Date(inDays(1)), now)).toBe(1);
    expect(daysLeft(new Date(inDays(1.01)), now)).toBe(2);
    expect(daysLeft(new Date(inDays(-1)), now)).toBe(0);
  });

  it('shows with 1 or 2 days left, not with 3 or more', () => {
    const banner = (days: number) =>
      trialDaysLeftForBanner(
        subscriptionState({ subscriptionTier: 'free', subscriptionExpiresAt: inDays(days) }, now),
        now,
      );
    expect(banner(0.5)).toBe(1);
    expect(banner(1)).toBe(1);
    expect(banner(1.5)).toBe(2);
    expect(banner(2)).toBe(2);
    expect(banner(2.01)).toBeNull();
    expect(banner(6)).toBeNull();
  });

  it('never shows for a paid plan or without a trial', () => {
    expect(trialDaysLeftForBanner({ kind: 'paid', tier: 'monthly' }, now)).toBeNull();
    expect(trialDaysLeftForBanner({ kind: 'none' }, now)).toBeNull();
  });

  it("formats dates as 'MMM d, yyyy'", () => {
    expect(formatDay(new Date(2026, 0, 5))).toBe('Jan 5, 2026');
  });
});
