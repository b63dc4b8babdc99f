import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeEstimate } from './cost-engine';
import type { EngineResult } from './estimate-data';
import { CATALOGUE } from './catalogue';
import { conversionFactor, normalizeUnit } from '@kerf/takeoff';
import { divRoundHalfUp, formatCents, parseScaled, toCents } from './money';
import type { MaterialInput } from './matching';

/** A small deterministic PRNG so a failing case can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const UNITS_FOR = ['ft', 'm', 'sq ft', 'sq m', 'cu yd', 'cu ft', 'each', 'lb', 'kg', 'gal', 'furlong'];

function generateMaterials(seed: number): MaterialInput[] {
  const random = rng(seed);
  const count = Math.floor(random() * 25);
  return Array.from({ length: count }, () => {
    const item = CATALOGUE[Math.floor(random() * CATALOGUE.length)]!;
    const useOwnUnit = random() < 0.6;
    const unit = useOwnUnit ? item.unit : UNITS_FOR[Math.floor(random() * UNITS_FOR.length)]!;
    const quantity = (random() * 5000).toFixed(Math.floor(random() * 4));
    const name = random() < 0.9 ? item.name : 'Unobtainium widget';
    return { name, quantity, unit, category: random() < 0.5 ? item.division : undefined };
  });
}

function checkInvariants(result: EngineResult, overheadPct: string, profitPct: string) {
  const cents = (s: string) => toCents(s);
  const money = /^-?\d+\.\d{2}$/;
  let material = 0n;
  let labor = 0n;
  let equipment = 0n;
  let sectionsTotal = 0n;
  for (const section of result.estimateData.sections) {
    let subtotal = 0n;
    for (const item of section.items) {
      for (const field of ['unitCost', 'materialCost', 'laborCost', 'equipmentCost', 'totalCost'] as const) {
        assert.match(item[field], money, `${field} ${item[field]}`);
      }
      // A price item's total is quantity × unit cost; an assembly's is the sum of its components', each so.
      for (const part of item.components ?? [item]) {
        const q = parseScaled(part.quantity, 4);
        assert.equal(
          cents(part.totalCost),
          divRoundHalfUp(q * cents(part.unitCost), 10_000n),
          'total = qty × unit cost',
        );
        assert.equal(
          cents(part.materialCost) + cents(part.laborCost) + cents(part.equipmentCost),
          cents(part.totalCost),
        );
      }
      if (item.components) {
        for (const field of ['materialCost', 'laborCost', 'equipmentCost', 'totalCost'] as const)
          assert.equal(
            item.components.reduce((a, c) => a + cents(c[field]), 0n),
            cents(item[field]),
            `components add up to the line's ${field}`,
          );
      }
      assert.equal(
        cents(item.unitCost),
        cents(item.materialUnitCost) + cents(item.laborUnitCost) + cents(item.equipmentUnitCost),
      );
      assert.equal(cents(item.materialCost) + cents(item.laborCost) + cents(item.equipmentCost), cents(item.totalCost));
      assert.ok(cents(item.materialCost) >= 0n && cents(item.laborCost) >= 0n && cents(item.equipmentCost) >= 0n);
      subtotal += cents(item.totalCost);
      material += cents(item.materialCost);
      labor += cents(item.laborCost);
      equipment += cents(item.equipmentCost);
    }
    assert.equal(cents(section.subtotal), subtotal, 'section subtotal = sum of items');
    sectionsTotal += subtotal;
  }
  assert.equal(cents(result.materialCost), material);
  assert.equal(cents(result.laborCost), labor);
  assert.equal(cents(result.equipmentCost), equipment);
  assert.equal(sectionsTotal, material + labor + equipment, 'sections sum to material + labour + equipment');
  const subtotal = material + labor + equipment;
  const overhead = divRoundHalfUp(subtotal * parseScaled(overheadPct, 2), 10_000n);
  const profit = divRoundHalfUp((subtotal + overhead) * parseScaled(profitPct, 2), 10_000n);
  assert.equal(cents(result.overheadAmount), overhead);
  assert.equal(cents(result.profitAmount), profit);
  assert.equal(cents(result.totalCost), subtotal + overhead + profit, 'total = subtotal + overhead + profit');
  for (const field of [
    'materialCost',
    'laborCost',
    'equipmentCost',
    'totalCost',
    'overheadAmount',
    'profitAmount',
  ] as const) {
    assert.match(result[field], money);
  }
}

test('invariants hold over 300 generated material lists', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const materials = generateMaterials(seed);
    const random = rng(seed * 7);
    const overhead = (random() * 50).toFixed(2);
    const profit = (random() * 30).toFixed(2);
    const result = computeEstimate(materials, {
      overheadPercentage: overhead,
      profitMargin: profit,
      includeTimeline: true,
      includeMilestones: true,
    });
    try {
      checkInvariants(result, overhead, profit);
      const priced = result.estimateData.sections.reduce((n, s) => n + s.items.length, 0);
      assert.equal(
        priced + result.estimateData.unpriced.length,
        materials.length,
        'every material priced or listed unpriced',
      );
    } catch (error) {
      throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
    }
  }
});

test('a known case adds up to the cent', () => {
  const result = computeEstimate([{ name: 'Ready-mix concrete 3000 psi', quantity: '10', unit: 'cu yd' }], {
    overheadPercentage: '15',
    profitMargin: '10',
    includeTimeline: true,
    includeMilestones: true,
  });
  // 145.00 material + 0.8 h × 65.00 = 52.00 labour + 12.00 equipment = 209.00 per cu yd
  const item = result.estimateData.sections[0]!.items[0]!;
  assert.equal(item.unitCost, '209.00');
  assert.equal(item.totalCost, '2090.00');
  assert.equal(result.materialCost, '1450.00');
  assert.equal(result.laborCost, '520.00');
  assert.equal(result.equipmentCost, '120.00');
  assert.equal(result.overheadAmount, '313.50');
  assert.equal(result.profitAmount, '240.35'); // (2090 + 313.50) × 10 % = 240.35
  assert.equal(result.totalCost, '2643.85');
  assert.equal(result.estimateData.timeline?.duration, 1); // 8 h / (4 × 8)
  assert.equal(result.estimateData.sections[0]!.name, '03 Concrete');
});

test('units convert where compatible: metres priced against a per-foot item', () => {
  const result = computeEstimate([{ name: 'Copper pipe', quantity: '10', unit: 'm' }], {
    overheadPercentage: '0',
    profitMargin: '0',
    includeTimeline: false,
    includeMilestones: false,
  });
  const item = result.estimateData.sections[0]!.items[0]!;
  assert.equal(item.unit, 'ft');
  assert.equal(item.quantity, '32.8084');
  assert.equal(result.estimateData.timeline, undefined);
  assert.equal(result.estimateData.milestones, undefined);
});

test('conversion factors', () => {
  const near = (a: number | undefined, b: number) =>
    assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`);
  near(conversionFactor('ft', 'm'), 0.3048);
  near(conversionFactor('m', 'ft'), 1 / 0.3048);
  near(conversionFactor('sq ft', 'sq m'), 0.09290304);
  near(conversionFactor('SF', 'sq m'), 0.09290304);
  near(conversionFactor('cu yd', 'cu ft'), 27);
  near(conversionFactor('CY', 'm3'), 0.764554857984);
  near(conversionFactor('lbs', 'kg'), 0.45359237);
  near(conversionFactor('ea', 'pcs'), 1);
  assert.equal(conversionFactor('sq ft', 'ft'), undefined);
  assert.equal(conversionFactor('cu yd', 'sq ft'), undefined);
  assert.equal(conversionFactor('furlong', 'ft'), undefined);
  assert.equal(normalizeUnit('Square Feet'), 'sq ft');
  assert.equal(normalizeUnit('cu. yd.'), 'cu yd');
});

test('unpriced materials are listed in the assumptions, never guessed or dropped', () => {
  const result = computeEstimate(
    [
      { name: 'Unobtainium widget', quantity: '3', unit: 'each' },
      { name: 'Drywall', quantity: '100', unit: 'furlong' },
      { name: 'Concrete', quantity: 'lots', unit: 'cu yd' },
      { name: 'Drywall', quantity: '100', unit: 'ft' }, // area item, length unit: incompatible
      { name: 'Gypsum board 1/2 in', quantity: '100', unit: 'sq ft', category: 'Drywall' },
    ],
    { overheadPercentage: '15', profitMargin: '10', includeTimeline: true, includeMilestones: true },
  );
  assert.equal(result.estimateData.unpriced.length, 4);
  assert.deepEqual(
    result.estimateData.unpriced.map((u) => u.name),
    ['Unobtainium widget', 'Drywall', 'Concrete', 'Drywall'],
  );
  for (const u of result.estimateData.unpriced) {
    assert.ok(
      result.estimateData.assumptions.some((a) => a.startsWith(`Needs a price: ${u.name}, ${u.quantity} ${u.unit}`)),
    );
  }
  assert.equal(result.estimateData.sections.length, 1);
  assert.equal(result.estimateData.sections[0]!.name, '09 Finishes');
});

test('a price list overrides the catalogue', () => {
  const result = computeEstimate([{ name: 'Ready-mix concrete 3000 psi', quantity: '2', unit: 'cu yd' }], {
    overheadPercentage: '0',
    profitMargin: '0',
    includeTimeline: false,
    includeMilestones: false,
    laborRate: '50.00',
    priceList: {
      name: 'Acme 2026',
      items: [
        {
          code: 'A-1',
          division: '03 Concrete',
          name: 'Concrete 3000 psi',
          unit: 'cu m',
          materialCost: '200.00',
          laborHours: '1',
          equipmentCost: '0',
        },
      ],
    },
  });
  const item = result.estimateData.sections[0]!.items[0]!;
  assert.equal(item.source, 'price-list');
  assert.equal(item.unit, 'cu m');
  assert.equal(item.quantity, '1.5291'); // 2 cu yd = 1.52911 cu m
  assert.equal(item.unitCost, '250.00');
  assert.equal(item.totalCost, '382.28'); // 1.5291 × 250 = 382.275 → half-up
});

test('money helpers round half-up and format two decimals', () => {
  assert.equal(divRoundHalfUp(5n, 10n), 1n);
  assert.equal(divRoundHalfUp(4n, 10n), 0n);
  assert.equal(divRoundHalfUp(-5n, 10n), -1n);
  assert.equal(formatCents(5n), '0.05');
  assert.equal(formatCents(123456n), '1234.56');
  assert.equal(parseScaled('1.005', 2), 101n);
  assert.equal(parseScaled('.5', 2), 50n);
  assert.throws(() => parseScaled('abc', 2));
  assert.throws(() => parseScaled('1e3', 2));
});

test('the catalogue has about 150 well-formed items across the divisions', () => {
  assert.ok(CATALOGUE.length >= 150, `${CATALOGUE.length}`);
  const divisions = new Set(CATALOGUE.map((i) => i.division));
  for (const d of ['03', '04', '05', '06', '07', '08', '09', '22', '23', '26', '31', '32']) {
    assert.ok(
      [...divisions].some((name) => name.startsWith(d)),
      d,
    );
  }
  for (const item of CATALOGUE) {
    assert.ok(normalizeUnit(item.unit), `${item.code} unit ${item.unit}`);
    toCents(item.materialCost);
    toCents(item.equipmentCost);
    parseScaled(item.laborHours, 4);
  }
  assert.equal(new Set(CATALOGUE.map((i) => i.code)).size, CATALOGUE.length, 'codes unique');
});

test('a shared size alone is no match, and a material filed under another trade is not priced from it', () => {
  const options = { overheadPercentage: '15', profitMargin: '10', includeTimeline: false, includeMilestones: false };
  const result = computeEstimate(
    [
      // "2x4" is also the size of a light fitting: studs must not be priced as troffers.
      { name: '2x4 studs', quantity: '220', unit: 'ea', category: 'Wood' },
      { name: 'Gypsum board 1/2 in', quantity: '960', unit: 'sq ft', category: 'Drywall' },
    ],
    options,
  );
  const priced = result.estimateData.sections.flatMap((section) => section.items.map((item) => item.description));
  assert.ok(!priced.some((description) => /troffer/i.test(description)), priced.join(', '));
  assert.ok(priced.some((description) => /Gypsum board/.test(description)));
  assert.ok(
    result.estimateData.assumptions.some((text) => /2x4 studs/.test(text)),
    'listed as unpriced',
  );
});
