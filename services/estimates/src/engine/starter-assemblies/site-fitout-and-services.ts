import { parts, type Assembly } from '../assembly';
import { CY_PER_SF_4IN } from './concrete';

/** Decks and site work, kitchens and stairs, plumbing fixtures and electrical devices. */
export const SITE_FITOUT_AND_SERVICE_ASSEMBLIES: readonly Assembly[] = [
  {
    code: 'A-0615-DECK',
    kinds: ['deck'],
    name: 'Deck, pressure-treated wood on footings',
    description:
      'Wood deck: pressure-treated joists 2×8 at 16" o.c. on beams and concrete pier footings, 5/4 decking boards, hangers and screws; no roof or railing. Per square foot of deck.',
    division: '06 Wood, Plastics and Composites',
    unit: 'sq ft',
    keywords: 'deck decking porch wood deck',
    qualifiers: 'wood',
    components: parts([
      ['Pier footings with post bases', 'each', '0.02', '0', '45.00', '1.0', '5.00'],
      ['Beams and joists 2×8 PT', 'ft', '1.1', '10', '1.70', '0.03'],
      ['Decking boards 5/4×6 PT', 'sq ft', '1', '10', '3.20', '0.05'],
      ['Hangers, screws and fasteners', 'sq ft', '1', '0', '0.45', '0'],
    ]),
  },
  {
    code: 'A-3213-WALK',
    kinds: ['paving'],
    name: 'Concrete walk or driveway 4"',
    description:
      'Exterior flatwork 4": 3000 psi air-entrained concrete on 4" gravel, broom finish, control joints. Per square foot.',
    division: '32 Exterior Improvements',
    unit: 'sq ft',
    keywords: 'sidewalk walkway driveway concrete paving flatwork patio',
    components: parts([
      ['Ready-mix concrete 3000 psi, 4"', 'cu yd', CY_PER_SF_4IN, '5', '150.00', '0.8', '12.00'],
      ['Gravel base 4"', 'cu yd', CY_PER_SF_4IN, '10', '38.00', '0.1', '4.50'],
      ['Forms, broom finish and joints', 'sq ft', '1', '0', '0.15', '0.03', '0.05'],
    ]),
  },
  {
    code: 'A-3231-FENCE',
    kinds: ['fence'],
    name: 'Wood privacy fence 6 ft',
    description:
      'Wood privacy fence 6 ft high: 4×4 posts at 8 ft set in concrete, 2×4 rails, 1×6 pickets. Per foot of fence.',
    division: '32 Exterior Improvements',
    unit: 'ft',
    keywords: 'fence fencing privacy fence wood fence',
    qualifiers: 'wood privacy',
    components: parts([
      ['Posts 4×4 in concrete (1 per 8 ft)', 'each', '0.125', '5', '28.00', '0.75'],
      ['Rails 2×4 (3 per bay)', 'ft', '3', '10', '0.75', '0.01'],
      ['Pickets 1×6', 'sq ft', '6', '10', '1.60', '0.02'],
    ]),
  },
  {
    code: 'A-0641-KIT',
    kinds: ['casework'],
    name: 'Kitchen cabinets, base and wall, with countertop',
    description:
      'Kitchen run: stock base cabinets and wall cabinets with laminate countertop, hardware and installation. Per foot of cabinet run.',
    division: '06 Wood, Plastics and Composites',
    unit: 'ft',
    keywords: 'kitchen cabinets casework cabinet run',
    qualifiers: 'run countertop',
    components: parts([
      ['Base cabinets', 'ft', '1', '0', '220.00', '0.8'],
      ['Wall cabinets', 'ft', '1', '0', '180.00', '0.7'],
      ['Laminate countertop', 'ft', '1', '5', '38.00', '0.4'],
    ]),
  },
  {
    code: 'A-2241-WC',
    kinds: ['plumbing-fixture'],
    name: 'Toilet, floor-mounted, with supply and rough-in',
    description:
      'Water closet: floor-mounted two-piece toilet, wax ring, supply stop and line, share of drain and vent rough-in. Per fixture.',
    division: '22 Plumbing',
    unit: 'each',
    keywords: 'toilet water closet wc',
    components: parts([
      ['Toilet', 'each', '1', '0', '420.00', '3.0'],
      ['Supply stop and line', 'each', '1', '0', '25.00', '0.3'],
      ['Drain and vent rough-in (PVC)', 'ft', '15', '10', '4.50', '0.1'],
    ]),
  },
  {
    code: 'A-2627-RCPT',
    kinds: ['electrical-device'],
    name: 'Receptacle, wired',
    description: 'Duplex receptacle with box, cover plate and 25 ft of NM 12/2 cable from the circuit. Per device.',
    division: '26 Electrical',
    unit: 'each',
    keywords: 'receptacle outlet duplex wired',
    qualifiers: 'wired',
    components: parts([
      ['Duplex receptacle and plate', 'each', '1', '0', '12.00', '0.35'],
      ['Device box', 'each', '1', '0', '6.50', '0.3'],
      ['NM cable 12/2', 'ft', '25', '10', '0.90', '0.015'],
    ]),
  },
  {
    code: 'A-2651-LIGHT',
    kinds: ['light'],
    name: 'Light fixture, wired',
    description: 'Ceiling light fixture (LED), box, switch leg and 25 ft of NM 14/2 cable. Per fixture.',
    division: '26 Electrical',
    unit: 'each',
    keywords: 'light fixture lighting luminaire wired',
    qualifiers: 'wired',
    components: parts([
      ['LED ceiling fixture', 'each', '1', '0', '120.00', '1.0'],
      ['Fixture box', 'each', '1', '0', '8.00', '0.3'],
      ['NM cable 14/2', 'ft', '25', '10', '0.75', '0.015'],
    ]),
  },
  {
    code: 'A-0611-STAIR',
    kinds: ['stair'],
    name: 'Stair, wood, one flight',
    description:
      'Interior wood stair, one flight of 14 risers, 3 stringers, treads and risers, one handrail. Per flight.',
    division: '06 Wood, Plastics and Composites',
    unit: 'each',
    keywords: 'stair stairs staircase flight',
    qualifiers: 'wood',
    components: parts([
      ['Stringers 2×12', 'ft', '42', '10', '2.60', '0.05'],
      ['Treads and risers', 'each', '14', '5', '38.00', '0.5'],
      ['Handrail with brackets', 'ft', '14', '10', '12.00', '0.15'],
    ]),
  },
];
