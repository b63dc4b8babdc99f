import { parts, type Assembly } from '../assembly';

/** Cubic yards of concrete per square foot of slab, by thickness in inches: t/12/27. */
export const CY_PER_SF_4IN = '0.01235';
export const CY_PER_SF_6IN = '0.01852';

/** Concrete: slabs on grade by area, footings and foundation walls by length. */
export const CONCRETE_ASSEMBLIES: readonly Assembly[] = [
  {
    code: 'A-0330-SOG4',
    kinds: ['slab'],
    name: 'Slab on grade 4", mesh, vapour barrier',
    description:
      'Slab on grade 4": 3000 psi concrete, 6×6 W1.4 welded wire mesh, 10 mil vapour barrier, 4" gravel base, edge forms, steel-trowel finish. Per square foot of slab.',
    division: '03 Concrete',
    unit: 'sq ft',
    keywords: 'slab on grade concrete slab floor slab sog',
    qualifiers: '4 4in',
    components: parts([
      [
        'Ready-mix concrete 3000 psi, 4" (0.0123 cu yd per sq ft)',
        'cu yd',
        CY_PER_SF_4IN,
        '5',
        '145.00',
        '0.8',
        '12.00',
      ],
      ['Welded wire mesh 6×6 W1.4', 'sq ft', '1', '10', '0.35', '0.005'],
      ['Vapour barrier 10 mil', 'sq ft', '1', '10', '0.12', '0.002'],
      ['Gravel base 4"', 'cu yd', CY_PER_SF_4IN, '10', '38.00', '0.1', '4.50'],
      ['Edge forms', 'ft', '0.1', '10', '1.50', '0.05'],
      ['Finishing labour, steel trowel', 'sq ft', '1', '0', '0.05', '0.015', '0.05'],
    ]),
  },
  {
    code: 'A-0330-SOG6',
    kinds: ['slab', 'garage'],
    name: 'Slab on grade 6", rebar, vapour barrier',
    description:
      'Slab on grade 6": 4000 psi concrete, #4 bars at 18" o.c. each way, 10 mil vapour barrier, 6" gravel base, edge forms, steel-trowel finish. Per square foot of slab.',
    division: '03 Concrete',
    unit: 'sq ft',
    keywords: 'slab on grade concrete slab heavy garage',
    qualifiers: '6 6in rebar garage heavy',
    components: parts([
      ['Ready-mix concrete 4000 psi, 6"', 'cu yd', CY_PER_SF_6IN, '5', '160.00', '0.8', '12.00'],
      ['Rebar #4 at 18" each way (0.89 lb per sq ft)', 'lb', '0.89', '10', '0.75', '0.01', '0.02'],
      ['Vapour barrier 10 mil', 'sq ft', '1', '10', '0.12', '0.002'],
      ['Gravel base 6"', 'cu yd', CY_PER_SF_6IN, '10', '38.00', '0.1', '4.50'],
      ['Edge forms', 'ft', '0.1', '10', '1.50', '0.05'],
      ['Finishing labour, steel trowel', 'sq ft', '1', '0', '0.05', '0.015', '0.05'],
    ]),
  },
  {
    code: 'A-0330-FTG',
    kinds: ['foundation'],
    name: 'Continuous footing 20"×10", 2 #4 bars',
    description:
      'Strip footing: 20" wide × 10" deep, 3000 psi concrete, two continuous #4 bars, side forms, trench excavation and backfill. Per foot of footing.',
    division: '03 Concrete',
    unit: 'ft',
    keywords: 'footing footings strip continuous foundation',
    qualifiers: 'footing strip continuous',
    components: parts([
      ['Ready-mix concrete 3000 psi (0.0514 cu yd per ft)', 'cu yd', '0.0514', '5', '145.00', '0.8', '12.00'],
      ['Rebar #4, two bars (0.668 lb per ft each)', 'lb', '1.34', '10', '0.75', '0.01'],
      ['Side forms', 'sq ft', '1.67', '5', '1.50', '0.1', '0.05'],
      ['Trench excavation', 'cu yd', '0.09', '0', '0', '0.2', '9.00'],
      ['Backfill, compacted', 'cu yd', '0.04', '0', '0', '0.1', '5.00'],
    ]),
  },
  {
    code: 'A-0330-FWALL',
    kinds: ['foundation'],
    name: 'Foundation wall 8" concrete, 4 ft high',
    description:
      'Foundation (stem) wall: 8" thick, 4 ft high, 3000 psi concrete, #4 bars at 12" o.c. vertical and 2 horizontal, two-sided forms, dampproofing one side. Per foot of wall.',
    division: '03 Concrete',
    unit: 'ft',
    keywords: 'foundation wall stem wall basement wall',
    qualifiers: 'stem wall foundation wall',
    components: parts([
      ['Ready-mix concrete 3000 psi (0.0988 cu yd per ft)', 'cu yd', '0.0988', '5', '145.00', '0.8', '12.00'],
      ['Rebar #4', 'lb', '4.0', '10', '0.75', '0.01'],
      ['Wall forms, two sides', 'sq ft', '8', '5', '1.80', '0.12', '0.10'],
      ['Dampproofing', 'sq ft', '4', '5', '0.60', '0.01'],
    ]),
  },
];
