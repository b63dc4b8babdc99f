/**
 * A sheet's scale read from its dimension strings: a horizontal dimension text
 * (25'-6", 12'-0", 3'-4 1/2", or on a metric sheet 4280 mm) sits on or just above the dimension line it
 * labels, so the line's length in points and the text's feet give feet per
 * point. Several dimensions agreeing give a scale where the sheet has no note;
 * where it has one, they check it.
 */
import type { Point } from '../geometry/planar-graph';
import type { TextLine } from './pdf-layout';

const FEET_INCHES = /^(\d{1,4})\s*['’]\s*-?\s*(?:(\d{1,2})(?:\s+(\d+)\/(\d+))?\s*(?:"|”|''))?$/;

/** 25'-6" → 25.5 feet; undefined for anything else. */
export function feetOfDimension(text: string): number | undefined {
  const match = FEET_INCHES.exec(text.trim());
  if (!match) return undefined;
  const inches = Number(match[2] ?? 0) + (match[3] ? Number(match[3]) / Number(match[4]) : 0);
  if (inches >= 12) return undefined;
  const feet = Number(match[1]) + inches / 12;
  return feet > 0 ? feet : undefined;
}

/** Feet per point each paired dimension implies. */
/**
 * Millimetres as metric sheets write their dimensions: a bare whole number (4280, 10260), or one with a
 * thousands comma, as ArchiCAD writes them (3,850, 11,000).
 */
const MILLIMETRES = /^(?:\d{3,5}|\d{1,2},\d{3})$/;
const MM_PER_FOOT = 304.8;

/** A metric sheet's dimension string (4280) in feet; undefined for anything else. */
export function feetOfMillimetres(text: string): number | undefined {
  const trimmed = text.trim();
  return MILLIMETRES.test(trimmed) ? Number(trimmed.replace(',', '')) / MM_PER_FOOT : undefined;
}

/**
 * Feet per point each paired dimension implies. On a sheet whose note is a ratio (1:50), bare whole numbers
 * are read as millimetres too, as metric sheets write their dimensions.
 */
export function dimensionScales(
  phrases: readonly TextLine[],
  lines: ReadonlyArray<[Point, Point]>,
  metric = false,
): number[] {
  const horizontal = lines.filter(([a, b]) => Math.abs(a.y - b.y) <= Math.abs(a.x - b.x) * 0.002);
  const scales: number[] = [];
  for (const phrase of phrases) {
    const feet = feetOfDimension(phrase.text) ?? (metric ? feetOfMillimetres(phrase.text) : undefined);
    if (feet === undefined) continue;
    const middle = (phrase.x + phrase.right) / 2;
    const width = phrase.right - phrase.x;
    // The line under the text (the text sits on it or a little above) that spans the text's middle.
    let best: { length: number; gap: number } | undefined;
    for (const [a, b] of horizontal) {
      const gap = a.y - phrase.y;
      if (gap < -phrase.height * 0.2 || gap > phrase.height * 1.5) continue;
      const left = Math.min(a.x, b.x);
      const right = Math.max(a.x, b.x);
      const length = right - left;
      if (length < width || middle < left || middle > right) continue;
      // Centred on the line: dimension text is written at the middle of what it measures.
      if (Math.abs((left + right) / 2 - middle) > Math.max(length * 0.1, phrase.height)) continue;
      if (!best || gap < best.gap) best = { length, gap };
    }
    if (best) scales.push(feet / best.length);
  }
  return scales;
}

/**
 * A metric sheet's dimensions read as millimetres (`dimensionScales` with `metric`) or, where that agrees
 * better with its note, as centimetres (ArchiCAD's 464, 1,464): whichever unit the sheet writes in.
 */
export function inMetricUnit(scales: readonly number[], noteFeetPerPoint: number): number[] {
  const off = (read: readonly number[]) => {
    const agreed = agreedScale(read, 3);
    return agreed === undefined ? Infinity : Math.abs(Math.log(agreed / noteFeetPerPoint));
  };
  const inCentimetres = scales.map((s) => s * 10);
  return off(inCentimetres) < off(scales) ? inCentimetres : [...scales];
}

/** The scale most of the dimensions agree on (within 1%), when at least `quorum` do. */
export function agreedScale(scales: readonly number[], quorum = 3): number | undefined {
  let best: number[] = [];
  for (const candidate of scales) {
    const agreeing = scales.filter((s) => Math.abs(s / candidate - 1) <= 0.01);
    if (agreeing.length > best.length) best = agreeing;
  }
  if (best.length < quorum) return undefined;
  return best.reduce((a, b) => a + b, 0) / best.length;
}
