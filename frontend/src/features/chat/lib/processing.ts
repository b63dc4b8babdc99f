import { useCallback, useSyncExternalStore } from 'react';

/** SPEC §4 chat processing: the indicator's texts, one every 3 s, staying on the last. */
export const PROCESSING_STEPS = [
  'Preparing your request...',
  'Finding and analyzing your documents...',
  'Processing documents with AI...',
  'Analyzing drawings and specifications...',
  'Extracting quantities and materials...',
  'Generating detailed response...',
] as const;

export const STEP_MS = 3_000;

/**
 * A send left behind by a reload is given up after this long: the gateway
 * stops waiting for the assistant after 60 s.
 */
export const ORPHAN_MS = 75_000;

const key = (projectId: string) => `kerf:chat-processing:${projectId}`;
const listeners = new Set<() => void>();
/** The sends this page started and still awaits; any other stored state was left by a reload. */
const awaited = new Set<string>();
const notify = () => listeners.forEach((listener) => listener());

/** The processing state is kept per project in session storage (SPEC §4). */
export const processingStore = {
  start(projectId: string): void {
    sessionStorage.setItem(key(projectId), String(Date.now()));
    awaited.add(projectId);
    notify();
  },
  clear(projectId: string): void {
    sessionStorage.removeItem(key(projectId));
    awaited.delete(projectId);
    notify();
  },
  /** When the send under way started, or null. */
  since(projectId: string): number | null {
    const value = Number(sessionStorage.getItem(key(projectId)));
    return value > 0 ? value : null;
  },
  /** Whether this page is awaiting the reply itself (false for a state a reload left behind). */
  awaiting(projectId: string): boolean {
    return awaited.has(projectId);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The start of the project's send under way, or null; follows the store as sends start and finish. */
export function useProcessingSince(projectId: string): number | null {
  const read = useCallback(() => processingStore.since(projectId), [projectId]);
  return useSyncExternalStore(processingStore.subscribe, read, () => null);
}

export function stepAt(startedAt: number, now: number): string {
  const index = Math.min(PROCESSING_STEPS.length - 1, Math.floor(Math.max(0, now - startedAt) / STEP_MS));
  return PROCESSING_STEPS[index]!;
}

/**
 * Whether a send that a reload interrupted is over: its reply is the last
 * message, or it has waited longer than the gateway would.
 */
export function orphanSettled(
  messages: readonly { sender: 'user' | 'ai' }[] | undefined,
  startedAt: number,
  now: number,
): boolean {
  if (now - startedAt > ORPHAN_MS) return true;
  return !!messages?.length && messages[messages.length - 1]!.sender === 'ai';
}
