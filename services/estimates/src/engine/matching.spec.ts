import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeEstimate } from './cost-engine';
import type { EstimateItem } from './estimate-data';
import { STARTER_ASSEMBLIES } from './starter-assemblies';
import { dimensionOf, normalizeUnit } from '@kerf/takeoff';
import type { MaterialInput } from './matching';

const options = { overheadPercentage: '15', profitMargin: '10', includeTimeline: false, includeMilestones: false };
const items = (r: ReturnType<typeof computeEstimate>): EstimateItem[] =>
  r.estimateData.sections.flatMap((s) => s.items);

test('wall linework and a covered deck are never priced as casework or metal decking', () => {
  const result = computeEstimate(
    [
      { name: 'Walls', quantity: '716.3', unit: 'ft', origin: { kind: 'layer', ref: 'A-WALL', dimension: 'length' } },
      { name: 'Linework on layer A-WALL', quantity: '1432.6', unit: 'ft' },
      { name: 'COVERED DECK', quantity: '240', unit: 'sq ft', origin: { kind: 'room', ref: 'COVERED DECK' } },
      { name: 'wall', quantity: '120', unit: 'ft' },
    ],
    options,
  );
  for (const item of items(result)) {
    assert.doesNotMatch(item.pricedBy, /cabinet|casework|metal (floor|roof) deck/i, item.description);
  }
  const needs = new Map(result.estimateData.unpriced.map((u) => [u.name, u]));
  assert.match(needs.get('Linework on layer A-WALL')!.reason, /not a wall length/);
  const walls = needs.get('Walls')!;
  assert.ok(walls.candidates.some((c) => /Interior partition/.test(c.name)));
  assert.ok(walls.candidates.every((c) => !/cabinet/i.test(c.name)));
  assert.ok(needs.get('COVERED DECK')!.candidates.every((c) => /deck/i.test(c.name) && !/metal/i.test(c.name)));
});

test('a wall layer named by its height ("wall high") is not priced by an assembly that says "high"', () => {
  const result = computeEstimate(
    ['wall high', 'wall low', 'WALL-TALL'].map((ref) => ({
      name: `Walls (${ref})`,
      quantity: '280.9',
      unit: 'ft',
      category: 'Walls',
      origin: { kind: 'layer', ref, dimension: 'length' },
    })),
    options,
  );
  assert.deepEqual(items(result), [], 'the drawing does not say which wall it is');
  for (const unpriced of result.estimateData.unpriced) {
    assert.ok(unpriced.candidates.length >= 2, unpriced.name);
    assert.ok(
      unpriced.candidates.some((c) => /partition/i.test(c.name)),
      unpriced.name,
    );
  }
});

test('the walls a PDF page measures round its spaces are offered wall assemblies, never taken for a room', () => {
  const name = 'walls round the measured spaces';
  const result = computeEstimate(
    [{ name, quantity: '2835.6', unit: 'LF', origin: { kind: 'layer', ref: name, dimension: 'length' } }],
    options,
  );
  assert.deepEqual(items(result), [], 'the sheet does not say which walls are interior or exterior');
  const [walls] = result.estimateData.unpriced;
  assert.ok(
    walls!.candidates.some((c) => /Interior partition/.test(c.name)),
    JSON.stringify(walls),
  );
  assert.doesNotMatch(walls!.reason, /room/);
});

test('no priced line measures something other than its material', () => {
  const units = ['ft', 'm', 'sq ft', 'sq m', 'cu yd', 'each', 'lb'];
  const names = [
    'Walls',
    'Doors',
    'Floor area',
    'Slab on grade 4 in',
    'Roof',
    'Kitchen',
    'Windows',
    'Concrete',
    'Deck',
  ];
  const materials: MaterialInput[] = names.flatMap((name) => units.map((unit) => ({ name, quantity: '100', unit })));
  const result = computeEstimate(materials, options);
  for (const section of result.estimateData.sections)
    for (const item of section.items)
      assert.equal(dimensionOf(item.unit), dimensionOf(item.sourceQuantity.unit), `${item.description} ${item.unit}`);
  assert.ok(!result.estimateData.warnings.some((w) => w.code === 'unit-dimension'));
});

test('a quantity whose origin says area but whose unit is a length is not priced, and the check says so', () => {
  const result = computeEstimate(
    [{ name: 'Floor area', quantity: '100', unit: 'ft', origin: { kind: 'room', ref: 'LIVING', dimension: 'area' } }],
    options,
  );
  assert.equal(items(result).length, 0);
  assert.ok(result.estimateData.warnings.some((w) => w.code === 'unit-dimension' && /Floor area/.test(w.message)));
});

test('an assembly expands a wall length into its components with waste', () => {
  const result = computeEstimate([{ name: 'Interior partition walls', quantity: '100', unit: 'ft' }], options);
  const [line] = items(result);
  assert.equal(line?.kind, 'assembly');
  assert.match(line!.pricedBy, /Interior partition/);
  const gypsum = line!.components!.find((c) => /Gypsum/.test(c.name))!;
  assert.equal(gypsum.quantity, '2016'); // 100 ft × 18 sq ft × 1.12
  assert.equal(gypsum.wastePercent, '12');
  const studs = line!.components!.find((c) => /studs/.test(c.name))!;
  assert.equal(studs.quantity, '90'); // 100 × 0.85 × 1.05 = 89.25 → whole studs
  assert.ok(line!.components!.some((c) => /labour/i.test(c.name) && Number(c.laborCost) > 0));
  assert.equal(line!.waste, '5–12%');
});

test('a remembered choice prices its source and says so', () => {
  const material: MaterialInput = {
    name: 'Walls',
    quantity: '50',
    unit: 'ft',
    origin: { kind: 'layer', ref: 'wall high' },
  };
  const before = computeEstimate([material], options);
  assert.equal(items(before).length, 0);
  const after = computeEstimate([material], {
    ...options,
    mappings: [{ sourceKey: 'layer:wall high', targetKind: 'assembly', targetCode: 'A-0611-EXT' }],
  });
  const [line] = items(after);
  assert.equal(line?.code, 'A-0611-EXT');
  assert.equal(line?.mapped, true);
  assert.match(line!.reason, /applied your earlier choice/);
});

/** A room sent to materials from a drawing's takeoff, as documents' from-takeoff sends it. */
const roomMaterial = (name: string, ref: string, area: string): MaterialInput => ({
  name,
  quantity: area,
  unit: 'SF',
  origin: { kind: 'room', ref, page: 1, dimension: 'area' },
});

test('rooms named by their schedule’s floor finish are priced by that floor finish; a room named only by itself is not', () => {
  // As documents' from-takeoff names a room whose room finish schedule gives its floor (VA finish plan rooms).
  const room = (name: string, ref: string, area: string) => ({
    ...roomMaterial(name, ref, area),
    category: 'Flooring',
  });
  const result = computeEstimate(
    [
      room('Broadloom carpet (CPT-1), PATIENT ROOM 145', 'PATIENT ROOM 145', '168'),
      room('Vinyl composition tile (VCT-1), VENDING 135', 'VENDING 135', '84'),
      room('Porcelain ceramic tile (PT-1), TOILET 154', 'TOILET 154', '50'),
      // Two finishes, or a code no material schedule names: which product is not known.
      room('CPT-1/VCT-1 floor, CONFERENCE/BREAK ROOM 134', 'CONFERENCE/BREAK ROOM 134', '275'),
      room('WSF-1 floor, SOILED UTILITY 142', 'SOILED UTILITY 142', '46'),
      { ...room('ELECTRICAL ROOM 133', 'ELECTRICAL ROOM 133', '84'), category: undefined },
    ],
    options,
  );
  const pricedBy = Object.fromEntries(items(result).map((i) => [i.material, i.code]));
  assert.deepEqual(pricedBy, {
    'Broadloom carpet (CPT-1), PATIENT ROOM 145': 'A-0968-CPT',
    'Vinyl composition tile (VCT-1), VENDING 135': 'A-0965-VCT',
    'Porcelain ceramic tile (PT-1), TOILET 154': 'A-0930-PORC',
  });
  assert.deepEqual(
    result.estimateData.unpriced.map((u) => u.name),
    ['CPT-1/VCT-1 floor, CONFERENCE/BREAK ROOM 134', 'WSF-1 floor, SOILED UTILITY 142', 'ELECTRICAL ROOM 133'],
  );
  // Installed cost per square foot, before overhead and profit, in the range of published unit costs.
  const perSqFt = Object.fromEntries(
    items(result).map((i) => [i.code, Number(i.totalCost) / Number(i.sourceQuantity.quantity)]),
  );
  const within = (code: string, low: number, high: number) =>
    assert.ok(perSqFt[code]! >= low && perSqFt[code]! <= high, `${code}: $${perSqFt[code]!.toFixed(2)}/sq ft`);
  within('A-0968-CPT', 3, 8);
  within('A-0965-VCT', 2.5, 6);
  within('A-0930-PORC', 10, 20);
});

test('a room’s base, measured along its perimeter, is priced by the foot as base, never as a floor finish', () => {
  // As the assistant proposes the base a room finish schedule gives a room (VA finish plan: RB-1 RESILIENT BASE).
  const base = (name: string, ref: string, feet: string): MaterialInput => ({
    name,
    quantity: feet,
    unit: 'ft',
    origin: { kind: 'room', ref, page: 1, dimension: 'length' },
  });
  const result = computeEstimate(
    [
      base('RB-1 resilient base (MED 150)', 'MED 150', '60.38'),
      base('Vinyl wall base (OFFICE 101)', 'OFFICE 101', '52'),
      base('Wood baseboard (BEDROOM 2)', 'BEDROOM 2', '44'),
    ],
    options,
  );
  assert.deepEqual(Object.fromEntries(items(result).map((i) => [i.material, [i.code, i.sourceQuantity.quantity]])), {
    'RB-1 resilient base (MED 150)': ['09 65 00.30', '60.38'],
    'Vinyl wall base (OFFICE 101)': ['09 65 00.30', '52'],
    'Wood baseboard (BEDROOM 2)': ['06 20 00.10', '44'],
  });
  assert.deepEqual(result.estimateData.unpriced, []);
});

test('a commercial plan’s rooms are floors to finish, never plumbing fixtures or a house’s room finishes', () => {
  const room = roomMaterial;
  const result = computeEstimate(
    [
      // Two codes of one product in the schedule (two colours of one porcelain tile), and a sealed concrete floor.
      room('Porcelain ceramic tile (PT-1/PT-2), TOILET 154', 'TOILET 154', '65'),
      room('Concrete sealer (C), LOW VOLTAGE 167', 'LOW VOLTAGE 167', '33'),
      // No floor in any schedule: a toilet room, an elevator lobby, a stair; and a code no schedule spells out.
      room('TOILET 145A', 'TOILET 145A', '50'),
      room('ELEVATOR LOBBY', 'ELEVATOR LOBBY', '611'),
      room('STAIRWELL 125', 'STAIRWELL 125', '76'),
      room('WSF-1 floor, SOILED UTILITY 142', 'SOILED UTILITY 142', '61'),
      room('Existing floor (EXIST), ELECTRICAL ROOM 133', 'ELECTRICAL ROOM 133', '84'),
      room(
        'Broadloom carpet (CPT-1) + vinyl composition tile (VCT-1), CONFERENCE/BREAK ROOM 134',
        'CONFERENCE/BREAK ROOM 134',
        '275',
      ),
      // A house plan's rooms, as its tags abbreviate them, are a house's rooms.
      room('BEDROOM 2', 'BEDROOM 2', '148'),
      room('MSTR. BATH', 'MSTR. BATH', '96'),
      room('TOIL.', 'TOIL.', '30'),
      room('KITCHEN', 'KITCHEN', '160'),
    ],
    options,
  );
  const pricedBy = Object.fromEntries(items(result).map((i) => [i.material, i.code]));
  assert.deepEqual(pricedBy, {
    'Porcelain ceramic tile (PT-1/PT-2), TOILET 154': 'A-0930-PORC',
    'Concrete sealer (C), LOW VOLTAGE 167': 'A-0935-SEAL',
    'BEDROOM 2': 'A-09-ROOM',
    'MSTR. BATH': 'A-09-ROOM',
    'TOIL.': 'A-09-ROOM',
    KITCHEN: 'A-09-ROOM',
  });
  const unpriced = Object.fromEntries(result.estimateData.unpriced.map((u) => [u.name, u]));
  assert.deepEqual(Object.keys(unpriced).sort(), [
    'Broadloom carpet (CPT-1) + vinyl composition tile (VCT-1), CONFERENCE/BREAK ROOM 134',
    'ELEVATOR LOBBY',
    'Existing floor (EXIST), ELECTRICAL ROOM 133',
    'STAIRWELL 125',
    'TOILET 145A',
    'WSF-1 floor, SOILED UTILITY 142',
  ]);
  for (const u of Object.values(unpriced)) {
    assert.doesNotMatch(u.reason, /plumbing fixture/, u.name);
    assert.ok(!u.candidates.some((c) => c.code === 'A-09-ROOM'), `${u.name}: ${JSON.stringify(u.candidates)}`);
  }
  // A room no schedule gives a floor is offered floor finishes to choose from.
  assert.equal(
    unpriced['ELEVATOR LOBBY']!.reason,
    'no floor finish is given for this room (no room finish schedule names one): choose one',
  );
  assert.ok(unpriced['TOILET 145A']!.candidates.some((c) => c.code === 'A-0930-PORC'));
  // A room of two finishes is split by the estimator, offered each one's assembly.
  const split = unpriced['Broadloom carpet (CPT-1) + vinyl composition tile (VCT-1), CONFERENCE/BREAK ROOM 134']!;
  assert.match(split.reason, /2 floor finishes \(Broadloom carpet, vinyl composition tile\)/);
  assert.deepEqual(
    split.candidates.slice(0, 2).map((c) => c.code),
    ['A-0968-CPT', 'A-0965-VCT'],
  );
  // A floor the schedule keeps is nothing to lay: listed, not counted among the materials that need a price.
  assert.equal(unpriced['Existing floor (EXIST), ELECTRICAL ROOM 133']!.kept, true);
  assert.deepEqual(
    [result.estimateData.materials.needsPrice, result.estimateData.materials.kept],
    [Object.keys(unpriced).length - 1, 1],
  );
  assert.ok(
    result.estimateData.assumptions.some((a) =>
      a.startsWith('Not priced: Existing floor (EXIST), ELECTRICAL ROOM 133'),
    ),
  );
  assert.ok(
    result.estimateData.warnings.some((w) => w.message.startsWith(`${Object.keys(unpriced).length - 1} of `)),
    JSON.stringify(result.estimateData.warnings),
  );
  assert.match(
    unpriced['Existing floor (EXIST), ELECTRICAL ROOM 133']!.reason,
    /keeps the existing floor: nothing to lay/,
  );
  // A floor the schedule codes but no material schedule names is a floor finish to choose.
  assert.equal(
    unpriced['WSF-1 floor, SOILED UTILITY 142']!.reason,
    'its schedule gives the floor as WSF-1, a code no material schedule names: choose one',
  );
  const offered = unpriced['WSF-1 floor, SOILED UTILITY 142']!.candidates;
  assert.ok(offered.length && offered.every((c) => c.reason.startsWith('a floor finish')), JSON.stringify(offered));
  // Floors alone are one trade of a building: their cost per square foot is not held against a whole house's.
  const perSqFt = result.estimateData.warnings.find((w) => w.code === 'cost-per-sq-ft');
  assert.match(perSqFt!.message, /for 09 Finishes alone, one trade of the building, so it is not held against/);
});

test('a price item an assembly is built of does not stop that assembly from pricing a material both fit', () => {
  // The catalogue's "Vinyl composition tile" fits as well as the assembly whose tile it is.
  const [line] = items(computeEstimate([{ name: 'Vinyl composition tile', quantity: '100', unit: 'sq ft' }], options));
  assert.equal(line?.code, 'A-0965-VCT');
  assert.ok(line!.alternatives.some((a) => a.kind === 'item' && a.name === 'Vinyl composition tile'));
});

test('a tiled floor is priced by the floor tile installed: never a wall tile, and not held up by the tile it is built of', () => {
  // As the assistant names a room's floor finish ("Ceramic tile flooring, BEDROOM"), and as a user types the item.
  const result = computeEstimate(
    [
      { ...roomMaterial('Ceramic tile flooring, BEDROOM', 'BEDROOM', '109.2'), category: 'Flooring' },
      { name: 'Ceramic floor tile', quantity: '35', unit: 'sq ft' },
      { name: 'Wall-to-wall carpet', quantity: '120', unit: 'sq ft' },
    ],
    options,
  );
  const pricedBy = Object.fromEntries(items(result).map((i) => [i.material, i.code]));
  assert.deepEqual(pricedBy, {
    'Ceramic tile flooring, BEDROOM': 'A-0930-TILE',
    'Ceramic floor tile': 'A-0930-TILE',
    'Wall-to-wall carpet': 'A-0968-CPT',
  });
  const [bedroom] = items(result);
  assert.ok(
    bedroom!.alternatives.every((a) => !/wall tile/i.test(a.name)),
    JSON.stringify(bedroom!.alternatives),
  );
});

test('a whole-building floor-area assembly beside lines it already includes is flagged as a possible double count', () => {
  const result = computeEstimate(
    [
      { name: 'Floor area', quantity: '1240', unit: 'sq ft' },
      { name: 'Ready-mix concrete 3000 psi', quantity: '12', unit: 'cu yd' },
      { name: 'Doors', quantity: '4', unit: 'each' },
    ],
    options,
  );
  assert.ok(items(result).some((i) => i.code === 'A-HOUSE-AREA'));
  const warning = result.estimateData.warnings.find((w) => w.code === 'double-count');
  assert.ok(warning, JSON.stringify(result.estimateData.warnings));
  assert.match(warning.message, /Ready-mix concrete/);
  assert.doesNotMatch(warning.message, /Doors/, 'doors are priced from their own lines, not by the floor area');
  const alone = computeEstimate([{ name: 'Floor area', quantity: '1240', unit: 'sq ft' }], options);
  assert.ok(!alone.estimateData.warnings.some((w) => w.code === 'double-count'));
});

test('the checks flag a dominant line, the cost per square foot and proposed materials', () => {
  const result = computeEstimate(
    [
      { name: 'Kitchen base cabinet', quantity: '900', unit: 'ft' },
      { name: 'Duplex receptacle', quantity: '4', unit: 'ea', status: 'proposed' },
      { name: 'Kitchen', quantity: '150', unit: 'sq ft', origin: { kind: 'room', ref: 'KITCHEN' } },
    ],
    options,
  );
  const codes = result.estimateData.warnings.map((w) => w.code);
  assert.ok(codes.includes('dominant-line'), codes.join());
  assert.ok(codes.includes('cost-per-sq-ft'), codes.join());
  assert.ok(codes.includes('proposed'));
  assert.equal(result.estimateData.materials.proposed, 1);
  assert.match(result.estimateData.floorArea!.source, /room area/);
  for (const w of result.estimateData.warnings)
    assert.ok(result.estimateData.assumptions.includes(`Check: ${w.message}`));
});

test('without a floor area the estimate says so instead of a cost per square foot', () => {
  const result = computeEstimate([{ name: 'Duplex receptacle', quantity: '4', unit: 'ea' }], options);
  assert.equal(result.estimateData.costPerSqFt, null);
  assert.ok(result.estimateData.warnings.some((w) => w.code === 'no-floor-area'));
});

test('the starter library has at least 25 well-formed assemblies across divisions', () => {
  assert.ok(STARTER_ASSEMBLIES.length >= 25);
  assert.equal(new Set(STARTER_ASSEMBLIES.map((a) => a.code)).size, STARTER_ASSEMBLIES.length);
  assert.ok(new Set(STARTER_ASSEMBLIES.map((a) => a.division)).size >= 8);
  for (const a of STARTER_ASSEMBLIES) {
    assert.ok(normalizeUnit(a.unit), a.code);
    assert.ok(a.kinds?.length, a.code);
    for (const c of a.components) {
      for (const v of [c.perUnit, c.wastePercent, c.materialCost, c.laborHours, c.equipmentCost])
        assert.match(v, /^\d+(\.\d+)?$/, `${a.code} ${c.name}`);
    }
  }
});

test('a remembered price-list item is not applied to another list’s item that reuses its code', () => {
  const material: MaterialInput = { name: 'Flux capacitor', quantity: '2', unit: 'ea' };
  const list = (name: string) => ({
    name: 'List',
    items: [
      {
        code: 'ROW-2',
        division: 'Specialties',
        name,
        unit: 'each',
        materialCost: '10',
        laborHours: '0',
        equipmentCost: '0',
      },
    ],
  });
  const mappings = [
    {
      sourceKey: 'name:flux capacitor',
      targetKind: 'item' as const,
      targetCode: 'ROW-2',
      targetName: 'Flux capacitor, 1.21 GW',
    },
  ];
  const same = computeEstimate([material], { ...options, priceList: list('Flux capacitor, 1.21 GW'), mappings });
  assert.equal(items(same)[0]?.mapped, true);
  const other = computeEstimate([material], { ...options, priceList: list('Garden hose'), mappings });
  assert.equal(items(other).length, 0);
});

test('generated house plans with the starter prices land in the typical cost per square foot for a house', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  for (let plan = 0; plan < 40; plan++) {
    // A rectangular one-storey house, 20–60 ft by 24–70 ft, partitions and doors in proportion to its area.
    const width = 20 + random() * 40;
    const depth = 24 + random() * 46;
    const area = width * depth;
    const perimeter = 2 * (width + depth);
    const materials: MaterialInput[] = [
      {
        name: 'Exterior walls',
        quantity: perimeter.toFixed(1),
        unit: 'ft',
        origin: { kind: 'layer', ref: 'A-WALL-EXT' },
      },
      { name: 'Interior walls', quantity: (area * (0.08 + random() * 0.06)).toFixed(1), unit: 'ft' },
      {
        name: 'Doors',
        quantity: String(Math.max(3, Math.round(area / 160))),
        unit: 'ea',
        origin: { kind: 'block', ref: 'DOOR' },
      },
      { name: 'Floor area', quantity: area.toFixed(1), unit: 'sq ft', origin: { kind: 'item', ref: 'footprint' } },
    ];
    const result = computeEstimate(materials, options);
    assert.equal(result.estimateData.unpriced.length, 0, `plan ${plan}`);
    const perSqFt = Number(result.estimateData.costPerSqFt);
    assert.ok(perSqFt >= 100 && perSqFt <= 400, `plan ${plan}: ${Math.round(area)} sq ft at $${perSqFt}`);
    assert.ok(!result.estimateData.warnings.some((w) => w.code === 'cost-per-sq-ft'));
  }
});

test("the assistant's room-by-room finishes are priced as what they are: base by the foot, board and paint by the wall area", () => {
  const room = (name: string, ref: string, quantity: string, unit: string) => ({
    name,
    quantity,
    unit,
    origin: { kind: 'room' as const, ref, dimension: unit === 'ft' ? 'length' : 'area' },
  });
  const surface = (name: string, quantity: string) => ({
    name,
    quantity,
    unit: 'sq ft',
    origin: { kind: 'item' as const, ref: 'wall surface 9 ft' },
  });
  const result = computeEstimate(
    [
      room('Baseboard, KITCHEN', 'KITCHEN', '54', 'ft'),
      room('Carpet, BEDROOM 2', 'BEDROOM 2', '132', 'sq ft'),
      room('Flooring, LIVING ROOM', 'LIVING ROOM', '250', 'sq ft'),
      surface('Gypsum board on walls', '1656'),
      surface('Interior paint on walls', '1656'),
    ],
    options,
  );
  const pricedBy = new Map(items(result).map((item) => [item.material, item.pricedBy]));
  assert.equal(pricedBy.get('Baseboard, KITCHEN'), 'Wood baseboard trim');
  assert.match(pricedBy.get('Carpet, BEDROOM 2') ?? '', /carpet/i);
  assert.equal(pricedBy.get('Gypsum board on walls'), 'Gypsum board 1/2 in');
  assert.equal(pricedBy.get('Interior paint on walls'), 'Interior paint two coats');
  // "Flooring" says no product: the estimator chooses among floor finishes, none of them priced unasked.
  const flooring = result.estimateData.unpriced.find((u) => u.name === 'Flooring, LIVING ROOM')!;
  assert.ok(flooring.candidates.length > 1);
  assert.ok(
    flooring.candidates.every((c) => /floor|carpet|tile|vinyl|hardwood/i.test(c.name)),
    JSON.stringify(flooring),
  );
});

test('doors a DXF counts by their swings are doors, not linework', () => {
  const result = computeEstimate(
    [
      {
        name: 'Doors (door swings on the plan)',
        quantity: '10',
        unit: 'ea',
        origin: { kind: 'text', ref: 'door swings on the plan', dimension: 'count' },
      },
    ],
    options,
  );
  assert.deepEqual(result.estimateData.unpriced, []);
  assert.match(items(result)[0]!.pricedBy, /door/i);
});
