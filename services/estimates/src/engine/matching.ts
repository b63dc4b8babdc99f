import type { PriceItem } from './catalogue';
import { conversionFactor, normalizeUnit } from './units';

/** A priced line's source: a user's price list or the shipped catalogue. */
export interface CandidateItem extends PriceItem {
  source: 'price-list' | 'catalogue';
}

export interface MaterialInput {
  name: string;
  quantity: string;
  unit: string;
  category?: string;
}

export interface Match {
  item: CandidateItem;
  /** quantity in the material's unit × factor = quantity in the item's unit. */
  factor: number;
}

const STOP = new Set(['of', 'and', 'the', 'for', 'with', 'a', 'an', 'in', 'to', 'type', 'x']);

export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9/#\-x ]+/g, ' ')
    .split(/[\s-]+/)
    .map((t) => t.replace(/s$/, ''))
    .filter((t) => t.length > 1 && !STOP.has(t));
}

/** Sizes and grades ("2x4", "1/2", "#4", "3000") qualify a material; only words name it. */
const isWord = (token: string) => /[a-z]{2,}/.test(token.replace(/x(?=\d)|(?<=\d)x/g, ''));
/** Categories that say nothing about the trade. */
const GENERIC_CATEGORIES = new Set(['ai', 'detected', 'general', 'misc', 'miscellaneou', 'other', 'material']);

function score(material: MaterialInput, item: CandidateItem): number {
  const words = new Set(tokens(material.name));
  if (words.size === 0) return 0;
  const nameWords = new Set(tokens(item.name));
  const keywords = new Set(tokens(item.keywords ?? ''));
  let hits = 0;
  let wordHits = 0;
  for (const word of words) {
    const hit = nameWords.has(word) ? 2 : keywords.has(word) ? 1.5 : 0;
    hits += hit;
    if (hit && isWord(word)) wordHits++;
  }
  // A shared size alone ("2x4" studs and a 2x4 light fitting) is no match.
  if (wordHits === 0) return 0;
  // Share of the material's words explained, minus a little for item words left unexplained.
  let value = hits / (2 * words.size) - 0.05 * [...nameWords].filter((w) => !words.has(w)).length;
  if (material.category) {
    const category = tokens(material.category).filter((w) => isWord(w) && !GENERIC_CATEGORIES.has(w));
    const itemWords = new Set([...tokens(item.division), ...nameWords, ...keywords]);
    if (category.some((w) => itemWords.has(w))) value += 0.25;
    // A material filed under another trade is not this item.
    else if (category.length) value -= 0.3;
  }
  if (normalizeUnit(material.unit) === normalizeUnit(item.unit)) value += 0.1;
  return value;
}

/** Minimum score for a match: at least one meaningful word in common, proportionate to the name. */
export const MATCH_THRESHOLD = 0.3;

/**
 * The best priced item for a material whose unit converts to the item's unit,
 * or undefined (the material is then listed as unpriced, never guessed).
 */
export function matchMaterial(material: MaterialInput, candidates: readonly CandidateItem[]): Match | undefined {
  let best: { match: Match; score: number } | undefined;
  for (const item of candidates) {
    const factor = conversionFactor(material.unit, item.unit);
    if (factor === undefined) continue;
    const value = score(material, item);
    if (value < MATCH_THRESHOLD) continue;
    if (!best || value > best.score) best = { match: { item, factor }, score: value };
  }
  return best?.match;
}
