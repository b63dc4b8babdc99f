/**
 * The one vocabulary of takeoff units, for every service: the canonical spelling
 * of each unit ('sq ft', 'ea', 'sq m'), the spellings people write for it ('SF',
 * 'each', 'm²'), what it measures and its factor to that dimension's base unit.
 * The materials extractor, documents' text quantities and the estimates cost
 * engine all name units through it, so a unit is spelled one way everywhere.
 */
export type Dimension = 'length' | 'area' | 'volume' | 'weight' | 'count';

interface UnitDef {
  /** The canonical spelling: what normalizeUnit answers. */
  unit: string;
  dimension: Dimension;
  /** Multiplier to the base unit (m, sq m, cu m, kg, ea). */
  factor: number;
  /** Other spellings, lower case; a dot in one is optional when read. */
  spellings: string[];
}

const FT = 0.3048;
const IN = 0.0254;
const YD = 0.9144;

const UNITS: UnitDef[] = [
  { unit: 'm', dimension: 'length', factor: 1, spellings: ['meter', 'meters', 'metre', 'metres', 'lm'] },
  { unit: 'mm', dimension: 'length', factor: 0.001, spellings: ['millimeter', 'millimeters', 'millimetres'] },
  { unit: 'cm', dimension: 'length', factor: 0.01, spellings: ['centimeter', 'centimeters', 'centimetres'] },
  {
    unit: 'ft',
    dimension: 'length',
    factor: FT,
    spellings: ['foot', 'feet', 'lf', 'lin ft', 'linear ft', 'linear foot', 'linear feet', "'"],
  },
  { unit: 'in', dimension: 'length', factor: IN, spellings: ['inch', 'inches', '"'] },
  { unit: 'yd', dimension: 'length', factor: YD, spellings: ['yard', 'yards'] },
  {
    unit: 'sq m',
    dimension: 'area',
    factor: 1,
    spellings: ['sqm', 'm2', 'm²', 'square meter', 'square meters', 'square metre', 'square metres'],
  },
  {
    unit: 'sq ft',
    dimension: 'area',
    factor: FT * FT,
    spellings: ['sqft', 'sf', 'ft2', 'ft²', 'square foot', 'square feet'],
  },
  {
    unit: 'sq yd',
    dimension: 'area',
    factor: YD * YD,
    spellings: ['sq yds', 'sy', 'yd2', 'yd²', 'square yard', 'square yards'],
  },
  {
    unit: 'cu m',
    dimension: 'volume',
    factor: 1,
    spellings: ['m3', 'm³', 'cubic meter', 'cubic meters', 'cubic metre', 'cubic metres'],
  },
  {
    unit: 'cu ft',
    dimension: 'volume',
    factor: FT * FT * FT,
    spellings: ['cf', 'ft3', 'ft³', 'cubic foot', 'cubic feet'],
  },
  {
    unit: 'cu yd',
    dimension: 'volume',
    factor: YD * YD * YD,
    spellings: ['cu yds', 'cy', 'yd3', 'yd³', 'cubic yard', 'cubic yards'],
  },
  { unit: 'l', dimension: 'volume', factor: 0.001, spellings: ['liter', 'liters', 'litre', 'litres'] },
  { unit: 'gal', dimension: 'volume', factor: 0.003785411784, spellings: ['gallon', 'gallons'] },
  { unit: 'kg', dimension: 'weight', factor: 1, spellings: ['kilogram', 'kilograms'] },
  { unit: 'lb', dimension: 'weight', factor: 0.45359237, spellings: ['lbs', 'pound', 'pounds'] },
  { unit: 'ton', dimension: 'weight', factor: 907.18474, spellings: ['tons', 'short ton'] },
  { unit: 't', dimension: 'weight', factor: 1000, spellings: ['tonne', 'tonnes', 'metric ton'] },
  {
    unit: 'ea',
    dimension: 'count',
    factor: 1,
    spellings: ['each', 'pc', 'pcs', 'piece', 'pieces', 'unit', 'units', 'no.', 'nos', 'nr', 'count'],
  },
];

/**
 * The lookup key of a written unit: lower case, no dots, single spaces, 'sq', 'cu'
 * and 'lin' prefixes spaced, initials joined ('S. F.' → 'sf').
 */
function keyOf(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .replace(/^([a-z]) ([a-z])$/, '$1$2')
    .replace(/^lin ?(?=ft$)/, 'lin ')
    .replace(/^(square |sq ?)(?=\S)/, (m) => (m.startsWith('square') ? 'square ' : 'sq '))
    .replace(/^(cubic |cu ?)(?=\S)/, (m) => (m.startsWith('cubic') ? 'cubic ' : 'cu '));
}

const BY_UNIT = new Map(UNITS.map((def) => [def.unit, def]));
const BY_KEY = new Map<string, UnitDef>();
for (const def of UNITS) for (const spelling of [def.unit, ...def.spellings]) BY_KEY.set(keyOf(spelling), def);

/** The canonical spelling of a unit ("SF" → "sq ft", "each" → "ea"), or undefined when it is not one we know. */
export function normalizeUnit(raw: string): string | undefined {
  return BY_KEY.get(keyOf(raw))?.unit;
}

/** What a unit measures (ft a length, sq ft an area, ea a count), or undefined for an unknown unit. */
export function dimensionOf(unit: string): Dimension | undefined {
  return BY_KEY.get(keyOf(unit))?.dimension;
}

/**
 * The factor f such that quantity in `from` × f = quantity in `to`, or undefined
 * when the units are unknown or measure different things (sq ft cannot become ft).
 */
export function conversionFactor(from: string, to: string): number | undefined {
  const a = BY_KEY.get(keyOf(from));
  const b = BY_KEY.get(keyOf(to));
  if (!a || !b || a.dimension !== b.dimension) return undefined;
  return a.factor / b.factor;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular-expression alternation of the written words for the given units, longest
 * first, for finding them after a number in running text ("1,250 sq. ft", "14 ea").
 * The quote marks for feet and inches are left out: in prose they are dimensions.
 */
export function unitWordsPattern(units: readonly string[]): string {
  const words: string[] = [];
  for (const unit of units) {
    const def = BY_UNIT.get(unit);
    if (!def) throw new Error(`unknown unit ${unit}`);
    words.push(...[def.unit, ...def.spellings].filter((s) => /^[a-z]/.test(s)));
  }
  return words
    .sort((a, b) => b.length - a.length)
    .map((word) => word.split(' ').map(escape).join('\\.?\\s*'))
    .join('|');
}
