import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EstimateChecks } from '@/features/estimates/components/EstimateChecks';
import type { EstimateData } from '@/features/estimates/lib/estimate';

afterEach(cleanup);

describe('EstimateChecks', () => {
  it('counts floors kept as existing apart from the materials that need a price', () => {
    const data = { materials: { total: 46, priced: 35, needsPrice: 9, kept: 2, proposed: 0 } } as EstimateData;
    render(<EstimateChecks data={data} />);
    expect(screen.getByTestId('estimate-material-counts').textContent).toBe(
      'Built from 46 materials: 35 priced, 9 need a price, 2 kept as existing (nothing to lay); 0 proposed (not yet kept).',
    );
  });

  it('says nothing of kept materials when there are none (an estimate made before they were counted)', () => {
    const data = { materials: { total: 8, priced: 7, needsPrice: 1, proposed: 0 } } as EstimateData;
    render(<EstimateChecks data={data} />);
    expect(screen.getByTestId('estimate-material-counts').textContent).toBe(
      'Built from 8 materials: 7 priced, 1 needs a price; 0 proposed (not yet kept).',
    );
  });
});
