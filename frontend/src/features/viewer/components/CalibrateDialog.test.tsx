import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CalibrateDialog } from './CalibrateDialog';

const open = { lengthPts: 180, pageNumber: 1, busy: false, error: null, onCancel: () => {}, onSave: () => {} };

describe('CalibrateDialog', () => {
  it('says a calibration sets the scale of the whole page', () => {
    render(<CalibrateDialog {...open} />);
    expect(screen.getByText(/Every length and area on this page is measured with it/)).toBeTruthy();
  });

  it('says how a page with drawings at several scales is corrected', () => {
    render(<CalibrateDialog {...open} drawingScales={[`1/4" = 1'-0"`, `1/2" = 1'-0"`]} />);
    expect(
      screen.getByText(
        /This page has drawings at 1\/4" = 1'-0" and 1\/2" = 1'-0": each is measured at its own scale, corrected by the same factor/,
      ),
    ).toBeTruthy();
  });
});
