/**
 * Quantities written out in specs, notes and schedules: "120 LF", "2,400 SF",
 * "15 CY", "36 EA", "12.5 m²". Each keeps the words around it as its description,
 * and its unit spelled the one way @kerf/takeoff's units spell it ("m²" → "sq m").
 */
import { normalizeUnit } from '@kerf/takeoff';

/**
 * How schedules and notes write takeoff units, longest first so "SQ FT" wins over
 * "FT". Narrower than the units' own spellings on purpose: a bare FT, IN or M on a
 * drawing is a dimension, not a quantity.
 */
const UNITS: string[] = [
  'LINEAR\\s+F(?:EE|OO)T|LIN\\.?\\s*FT\\.?|L\\.\\s?F\\.?|LF',
  'SQUARE\\s+F(?:EE|OO)T|SQ\\.?\\s*FT\\.?|S\\.\\s?F\\.?|SF|FT²|FT2',
  'SQUARE\\s+YARDS?|SQ\\.?\\s*YDS?\\.?|S\\.\\s?Y\\.?|SY',
  'CUBIC\\s+YARDS?|CU\\.?\\s*YDS?\\.?|C\\.\\s?Y\\.?|CY',
  'CUBIC\\s+F(?:EE|OO)T|CU\\.?\\s*FT\\.?|CF',
  'EACH|EA\\.?',
  'M²|M2|SQ\\.?\\s*M',
  'M³|M3|CU\\.?\\s*M',
  'LBS?\\.?|POUNDS',
  'TONS?',
  'GAL(?:LONS?)?\\.?',
];

const NUMBER = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';
const QUANTITY = new RegExp(
  `(?<![\\w.,/-])${NUMBER}\\s*(${UNITS.map((pattern) => `(?:${pattern})`).join('|')})(?![\\w²³])`,
  'gi',
);

const HAS_QUANTITY = new RegExp(QUANTITY.source, 'i');

export interface TextQuantity {
  description: string;
  quantity: number;
  unit: string;
  /** 1-based line number within the text. */
  line: number;
}

export interface QuantityMatch {
  /** The quantity as written: "2,400 SF". */
  written: string;
  quantity: number;
  unit: string;
  /** The rest of the line, when it has words: the natural description. */
  context: string;
}

function unitFor(spelled: string): string {
  return normalizeUnit(spelled) ?? spelled;
}

export function hasQuantity(line: string): boolean {
  return HAS_QUANTITY.test(line);
}

/** The quantities written in one line of text. */
export function quantitiesInLine(line: string): QuantityMatch[] {
  const found: QuantityMatch[] = [];
  for (const match of line.matchAll(QUANTITY)) {
    const quantity = Number(match[1].replace(/,/g, ''));
    if (!Number.isFinite(quantity) || quantity <= 0) continue;
    const rest = line.replace(match[0], '').replace(/\s+/g, ' ').trim();
    found.push({
      written: match[0].trim(),
      quantity,
      unit: unitFor(match[2]),
      context: /[A-Za-z]{3,}/.test(rest) ? rest : '',
    });
  }
  return found;
}

export function describeQuantity(match: QuantityMatch, fallbackContext: string): string {
  const context = match.context || fallbackContext;
  return `${match.written}${context ? ` — ${context.slice(0, 140)}` : ''}`;
}

/**
 * Finds quantities in text. A line holding only the quantity ("557 SF" under a
 * room tag) takes its neighbouring lines as the description.
 */
export function findTextQuantities(text: string, maxResults = 500): TextQuantity[] {
  const lines = text.split('\n');
  const found: TextQuantity[] = [];
  for (let i = 0; i < lines.length && found.length < maxResults; i++) {
    for (const match of quantitiesInLine(lines[i])) {
      const neighbours = [lines[i - 1], lines[i + 1]]
        .filter((l): l is string => l !== undefined && l.trim() !== '' && !hasQuantity(l))
        .join(' ');
      found.push({
        description: describeQuantity(match, neighbours),
        quantity: match.quantity,
        unit: match.unit,
        line: i + 1,
      });
    }
  }
  return found;
}
