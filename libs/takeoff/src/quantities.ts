/**
 * A takeoff quantity as a person reads it and as the materials list keeps it:
 * rounded the way an estimator writes it, identified by where it came from,
 * and told apart from drawing furniture that is not a building material.
 */
import { dimensionOf } from './units';

/** Where a quantity came from (the QuantityOrigin of proto/kerf/ai-chat.proto, as JSON). */
export interface QuantityOrigin {
  documentId?: string;
  documentName?: string;
  revision?: number;
  kind?: 'layer' | 'block' | 'room' | 'page' | 'symbol' | 'item' | 'text' | 'schedule' | 'sheet';
  /** The layer, block, room, symbol or item name as the drawing spells it. */
  ref?: string;
  page?: number;
  dimension?: 'length' | 'area' | 'volume' | 'count' | 'weight' | 'other';
}

/** A quantity origin's dimension for a unit (units.ts's, 'other' for a unit it does not know). */
export function originDimension(unit: string): NonNullable<QuantityOrigin['dimension']> {
  return dimensionOf(unit) ?? 'other';
}

/**
 * The identity of a quantity's origin: the same document and the same layer,
 * block, room, symbol or item (its name in any case), on the same page, of the
 * same dimension. The revision is not part of it: a re-analysed drawing's
 * layer is still the same layer. Null when the origin names no document.
 */
export function originKey(
  origin: { documentId?: string; kind?: string; ref?: string; page?: number; dimension?: string } | null | undefined,
): string | null {
  if (!origin?.documentId || !origin.kind) return null;
  return [
    origin.documentId,
    origin.kind,
    (origin.ref ?? '').trim().toLowerCase(),
    origin.page ?? '',
    origin.dimension ?? 'other',
  ].join('|');
}

/**
 * A number as a person writes it: counts as counted, no decimals from a thousand up
 * (`2,261 sq ft`), one from ten up (`716.3 ft`), two below (`3.45 cu yd`).
 */
export function formatQuantity(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  // A count is whole as counted; one a person typed with a fraction keeps it (16.5 ea).
  const whole = dimensionOf(unit) === 'count' && Number.isInteger(value);
  const places = whole || abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: places }).format(value);
}

/** `formatQuantity` with its unit: "716.3 ft". */
export const formatAmount = (value: number, unit: string) => `${formatQuantity(value, unit)} ${unit}`.trim();

/**
 * Words of layer and block names that mark drawing annotation rather than
 * something built: flags, section and detail callouts, title blocks and
 * borders, north arrows, grid bubbles, tags and labels, dimensions, text and notes.
 */
const ANNOTATION_WORDS = new Set([
  'flag',
  'flags',
  'section',
  'sect',
  'callout',
  'title',
  'titleblock',
  'tblock',
  'border',
  'north',
  'arrow',
  'grid',
  'bubble',
  'tag',
  'tags',
  'label',
  'labels',
  'symbol',
  'symbols',
  'logo',
  'revision',
  'rev',
  'revcloud',
  'dim',
  'dims',
  'dimension',
  'dimensions',
  'anno',
  'annotation',
  'text',
  'txt',
  'note',
  'notes',
  'leader',
  'defpoints',
  'viewport',
  'vport',
  'keynote',
  'marker',
  'matchline',
  'scale',
  'detail',
  'elevation',
  'hatch',
  'stamp',
  // The AIA CAD layer modifiers for what annotates an element rather than draws it (A-WALL-PATT, A-DOOR-IDEN).
  'patt',
  'pattern',
  'iden',
  'symb',
  'nplt',
  'revs',
  'ttlb',
  'redl',
]);

/** Whether a layer or block name is annotation (FLAG, A-DIMS-1, ANNTEXT, SECTION-MARK, TITLEBLOCK), not a building element. */
export function isAnnotationName(name: string): boolean {
  const parts = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return parts.some(
    (part) =>
      ANNOTATION_WORDS.has(part) ||
      // Run-together names: ANNTEXT, DIMTEXT, ANNOTATION-2, TITLEBLK.
      /^(ann|dim).*(text|txt)$|^anno|^dimension|^titl(e)?bl?k/.test(part),
  );
}

/** Below these a quantity is a sliver of geometry, not an amount anyone orders (0.01 cu yd, a 0.05 sq ft area). */
const SMALLEST: Record<NonNullable<QuantityOrigin['dimension']>, number> = {
  count: 1,
  length: 1,
  area: 1,
  volume: 0.1,
  weight: 0.1,
  other: 0,
};

/** Why a quantity is not proposed as a material, or null when it is one. */
export function notAMaterial(quantity: {
  quantity: number;
  unit: string;
  origin?: QuantityOrigin | null;
}): string | null {
  const dimension = quantity.origin?.dimension ?? originDimension(quantity.unit);
  const unit = quantity.unit.trim().toLowerCase();
  // cu ft and metric volumes are 27× and more below a cu yd: compare in their own terms.
  const smallest = dimension === 'volume' && !/yd|cy/.test(unit) ? 1 : SMALLEST[dimension];
  if (!(quantity.quantity >= smallest)) return 'too small to be a material';
  const kind = quantity.origin?.kind;
  if (
    quantity.origin?.ref &&
    (kind === 'layer' || kind === 'block' || kind === 'symbol') &&
    isAnnotationName(quantity.origin.ref)
  )
    return 'drawing annotation';
  return null;
}
