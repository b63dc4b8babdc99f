import { parts, type Assembly } from '../assembly';
import { CY_PER_SF_4IN } from './concrete';

/** A whole house priced by its floor area, for what a plan takeoff does not count piece by piece. */
export const HOUSE_FLOOR_AREA_ASSEMBLIES: readonly Assembly[] = [
  {
    code: 'A-HOUSE-AREA',
    kinds: ['floor-area'],
    name: 'House floor area: foundations, slab, roof, finishes, MEP',
    description:
      'A one-storey house per square foot of floor area, for what a plan takeoff does not count piece by piece: perimeter footings and stem walls, 4" slab on grade, trussed roof with asphalt shingles and gutters, R-38 attic insulation, painted gypsum ceilings, interior wall paint, LVP floors and base, kitchen and bath cabinets and counters, and plumbing, electrical and HVAC systems (installed allowances). Walls, doors and windows are priced from their own takeoff lines. Per square foot of floor area.',
    division: '01 Building (per floor area)',
    unit: 'sq ft',
    keywords: 'floor area footprint gross floor area house building area living area',
    components: parts([
      ['Footings and stem walls, concrete', 'cu yd', '0.018', '5', '165.00', '2.5', '20.00'],
      ['Slab on grade 4": concrete', 'cu yd', CY_PER_SF_4IN, '5', '145.00', '0.8', '12.00'],
      ['Slab: mesh, vapour barrier, gravel base', 'sq ft', '1', '10', '0.95', '0.012', '0.06'],
      ['Slab finishing, steel trowel', 'sq ft', '1', '0', '0.05', '0.015', '0.05'],
      ['Roof trusses at 24" o.c.', 'each', '0.0208', '0', '180.00', '1.5', '15.00'],
      ['Roof sheathing, underlayment and asphalt shingles', 'sq ft', '1.15', '10', '2.40', '0.035', '0.02'],
      ['Gutters, drip edge and flashing', 'ft', '0.2', '5', '4.00', '0.055'],
      ['Attic insulation R-38', 'sq ft', '1', '5', '1.10', '0.006', '0.05'],
      ['Ceilings: gypsum board, taped, painted', 'sq ft', '1', '12', '0.93', '0.047'],
      ['Interior wall paint, two coats', 'sq ft', '2.5', '0', '0.30', '0.012'],
      ['Floors: luxury vinyl plank and base', 'sq ft', '1', '10', '4.50', '0.045'],
      ['Kitchen and bath cabinets and counters (allowance)', 'sq ft', '1', '0', '4.00', '0.03'],
      ['Plumbing: supply, drain-waste-vent, fixtures (allowance)', 'sq ft', '1', '0', '5.00', '0.07'],
      ['Electrical: service, wiring, devices, fixtures (allowance)', 'sq ft', '1', '0', '4.50', '0.07'],
      ['HVAC: furnace, air conditioning, ductwork (allowance)', 'sq ft', '1', '0', '5.50', '0.05'],
    ]),
  },
];
