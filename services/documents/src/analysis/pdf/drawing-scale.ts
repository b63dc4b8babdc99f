/** Drawing scale notes: 1/4" = 1'-0", 1 1/2"=1'-0", 1" = 20', 1:100, SCALE 1/100, NTS. */

const ARCHITECTURAL =
  /(?<![\d/])(1\s+1\/2|\d+\/\d+|\d+(?:\.\d+)?)\s*(?:"|''|”|IN\.?)\s*=\s*(\d+)\s*(?:'|’|FT\.?)\s*(?:-?\s*(\d+(?:\s+\d+\/\d+)?)\s*(?:"|”))?/gi;
const RATIO = /(?<![\d:./])1\s*:\s*(\d{1,5}(?:\.\d{1,2})?)(?![\d:]|\.\d)/g;
/** "SCALE: 1/50", as Chinese and European sheets write a ratio after the word (a bare 1/50 is a fraction). */
const SLASHED_RATIO = /\bSCALE\s*[:=]?\s*1\s*\/\s*(\d{1,5})(?![\d/"”'’])/gi;
const COMMON_RATIOS = new Set([
  1, 2, 5, 10, 20, 25, 50, 75, 100, 125, 150, 200, 250, 500, 1000, 1250, 2000, 2500, 5000,
]);
/** A ratio with decimals (1:79.90) is a sheet printed to fit its paper, as ArchiCAD notes it; 1:2.5 is a proportion. */
const MIN_FITTED_RATIO = 20;
const NOT_TO_SCALE = /\b(?:NTS|N\.T\.S\.|NOT\s+TO\s+SCALE)\b/i;

/** Normalises to the usual way of writing it: 1/8" = 1'-0". */
function architectural(match: RegExpMatchArray): string {
  const paper = match[1].replace(/\s+/g, ' ');
  const inches = match[3] ?? '0';
  return `${paper}" = ${match[2]}'-${inches}"`;
}

/**
 * All scale notes on a page, most frequent first. Scale bars spelled out in
 * words ("one eighth inch = one foot") are legends listing every scale, so
 * they are not read as the sheet's scale.
 */
export function findScales(text: string): string[] {
  const counts = new Map<string, number>();
  const add = (scale: string) => counts.set(scale, (counts.get(scale) ?? 0) + 1);
  for (const match of text.matchAll(ARCHITECTURAL)) add(architectural(match));
  for (const match of [...text.matchAll(RATIO), ...text.matchAll(SLASHED_RATIO)]) {
    const denominator = Number(match[1]);
    // Drawing scales are round numbers; "1:3" in a sentence or a time like 11:01 is not one.
    if (COMMON_RATIOS.has(denominator)) add(`1:${denominator}`);
    else if (match[1].includes('.') && denominator >= MIN_FITTED_RATIO) add(`1:${match[1]}`);
  }
  if (counts.size === 0 && NOT_TO_SCALE.test(text)) add('NTS');
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([scale]) => scale);
}
