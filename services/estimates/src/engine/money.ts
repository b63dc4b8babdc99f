/**
 * Exact decimal arithmetic for the estimate: money in integer cents (bigint),
 * quantities and rates as scaled integers. Nothing here touches a float.
 */

/** A decimal string as a bigint scaled by 10^scale, rounded half-up beyond that scale; throws on non-numbers. */
export function parseScaled(value: string, scale: number): bigint {
  const text = value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal number: "${value}"`);
  const [, sign, whole = '', frac = ''] = match;
  const padded = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let scaled = BigInt((whole || '0') + padded.slice(0, scale));
  if (Number(padded[scale]) >= 5) scaled += 1n;
  return sign === '-' ? -scaled : scaled;
}

/** Divides a non-negative-or-negative bigint, rounding half away from zero (half-up on magnitudes). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

export const toCents = (value: string): bigint => parseScaled(value, 2);

/** Cents as a string with two decimals: 123456n → "1234.56". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A scaled integer back to a trimmed decimal string: (12500n, 4) → "1.25". */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(scale);
  const frac = (abs % base).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / base}${frac ? `.${frac}` : ''}`;
}
