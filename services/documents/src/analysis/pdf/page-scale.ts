/**
 * A sheet's scale as a number: real feet per PDF point (1/72 inch of paper).
 * 1/4" = 1'-0" is 1/18; 1:50 is 50/864.
 */
import type { PageScale } from '../analysis.types';

const ARCHITECTURAL = /^(\d+(?:\s+\d+\/\d+)?|\d+\/\d+|\d+(?:\.\d+)?)" = (\d+)'-(\d+(?:\s+\d+\/\d+)?)"$/;
const RATIO = /^1:(\d+(?:\.\d+)?)$/;

/** "1 1/2" → 1.5, "3/32" → 0.09375, "0.25" → 0.25. */
function number(text: string): number {
  return text
    .trim()
    .split(/\s+/)
    .reduce((total, part) => {
      const [n, d] = part.split('/');
      return total + (d ? Number(n) / Number(d) : Number(n));
    }, 0);
}

/** Feet per point of a normalised scale note (as `findScales` writes it), or undefined for NTS or anything else. */
export function feetPerPointOf(note: string): number | undefined {
  const architectural = ARCHITECTURAL.exec(note);
  if (architectural) {
    const paperInches = number(architectural[1]);
    const realFeet = Number(architectural[2]) + number(architectural[3]) / 12;
    if (!(paperInches > 0) || !(realFeet > 0)) return undefined;
    return realFeet / paperInches / 72;
  }
  const ratio = RATIO.exec(note);
  if (ratio) return Number(ratio[1]) / 864;
  return undefined;
}

/** The page's scale: a calibration wins over the note; NTS or no note gives null. */
export function pageScaleOf(note: string | undefined, calibratedFeetPerPoint: number | undefined): PageScale | null {
  if (calibratedFeetPerPoint !== undefined && calibratedFeetPerPoint > 0) {
    return note
      ? { note, feetPerPoint: calibratedFeetPerPoint, source: 'calibration' }
      : { feetPerPoint: calibratedFeetPerPoint, source: 'calibration' };
  }
  if (!note) return null;
  const feetPerPoint = feetPerPointOf(note);
  return feetPerPoint ? { note, feetPerPoint, source: 'scale-note' } : null;
}
