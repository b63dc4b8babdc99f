/** SPEC §2 and §9: the landing headline's word changes every 2 seconds. */
export const HEADLINE_WORDS = ['Estimates', 'Takeoffs', 'Project Scopes'] as const;
export const HEADLINE_INTERVAL_MS = 2000;

/** Marks the element holding the word, for the rotation that runs before the app (src/app/deferred-boot.ts). */
export const ROTATING_WORD_ATTRIBUTE = 'data-rotating-word';

/** The word a page already shows (the rotation may have moved on before the app started), else the first. */
export function shownWordIndex(doc: Document | undefined = globalThis.document): number {
  const shown = doc?.querySelector(`[${ROTATING_WORD_ATTRIBUTE}]`)?.textContent;
  return Math.max(0, HEADLINE_WORDS.indexOf(shown as (typeof HEADLINE_WORDS)[number]));
}
