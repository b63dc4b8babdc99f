import { parts, type Assembly } from '../assembly';

/** Walls by their length: wood and metal stud partitions, exterior walls, masonry. */
export const WALL_ASSEMBLIES: readonly Assembly[] = [
  {
    code: 'A-0611-INT',
    kinds: ['wall'],
    name: 'Interior partition, 2×4 wood studs, gypsum both sides',
    description:
      'Interior partition: 2×4 studs at 16" o.c., 9 ft high, single bottom and double top plate, 1/2" gypsum board both sides, taped and finished. Per foot of wall length.',
    division: '06 Wood, Plastics and Composites',
    unit: 'ft',
    keywords: 'interior partition wall walls',
    qualifiers: 'interior partition',
    components: parts([
      ['2×4 studs, 9 ft (0.75 per ft at 16" o.c. + ends and openings)', 'each', '0.85', '5', '4.75', '0'],
      ['2×4 plates (1 bottom + 2 top)', 'ft', '3', '10', '0.65', '0'],
      ['Gypsum board 1/2" (9 ft × 2 sides)', 'sq ft', '18', '12', '0.55', '0.017'],
      ['Joint tape and compound, finishing', 'sq ft', '18', '0', '0.08', '0.015'],
      ['Drywall screws (1 per sq ft)', 'each', '18', '10', '0.02', '0'],
      ['Framing labour', 'h', '0.16', '0', '0', '1'],
    ]),
  },
  {
    code: 'A-0611-EXT',
    kinds: ['wall'],
    name: 'Exterior wall, 2×6 wood studs, insulated, sided',
    description:
      'Exterior wall: 2×6 studs at 16" o.c., 9 ft high, R-19 batts, 7/16" OSB sheathing, house wrap, fibre-cement lap siding, 1/2" gypsum inside taped, finished and painted. Per foot of wall length.',
    division: '06 Wood, Plastics and Composites',
    unit: 'ft',
    keywords: 'exterior wall walls outside perimeter envelope',
    qualifiers: 'exterior outside perimeter envelope',
    components: parts([
      ['2×6 studs, 9 ft', 'each', '0.85', '5', '7.25', '0'],
      ['2×6 plates (1 bottom + 2 top)', 'ft', '3', '10', '1.10', '0'],
      ['OSB sheathing 7/16"', 'sq ft', '9', '8', '0.90', '0.012'],
      ['House wrap', 'sq ft', '9', '10', '0.20', '0.004'],
      ['Batt insulation R-19', 'sq ft', '9', '5', '0.75', '0.009'],
      ['Fibre-cement lap siding', 'sq ft', '9', '10', '3.20', '0.035'],
      ['Gypsum board 1/2" inside face', 'sq ft', '9', '12', '0.55', '0.017'],
      ['Joint tape and compound, finishing', 'sq ft', '9', '0', '0.08', '0.015'],
      ['Interior paint, two coats', 'sq ft', '9', '0', '0.30', '0.012'],
      ['Framing labour', 'h', '0.2', '0', '0', '1'],
    ]),
  },
  {
    code: 'A-0541-INT',
    kinds: ['wall'],
    name: 'Interior partition, 3-5/8" metal studs, gypsum both sides',
    description:
      'Interior partition: 3-5/8" 25 ga metal studs at 16" o.c., 9 ft high, top and bottom track, 1/2" gypsum board both sides, taped and finished. Per foot of wall length.',
    division: '09 Finishes',
    unit: 'ft',
    keywords: 'metal stud partition wall steel stud',
    qualifiers: 'metal steel',
    components: parts([
      ['Metal studs 3-5/8", 9 ft', 'each', '0.85', '5', '5.40', '0'],
      ['Metal track (top and bottom)', 'ft', '2', '10', '0.85', '0'],
      ['Gypsum board 1/2" (9 ft × 2 sides)', 'sq ft', '18', '12', '0.55', '0.017'],
      ['Joint tape and compound, finishing', 'sq ft', '18', '0', '0.08', '0.015'],
      ['Drywall screws (1 per sq ft)', 'each', '18', '10', '0.02', '0'],
      ['Framing labour', 'h', '0.14', '0', '0', '1'],
    ]),
  },
  {
    code: 'A-0422-CMU',
    kinds: ['wall', 'masonry'],
    name: 'CMU wall 8", 8 ft high, grouted at 32" o.c.',
    description:
      'Masonry wall: 8" concrete masonry units, 8 ft high, type S mortar, vertical #4 bars grouted at 32" o.c., ladder joint reinforcement every other course. Per foot of wall length.',
    division: '04 Masonry',
    unit: 'ft',
    keywords: 'cmu block masonry wall concrete block',
    qualifiers: 'cmu block masonry',
    components: parts([
      ['Concrete masonry units 8" (1.125 per sq ft)', 'each', '9', '5', '2.10', '0.09', '0.05'],
      ['Mortar type S', 'cu ft', '0.6', '10', '9.50', '0'],
      ['Grout in cells at 32" o.c.', 'cu yd', '0.011', '10', '190.00', '3.0', '15.00'],
      ['Rebar #4 vertical', 'lb', '3', '10', '0.75', '0.01'],
      ['Joint reinforcement', 'ft', '3', '5', '0.30', '0.005'],
    ]),
  },
  {
    code: 'A-0421-BRICK',
    kinds: ['masonry', 'siding'],
    name: 'Brick veneer on ties',
    description:
      'Brick veneer: modular face brick (6.75 per sq ft), type S mortar, corrugated ties at 16" × 24", weep vents and flashing allowance. Per square foot of wall face.',
    division: '04 Masonry',
    unit: 'sq ft',
    keywords: 'brick veneer masonry facade',
    qualifiers: 'brick veneer',
    components: parts([
      ['Face brick', 'each', '6.75', '5', '0.75', '0.04', '0.01'],
      ['Mortar type S', 'cu ft', '0.07', '10', '9.50', '0'],
      ['Wall ties', 'each', '0.38', '5', '0.40', '0.01'],
      ['Flashing and weeps allowance', 'ft', '0.1', '5', '3.50', '0.05'],
    ]),
  },
];
