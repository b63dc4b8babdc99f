import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { quantitiesFromRows } from './spreadsheet-quantities';

describe('quantities from spreadsheet rows', () => {
  it('reads description, quantity and unit under their headers, each row pointing at its sheet row', () => {
    const rows = [['Takeoff'], ['Description', 'Qty', 'Unit'], ['Concrete slab', '12,5', 'm3'], ['Rebar', 800, 'kg']];
    assert.deepEqual(quantitiesFromRows(rows, 'Sheet1', 1), [
      { description: 'Concrete slab', quantity: 12.5, unit: 'm3', source: { sheet: 'Sheet1', row: 3 } },
      { description: 'Rebar', quantity: 800, unit: 'kg', source: { sheet: 'Sheet1', row: 4 } },
    ]);
  });

  it('keeps the start of a very long description, not all of it for every row', () => {
    // One shared string of Excel's largest size in every row of a column.
    const long = `Gypsum board ${'x'.repeat(32_000)}`;
    const rows = [['Description', 'Qty', 'Unit'], ...Array.from({ length: 1_000 }, () => [long, 1, 'm2'])];
    const quantities = quantitiesFromRows(rows, 'Sheet1', 1);
    assert.equal(quantities.length, 1_000);
    assert.ok(quantities.every((q) => q.description.startsWith('Gypsum board') && q.description.length <= 500));
  });
});
