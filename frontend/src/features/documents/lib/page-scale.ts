import type { DocumentAnalysis, PageScale } from '@/features/documents/api/documents';

type Page = NonNullable<DocumentAnalysis['pages']>[number];

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Feet per PDF point as a person reads a plan's scale: 1/18 ft per point is 1" = 4' on the sheet. */
function ratio(scale: PageScale): string {
  return `1" = ${number.format(scale.feetPerPoint * 72)}'`;
}

/**
 * A page's scale as the findings list shows it: the note as written, or the
 * ratio with where it came from (a calibration names who made it; one measured
 * on a sheet printed at another size quotes the note it does not keep).
 */
export function pageScaleLabel(page: Page, overrides: DocumentAnalysis['overrides'] | undefined): string {
  const scale = page.scale;
  const calibration = overrides?.pageScales?.[String(page.number)];
  const by = calibration ? ` by ${calibration.setBy}` : '';
  if (scale && typeof scale === 'object' && scale.source === 'calibration') return `${ratio(scale)}, calibrated${by}`;
  // A calibration replaces the note; it shows even while the analysis is being redone with it.
  if (calibration)
    return `${ratio({ feetPerPoint: calibration.feetPerPoint, source: 'calibration' })}, calibrated${by}`;
  if (typeof scale === 'string') return scale;
  // Measured from the sheet (its scale bar, dimensions or room sizes): a note the print does not keep is only quoted.
  if (scale?.source === 'dimensions')
    return `${ratio(scale)}, measured on the sheet${scale.note ? ` (its note says ${scale.note})` : ''}`;
  return scale ? (scale.note ?? ratio(scale)) : '';
}
