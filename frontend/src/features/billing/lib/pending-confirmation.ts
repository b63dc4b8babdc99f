import type { PlanId } from './plans';

/**
 * The subscription waiting for its server confirmation while the card provider
 * may redirect away (SPEC §4: without redirect unless the provider requires
 * one). /subscription-success finishes it when the browser comes back.
 */
const KEY = 'kerf:pending-subscription';

export type PendingConfirmation = { subscriptionId: string; plan: PlanId };

export function rememberPending(pending: PendingConfirmation): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function peekPending(): PendingConfirmation | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingConfirmation;
  } catch {
    return null;
  }
}

export function forgetPending(): void {
  sessionStorage.removeItem(KEY);
}
