import { describe, expect, it } from 'vitest';
import { pageScaleLabel } from '@/features/documents/lib/page-scale';

const page = { number: 1, text: '' };

describe('pageScaleLabel', () => {
  it('shows a scale note as written, whether the analysis gives a string or a scale object', () => {
    expect(pageScaleLabel({ ...page, scale: '1/8" = 1\'-0"' }, {})).toBe('1/8" = 1\'-0"');
    expect(
      pageScaleLabel({ ...page, scale: { note: '1/8" = 1\'-0"', feetPerPoint: 1 / 9, source: 'scale-note' } }, {}),
    ).toBe('1/8" = 1\'-0"');
  });

  it('names who calibrated a page, with the scale as inches to feet', () => {
    const overrides = { pageScales: { '1': { feetPerPoint: 1 / 18, setBy: 'Sam Builder', setAt: '' } } };
    expect(pageScaleLabel({ ...page, scale: { feetPerPoint: 1 / 18, source: 'calibration' } }, overrides)).toBe(
      '1" = 4\', calibrated by Sam Builder',
    );
    // Stored but not yet in the analysis (it is being redone): the calibration replaces the note.
    expect(pageScaleLabel({ ...page, scale: '1/8" = 1\'-0"' }, overrides)).toBe('1" = 4\', calibrated by Sam Builder');
  });

  it('says a scale measured on the sheet is measured, quoting a note the print does not keep', () => {
    const reduced = { note: '1/16" = 1\'-0"', feetPerPoint: 0.3428, source: 'dimensions' as const };
    expect(pageScaleLabel({ ...page, scale: reduced }, {})).toBe(
      '1" = 24.68\', measured on the sheet (its note says 1/16" = 1\'-0")',
    );
    expect(pageScaleLabel({ ...page, scale: { feetPerPoint: 1 / 9, source: 'dimensions' } }, {})).toBe(
      '1" = 8\', measured on the sheet',
    );
  });

  it('is empty for a page without a scale', () => {
    expect(pageScaleLabel({ ...page, scale: null }, {})).toBe('');
    expect(pageScaleLabel(page, undefined)).toBe('');
  });
});
