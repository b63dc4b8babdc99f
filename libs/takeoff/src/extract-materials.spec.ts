import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractMaterials, newMaterials } from './extract-materials';
import { normalizeUnit } from './units';

describe('material extraction (SPEC §9)', () => {
  it('reads the phrasing the assistant answers in', () => {
    const reply = [
      'From A-101 (layer DOORS):',
      '- 14 ea doors',
      '- 1,250 sq ft drywall',
      '- 3.5 cu yd concrete for the footings',
      '- 120 ft of 2" PVC pipe',
      '- 48 ea pipe couplings',
    ].join('\n');
    assert.deepEqual(extractMaterials(reply), [
      { name: 'doors', quantity: '14', unit: 'ea', category: 'AI Detected', source: 'ai' },
      { name: 'drywall', quantity: '1250', unit: 'sq ft', category: 'AI Detected', source: 'ai' },
      { name: 'concrete for the footings', quantity: '3.5', unit: 'cu yd', category: 'Concrete', source: 'ai' },
      { name: '2" PVC pipe', quantity: '120', unit: 'ft', category: 'Pipe', source: 'ai' },
      { name: 'pipe couplings', quantity: '48', unit: 'ea', category: 'Pipe', source: 'ai' },
    ]);
  });

  it('normalises every unit the spec names', () => {
    const cases: Array<[string, string]> = [
      ['square feet', 'sq ft'],
      ['SF', 'sq ft'],
      ['cubic yards', 'cu yd'],
      ['CY', 'cu yd'],
      ['cu. ft.', 'cu ft'],
      ['linear feet', 'ft'],
      ['LF', 'ft'],
      ['inches', 'in'],
      ['metres', 'm'],
      ['mm', 'mm'],
      ['cm', 'cm'],
      ['kilograms', 'kg'],
      ['lbs', 'lb'],
      ['each', 'ea'],
      ['pcs', 'ea'],
    ];
    for (const [spelling, unit] of cases) assert.equal(normalizeUnit(spelling), unit, spelling);
    assert.deepEqual(
      extractMaterials('Order 2,400 lbs rebar and 36 pcs anchor bolts, plus 15 m conduit.').map((m) => [
        m.name,
        m.quantity,
        m.unit,
        m.category,
      ]),
      [
        ['rebar', '2400', 'lb', 'AI Detected'],
        ['anchor bolts', '36', 'ea', 'Connector'],
        ['conduit', '15', 'm', 'AI Detected'],
      ],
    );
  });

  it('keeps one of each name and unit, and adds none already listed', () => {
    const extracted = extractMaterials('- 14 ea doors\n- 14 ea Doors\n- 14 sq ft doors');
    assert.deepEqual(
      extracted.map((m) => [m.name, m.unit]),
      [
        ['doors', 'ea'],
        ['doors', 'sq ft'],
      ],
    );
    assert.deepEqual(
      newMaterials(extracted, [{ name: 'Doors', unit: 'each' }]).map((m) => [m.name, m.unit]),
      [['doors', 'sq ft']],
    );
  });

  it('takes what a quantity is from its own line only', () => {
    const listing =
      'plan.pdf:\n  layer stroke #858585 0.24 pt: 11,283 ft\n  layer stroke #000000 0.48 pt: 9,349 ft\n  rooms: 46';
    assert.deepEqual(extractMaterials(listing), []);
    assert.deepEqual(
      extractMaterials('- 14 ea doors\n- 120 ft of 2" PVC pipe').map((m) => [m.quantity, m.unit, m.name]),
      [
        ['14', 'ea', 'doors'],
        ['120', 'ft', '2" PVC pipe'],
      ],
    );
  });

  it('finds nothing in a reply without quantities, and ignores bare numbers', () => {
    assert.deepEqual(extractMaterials('The documents do not show any door schedule.'), []);
    assert.deepEqual(extractMaterials('Sheet A-101 was revised in 2024 (rev 3).'), []);
  });
});
