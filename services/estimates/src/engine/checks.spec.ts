import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measuredFloorArea, selfCheck } from './checks';

const drawings = { sqFt: 1800, source: 'the sum of the 7 rooms measured on plan.dxf' };

test('the floor area comes from a floor-area material first, then the drawings, then room materials', () => {
  const rooms = [
    { name: 'Kitchen', quantity: '20', unit: 'sq m', origin: { kind: 'room', ref: 'KITCHEN' } },
    { name: 'Bedroom', quantity: '150', unit: 'sq ft', origin: { kind: 'room', ref: 'BED 1' } },
    // The same room twice (asked again) counts once.
    { name: 'Bedroom', quantity: '150', unit: 'sq ft', origin: { kind: 'room', ref: 'BED 1' } },
  ];
  const fromRooms = measuredFloorArea(rooms);
  assert.ok(Math.abs(fromRooms!.sqFt - (20 * 10.7639104 + 150)) < 0.01);
  assert.match(fromRooms!.source, /2 room areas/);
  assert.deepEqual(measuredFloorArea(rooms, drawings), drawings);
  const footprint = measuredFloorArea(
    [...rooms, { name: 'Gross floor area', quantity: '2261', unit: 'sq ft' }],
    drawings,
  );
  assert.equal(footprint!.sqFt, 2261);
  assert.match(footprint!.source, /Gross floor area/);
  assert.equal(measuredFloorArea([{ name: 'Walls', quantity: '100', unit: 'ft' }]), undefined);
});

test('cost per square foot is checked against the range for a house, both ways', () => {
  const base = {
    lines: [],
    subtotal: 0n,
    buildingType: 'house' as const,
    dimensionFindings: [],
    unpriced: 0,
    proposed: 0,
    materials: 1,
  };
  const low = selfCheck({ ...base, total: 50_000_00n, floorArea: { sqFt: 1000, source: 'x' } });
  assert.equal(low.costPerSqFt, '50.00');
  assert.match(low.warnings[0]!.message, /below the \$100–\$400 per sq ft typical for a house/);
  const high = selfCheck({ ...base, total: 900_000_00n, floorArea: { sqFt: 1000, source: 'x' } });
  assert.match(high.warnings[0]!.message, /above/);
  const fine = selfCheck({ ...base, total: 200_000_00n, floorArea: { sqFt: 1000, source: 'x' } });
  assert.deepEqual(fine.warnings, []);
});
