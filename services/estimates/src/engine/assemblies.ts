/**
 * Assemblies: a takeoff quantity of one kind (a wall's length, a slab's area, a
 * count of doors) expanded into the materials and labour it stands for. Each
 * component says how much of it one unit of the takeoff needs, its waste factor
 * and its unit costs.
 *
 * STARTER LIBRARY BASIS: US residential and light-commercial work, national
 * average, mid-2020s; material costs are typical builder-supply prices, labour is
 * in hours (priced at the estimate's labour rate, $65/h by default), equipment is
 * rental and fuel. Round figures of the right order of magnitude, in the spirit of
 * published unit-cost books, not quotes: replace them with your own assemblies.
 */

export interface AssemblyComponent {
  name: string;
  /** The component's own unit (display only: "each", "sq ft", "cu yd", "h"). */
  unit: string;
  /** How much of the component one unit of the takeoff quantity needs (decimal string). */
  perUnit: string;
  /** Waste in percent (decimal string, 0–100). */
  wastePercent: string;
  /** USD per component unit. */
  materialCost: string;
  /** Labour hours per component unit. */
  laborHours: string;
  /** USD per component unit. */
  equipmentCost: string;
}

export interface Assembly {
  code: string;
  name: string;
  /** The assembly in plain language, with its parameters. */
  description: string;
  division: string;
  /** The takeoff unit it expands: ft, sq ft, each, cu yd... */
  unit: string;
  /** Extra words a material's name or layer may use for it. */
  keywords?: string;
  /** What it is (concept ids, engine/concepts.ts); derived from the name when absent. */
  kinds?: string[];
  /** The words that tell it apart from another assembly of the same kind ("interior", "exterior"). */
  qualifiers?: string;
  components: AssemblyComponent[];
  /** Set for a user's own assembly. */
  id?: string;
}

type C = [name: string, unit: string, perUnit: string, waste: string, material: string, hours: string, equip?: string];
const parts = (rows: C[]): AssemblyComponent[] =>
  rows.map(([name, unit, perUnit, wastePercent, materialCost, laborHours, equipmentCost = '0']) => ({
    name,
    unit,
    perUnit,
    wastePercent,
    materialCost,
    laborHours,
    equipmentCost,
  }));

/** Cubic yards of concrete per square foot of slab, by thickness in inches: t/12/27. */
const CY_PER_SF_4IN = '0.01235';
const CY_PER_SF_6IN = '0.01852';

export const STARTER_ASSEMBLIES: readonly Assembly[] = [
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
  {
    code: 'A-0811-DHM',
    kinds: ['door'],
    name: 'Door, single, hollow metal',
    description:
      'Door, single, hollow metal: 3\'-0" × 7\'-0" 18 ga leaf, 16 ga welded frame, hardware set (hinges, lockset, closer, stop), field paint. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'hollow metal door hm door steel door commercial door',
    qualifiers: 'hollow metal steel hm commercial',
    components: parts([
      ['Hollow metal frame 16 ga', 'each', '1', '0', '280.00', '1.5'],
      ['Hollow metal door leaf 18 ga', 'each', '1', '0', '520.00', '1.0'],
      ['Hardware set (hinges, lockset, closer, stop)', 'each', '1', '0', '220.00', '1.5'],
      ['Field paint, frame and leaf', 'each', '1', '0', '25.00', '0.75'],
    ]),
  },
  {
    code: 'A-0814-DINT',
    kinds: ['door'],
    name: 'Door, interior, prehung wood',
    description:
      'Door, interior: prehung hollow-core wood door 2\'-8" × 6\'-8" with jamb, casing both sides (34 ft), passage set, paint. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'interior door prehung wood door',
    qualifiers: 'interior prehung',
    components: parts([
      ['Prehung interior door with jamb', 'each', '1', '0', '260.00', '2.0'],
      ['Casing both sides', 'ft', '34', '10', '1.40', '0.04'],
      ['Passage set', 'each', '1', '0', '35.00', '0.5'],
      ['Paint, door and trim', 'each', '1', '0', '20.00', '1.0'],
    ]),
  },
  {
    code: 'A-0814-DEXT',
    kinds: ['door'],
    name: 'Door, exterior entry, insulated',
    description:
      'Door, exterior entry: prehung insulated steel or fibreglass 3\'-0" × 6\'-8", weatherstripped, threshold, lockset and deadbolt, flashing, casing, paint. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'exterior door entry door front door',
    qualifiers: 'exterior entry front',
    components: parts([
      ['Prehung insulated entry door', 'each', '1', '0', '850.00', '3.0'],
      ['Lockset and deadbolt', 'each', '1', '0', '120.00', '0.75'],
      ['Flashing and sealant', 'each', '1', '0', '30.00', '0.5'],
      ['Casing, interior side', 'ft', '17', '10', '1.40', '0.04'],
      ['Paint', 'each', '1', '0', '20.00', '1.0'],
    ]),
  },
  {
    code: 'A-0836-GAR',
    kinds: ['door'],
    name: 'Garage door, overhead sectional 16×7, with opener',
    description:
      'Overhead sectional garage door 16\'-0" × 7\'-0", insulated steel, track and springs, electric opener, weatherseal. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'garage door overhead door sectional door',
    qualifiers: 'garage overhead sectional',
    components: parts([
      ['Sectional door, track and springs', 'each', '1', '0', '1800.00', '8.0', '50.00'],
      ['Electric opener', 'each', '1', '0', '450.00', '3.0'],
      ['Weatherseal and trim', 'each', '1', '0', '60.00', '1.0'],
    ]),
  },
  {
    code: 'A-0832-SGD',
    kinds: ['door'],
    name: 'Sliding glass door 6 ft',
    description: 'Sliding patio door 6\'-0" × 6\'-8", vinyl frame, insulated glass, flashing, interior trim. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'sliding glass door patio door slider',
    qualifiers: 'sliding slider patio glass',
    components: parts([
      ['Sliding glass door unit', 'each', '1', '0', '1400.00', '4.0'],
      ['Flashing and sealant', 'each', '1', '0', '40.00', '0.5'],
      ['Interior trim', 'ft', '20', '10', '1.40', '0.04'],
    ]),
  },
  {
    code: 'A-0853-WIN',
    kinds: ['window'],
    name: 'Window, vinyl double-hung 3×4',
    description:
      'Window: vinyl double-hung 3\'-0" × 4\'-0", insulated low-e glass, flashing tape and sealant, interior casing and stool. Per window.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'window windows vinyl double hung',
    components: parts([
      ['Vinyl double-hung window', 'each', '1', '0', '420.00', '1.8'],
      ['Flashing tape and sealant', 'each', '1', '0', '25.00', '0.3'],
      ['Interior casing and stool', 'ft', '16', '10', '1.80', '0.05'],
    ]),
  },
  {
    code: 'A-0731-ROOF',
    kinds: ['roof'],
    name: 'Roof, asphalt shingles on wood trusses',
    description:
      'Pitched roof, 6:12 (slope factor 1.12 with overhangs 1.15): wood trusses at 24" o.c., 7/16" OSB sheathing, synthetic underlayment, architectural asphalt shingles, drip edge, gutters. Per square foot of plan area.',
    division: '07 Thermal and Moisture Protection',
    unit: 'sq ft',
    keywords: 'roof roofing shingle pitched roof',
    qualifiers: 'pitched truss trussed',
    components: parts([
      ['Wood roof trusses at 24" o.c. (1 per 48 sq ft)', 'each', '0.0208', '0', '180.00', '1.5', '15.00'],
      ['OSB roof sheathing 7/16"', 'sq ft', '1.15', '8', '0.90', '0.012'],
      ['Roofing underlayment', 'sq ft', '1.15', '10', '0.20', '0.003'],
      ['Architectural asphalt shingles', 'sq ft', '1.15', '10', '1.30', '0.02', '0.02'],
      ['Drip edge and flashing', 'ft', '0.12', '5', '3.50', '0.05'],
      ['Gutters', 'ft', '0.1', '5', '4.50', '0.06'],
    ]),
  },
  {
    code: 'A-0754-TPO',
    kinds: ['roof'],
    name: 'Low-slope roof, TPO membrane on insulation',
    description:
      'Low-slope roof: 60 mil TPO membrane, fully adhered, on 2" polyiso insulation and cover board, over existing deck; edge metal allowance. Per square foot.',
    division: '07 Thermal and Moisture Protection',
    unit: 'sq ft',
    keywords: 'tpo membrane flat roof low slope roof',
    qualifiers: 'tpo membrane flat low slope',
    components: parts([
      ['TPO membrane 60 mil', 'sq ft', '1', '10', '2.40', '0.02', '0.05'],
      ['Polyiso insulation 2"', 'sq ft', '1', '5', '1.40', '0.01'],
      ['Cover board', 'sq ft', '1', '5', '0.85', '0.008'],
      ['Edge metal', 'ft', '0.08', '5', '6.00', '0.08'],
    ]),
  },
  {
    code: 'A-0721-ATTIC',
    kinds: ['insulation'],
    name: 'Attic insulation, blown R-38',
    description:
      'Blown fibreglass or cellulose insulation to R-38 over ceiling joists, baffles at eaves. Per square foot.',
    division: '07 Thermal and Moisture Protection',
    unit: 'sq ft',
    keywords: 'attic insulation blown insulation r-38',
    components: parts([
      ['Blown insulation R-38', 'sq ft', '1', '5', '1.10', '0.006', '0.05'],
      ['Eave baffles', 'each', '0.02', '5', '2.00', '0.1'],
    ]),
  },
  {
    code: 'A-0929-CLG',
    kinds: ['ceiling'],
    name: 'Ceiling, gypsum board, painted',
    description:
      'Ceiling: 1/2" gypsum board screwed to framing, taped and finished, primer and two coats of paint. Per square foot.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'ceiling gypsum ceiling drywall ceiling',
    qualifiers: 'gypsum drywall',
    components: parts([
      ['Gypsum board 1/2"', 'sq ft', '1', '12', '0.55', '0.02'],
      ['Joint tape and compound, finishing', 'sq ft', '1', '0', '0.08', '0.015'],
      ['Primer and two coats of paint', 'sq ft', '1', '0', '0.30', '0.012'],
    ]),
  },
  {
    code: 'A-0951-ACT',
    kinds: ['ceiling'],
    name: 'Ceiling, acoustical tile in suspended grid',
    description:
      'Suspended ceiling: 2×4 acoustical tiles in 15/16" exposed grid, hangers at 4 ft o.c. Per square foot.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'acoustical ceiling act suspended ceiling drop ceiling',
    qualifiers: 'acoustical act suspended drop',
    components: parts([
      ['Suspension grid and hangers', 'sq ft', '1', '5', '1.20', '0.012'],
      ['Acoustical tile 2×4', 'sq ft', '1', '5', '1.40', '0.006'],
    ]),
  },
  {
    code: 'A-0965-LVP',
    kinds: ['flooring'],
    name: 'Floor finish, luxury vinyl plank',
    description:
      'Luxury vinyl plank flooring, click-lock, over underlayment, with transitions. Per square foot of floor.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'lvp vinyl plank flooring floor finish',
    qualifiers: 'lvp vinyl plank',
    components: parts([
      ['Luxury vinyl plank', 'sq ft', '1', '10', '3.50', '0.03'],
      ['Underlayment', 'sq ft', '1', '5', '0.35', '0.003'],
      ['Transitions allowance', 'ft', '0.02', '0', '12.00', '0.1'],
    ]),
  },
  {
    code: 'A-0968-CPT',
    kinds: ['flooring'],
    name: 'Floor finish, carpet with pad',
    description: 'Broadloom carpet with 7/16" pad, tack strip, installed. Per square foot of floor.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'carpet carpeting floor finish',
    qualifiers: 'carpet',
    components: parts([
      ['Carpet', 'sq ft', '1', '10', '3.10', '0.013'],
      ['Carpet pad and tack strip', 'sq ft', '1', '10', '0.55', '0.003'],
    ]),
  },
  {
    code: 'A-0930-TILE',
    kinds: ['tile', 'flooring'],
    name: 'Floor finish, ceramic tile on thinset',
    description:
      'Ceramic floor tile 12×12 on cement backer board, thinset mortar, sanded grout. Per square foot of floor.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'ceramic tile floor tile tiling',
    components: parts([
      ['Ceramic floor tile', 'sq ft', '1', '10', '4.50', '0.1'],
      ['Cement backer board', 'sq ft', '1', '10', '1.00', '0.015'],
      ['Thinset and grout', 'sq ft', '1', '5', '0.45', '0.01'],
    ]),
  },
  {
    code: 'A-09-ROOM',
    kinds: ['room'],
    name: 'Room finishes, residential',
    description:
      'Finishes of a room, per square foot of its floor: luxury vinyl plank floor, painted gypsum ceiling, walls painted two coats (2.5 sq ft of wall per sq ft of floor at 9 ft), baseboard (0.35 ft per sq ft). Per square foot of room area.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'room finishes interior finishes room area',
    components: parts([
      ['Luxury vinyl plank floor', 'sq ft', '1', '10', '3.50', '0.03'],
      ['Gypsum board ceiling 1/2", taped and finished', 'sq ft', '1', '12', '0.63', '0.035'],
      ['Ceiling paint, primer and two coats', 'sq ft', '1', '0', '0.30', '0.012'],
      ['Wall paint, two coats', 'sq ft', '2.5', '0', '0.30', '0.012'],
      ['Baseboard', 'ft', '0.35', '10', '1.80', '0.04'],
    ]),
  },
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
