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

const key = (projectId: string) => `kerf:chat-processing:${projectId}`;

/** The processing state is kept per project in session storage (SPEC §4). */
export const processingStore = {
  start(projectId: string): void {
    sessionStorage.setItem(key(projectId), String(Date.now()));
  },
  clear(projectId: string): void {
    sessionStorage.removeItem(key(projectId));
  },
  /** When the send under way started, or null. */
  since(projectId: string): number | null {
    const value = Number(sessionStorage.getItem(key(projectId)));
    return value > 0 ? value : null;
  },
};

export function stepAt(startedAt: number, now: number): string {
  const index = Math.min(PROCESSING_STEPS.length - 1, Math.floor(Math.max(0, now - startedAt) / STEP_MS));
  return PROCESSING_STEPS[index]!;
}
