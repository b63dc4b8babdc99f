/**
 * Units a takeoff speaks and how they convert. Each unit belongs to a dimension
 * (length, area, volume, mass, count) and has a factor to that dimension's base
 * unit; two units convert only within the same dimension.
 */
export type Dimension = 'length' | 'area' | 'volume' | 'mass' | 'count';

interface UnitDef {
  canonical: string;
  dimension: Dimension;
  /** Multiplier to the base unit (m, m², m³, kg, each). */
  factor: number;
}

const FT = 0.3048;
const IN = 0.0254;
const YD = 0.9144;

const DEFS: UnitDef[] = [
  { canonical: 'm', dimension: 'length', factor: 1 },
  { canonical: 'mm', dimension: 'length', factor: 0.001 },
  { canonical: 'cm', dimension: 'length', factor: 0.01 },
  { canonical: 'ft', dimension: 'length', factor: FT },
  { canonical: 'in', dimension: 'length', factor: IN },
  { canonical: 'yd', dimension: 'length', factor: YD },
  { canonical: 'sq m', dimension: 'area', factor: 1 },
  { canonical: 'sq ft', dimension: 'area', factor: FT * FT },
  { canonical: 'sq yd', dimension: 'area', factor: YD * YD },
  { canonical: 'cu m', dimension: 'volume', factor: 1 },
  { canonical: 'cu ft', dimension: 'volume', factor: FT * FT * FT },
  { canonical: 'cu yd', dimension: 'volume', factor: YD * YD * YD },
  { canonical: 'l', dimension: 'volume', factor: 0.001 },
  { canonical: 'gal', dimension: 'volume', factor: 0.003785411784 },
  { canonical: 'kg', dimension: 'mass', factor: 1 },
  { canonical: 'lb', dimension: 'mass', factor: 0.45359237 },
  { canonical: 'ton', dimension: 'mass', factor: 907.18474 },
  { canonical: 't', dimension: 'mass', factor: 1000 },
  { canonical: 'each', dimension: 'count', factor: 1 },
];

const ALIASES: Record<string, string> = {
  m: 'm',
  meter: 'm',
  meters: 'm',
  metre: 'm',
  metres: 'm',
  lm: 'm',
  mm: 'mm',
  millimeter: 'mm',
  millimeters: 'mm',
  cm: 'cm',
  centimeter: 'cm',
  centimeters: 'cm',
  ft: 'ft',
  foot: 'ft',
  feet: 'ft',
  lf: 'ft',
  'lin ft': 'ft',
  'linear ft': 'ft',
  'linear feet': 'ft',
  "'": 'ft',
  in: 'in',
  inch: 'in',
  inches: 'in',
  '"': 'in',
  yd: 'yd',
  yard: 'yd',
  yards: 'yd',
  'sq m': 'sq m',
  sqm: 'sq m',
  m2: 'sq m',
  'm²': 'sq m',
  'square meter': 'sq m',
  'square meters': 'sq m',
  'square metre': 'sq m',
  'square metres': 'sq m',
  'sq ft': 'sq ft',
  sqft: 'sq ft',
  sf: 'sq ft',
  ft2: 'sq ft',
  'ft²': 'sq ft',
  'square foot': 'sq ft',
  'square feet': 'sq ft',
  'sq yd': 'sq yd',
  sy: 'sq yd',
  yd2: 'sq yd',
  'square yard': 'sq yd',
  'square yards': 'sq yd',
  'cu m': 'cu m',
  m3: 'cu m',
  'm³': 'cu m',
  'cubic meter': 'cu m',
  'cubic meters': 'cu m',
  'cubic metre': 'cu m',
  'cubic metres': 'cu m',
  'cu ft': 'cu ft',
  cf: 'cu ft',
  ft3: 'cu ft',
  'ft³': 'cu ft',
  'cubic foot': 'cu ft',
  'cubic feet': 'cu ft',
  'cu yd': 'cu yd',
  cy: 'cu yd',
  yd3: 'cu yd',
  'yd³': 'cu yd',
  'cubic yard': 'cu yd',
  'cubic yards': 'cu yd',
  l: 'l',
  liter: 'l',
  liters: 'l',
  litre: 'l',
  litres: 'l',
  gal: 'gal',
  gallon: 'gal',
  gallons: 'gal',
  kg: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  ton: 'ton',
  tons: 'ton',
  'short ton': 'ton',
  t: 't',
  tonne: 't',
  tonnes: 't',
  'metric ton': 't',
  each: 'each',
  ea: 'each',
  pc: 'each',
  pcs: 'each',
  piece: 'each',
  pieces: 'each',
  unit: 'each',
  units: 'each',
  no: 'each',
  nr: 'each',
  count: 'each',
};

const BY_CANONICAL = new Map(DEFS.map((d) => [d.canonical, d]));

/** The canonical spelling of a unit ("SF" → "sq ft"), or undefined when it is not one we know. */
export function normalizeUnit(raw: string): string | undefined {
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .replace(/^(square|sq)\.?\s*/, (m) => (m.startsWith('square') ? 'square ' : 'sq '))
    .replace(/^(cubic|cu)\.?\s*/, (m) => (m.startsWith('cubic') ? 'cubic ' : 'cu '));
  return ALIASES[key] ?? (BY_CANONICAL.has(key) ? key : undefined);
}

export function dimensionOf(unit: string): Dimension | undefined {
  const canonical = normalizeUnit(unit);
  return canonical ? BY_CANONICAL.get(canonical)?.dimension : undefined;
}

/**
 * The factor f such that quantity in `from` × f = quantity in `to`, or undefined
 * when the units are unknown or measure different things (sq ft cannot become ft).
 */
export function conversionFactor(from: string, to: string): number | undefined {
  const a = normalizeUnit(from);
  const b = normalizeUnit(to);
  if (!a || !b) return undefined;
  const da = BY_CANONICAL.get(a)!;
  const db = BY_CANONICAL.get(b)!;
  if (da.dimension !== db.dimension) return undefined;
  return da.factor / db.factor;
}
