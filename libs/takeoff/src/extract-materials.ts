/**
 * SPEC §9 material extraction: the quantities an assistant reply states
 * ("- 14 ea doors", "- 1,250 sq ft drywall", "3.5 cu yd of concrete for the
 * footings", "120 ft of 2" PVC pipe") become materials with source ai. Units
 * are normalised, results de-duplicated by name and unit, and the category is
 * the capitalised keyword (Pipe, Concrete, Connector) or 'AI Detected'.
 */
import { normalizeUnit, unitWordsPattern } from './units';

export interface ExtractedMaterial {
  name: string;
  /** A decimal as a string, without grouping commas ("1250", "3.5"). */
  quantity: string;
  unit: Unit;
  category: string;
  source: 'ai';
}

/** The units SPEC §9 reads in a reply, spelled as units.ts spells them. */
const UNITS = ['sq ft', 'cu yd', 'cu ft', 'ft', 'in', 'm', 'mm', 'cm', 'kg', 'lb', 'ea'] as const;
export type Unit = (typeof UNITS)[number];

const UNIT_PATTERN = unitWordsPattern(UNITS);

/**
 * A quantity, its unit, then what it is: "1,250 sq ft drywall", "14 ea doors", "120 ft of 2" PVC pipe". What it
 * is stands on the same line: "layer A: 120 ft" then "layer B: …" is no material named "layer B".
 */
const QUANTITY_LINE = new RegExp(
  String.raw`(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(${UNIT_PATTERN})(?![\w²³])\.?[^\S\n]+(?:of[^\S\n]+)?([A-Za-z0-9"'#/][^\n,;:()]*?)\s*(?=$|[,;:(\n]|\s[-–—]\s|\.\s|\.$|\s+(?:and|plus|&)\s+\d)`,
  'gim',
);

const CATEGORIES: Array<[string, RegExp]> = [
  ['Pipe', /\bpip(e|es|ing)\b/i],
  ['Concrete', /\bconcrete\b/i],
  [
    'Connector',
    /\b(connectors?|fittings?|couplings?|elbows?|tees?|anchors?|bolts?|screws?|nails?|hangers?|brackets?)\b/i,
  ],
];

/** A spelling of one of the extractor's units as its canonical unit, or null. */
function extractorUnit(unit: string): Unit | null {
  const canonical = normalizeUnit(unit);
  return (UNITS as readonly string[]).includes(canonical ?? '') ? (canonical as Unit) : null;
}

/** SPEC §9's category of a material name: Pipe, Concrete, Connector, or 'AI Detected'. */
export function categoryOf(name: string): string {
  return CATEGORIES.find(([, pattern]) => pattern.test(name))?.[0] ?? 'AI Detected';
}

/** Trims list markers, emphasis and trailing filler from a material name. */
function cleanName(raw: string): string {
  return raw
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+(?:in total|total|required|needed|approx\.?|approximately)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The materials stated in a reply, in order of first appearance, without duplicates by name and unit. */
export function extractMaterials(reply: string): ExtractedMaterial[] {
  const found = new Map<string, ExtractedMaterial>();
  for (const match of reply.matchAll(QUANTITY_LINE)) {
    const unit = extractorUnit(match[3]!);
    const name = cleanName(match[4]!);
    if (!unit || !name || !/[A-Za-z]{2,}/.test(name)) continue;
    const quantity = `${match[1]!.replaceAll(',', '')}${match[2] ?? ''}`.replace(/^0+(?=\d)/, '');
    const key = `${name.toLowerCase()}|${unit}`;
    if (!found.has(key)) found.set(key, { name, quantity, unit, category: categoryOf(name), source: 'ai' });
  }
  return [...found.values()];
}

/** Those not already in the list (by name and unit, ignoring case), so a reply adds no duplicates. */
export function newMaterials(
  extracted: ExtractedMaterial[],
  existing: ReadonlyArray<{ name: string; unit: string }>,
): ExtractedMaterial[] {
  const have = new Set(existing.map((m) => `${m.name.trim().toLowerCase()}|${normalizeUnit(m.unit) ?? m.unit}`));
  return extracted.filter((m) => !have.has(`${m.name.toLowerCase()}|${m.unit}`));
}
