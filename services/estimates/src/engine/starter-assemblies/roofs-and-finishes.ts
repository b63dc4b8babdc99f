import { parts, type Assembly } from '../assembly';

/** Roofing and insulation, then ceilings, floors and finished rooms, by area. */
export const ROOF_AND_FINISH_ASSEMBLIES: readonly Assembly[] = [
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
    keywords: 'carpet carpeting broadloom floor finish',
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
    code: 'A-0930-PORC',
    kinds: ['tile', 'flooring'],
    name: 'Floor finish, porcelain tile on thinset',
    description:
      'Porcelain floor tile on a concrete slab: crack-isolation membrane, polymer-modified thinset, grout. Per square foot of floor.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'porcelain ceramic tile floor tile tiling',
    qualifiers: 'porcelain',
    components: parts([
      ['Porcelain tile', 'sq ft', '1', '10', '5.50', '0.11'],
      ['Crack-isolation membrane', 'sq ft', '1', '5', '0.90', '0.008'],
      ['Polymer-modified thinset and grout', 'sq ft', '1', '5', '0.65', '0.012'],
    ]),
  },
  {
    code: 'A-0965-VCT',
    kinds: ['tile', 'flooring'],
    name: 'Floor finish, vinyl composition tile',
    description:
      'Vinyl composition tile 12×12 in adhesive on a prepared slab (patching allowance), with the initial seal and wax. Per square foot of floor.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'vct vinyl composition tile resilient floor tile flooring floor finish',
    qualifiers: 'vct vinyl composition',
    components: parts([
      ['Vinyl composition tile', 'sq ft', '1', '5', '1.40', '0.02'],
      ['VCT adhesive', 'sq ft', '1', '5', '0.18', '0.002'],
      ['Floor preparation, patching allowance', 'sq ft', '1', '0', '0.15', '0.005'],
      ['Initial seal and wax, three coats', 'sq ft', '1', '0', '0.10', '0.006'],
    ]),
  },
  {
    code: 'A-0935-SEAL',
    kinds: ['flooring'],
    name: 'Floor finish, sealed concrete',
    description:
      'A concrete floor left exposed: cleaned and etched, then two coats of penetrating sealer. Per square foot of floor.',
    division: '09 Finishes',
    unit: 'sq ft',
    keywords: 'concrete sealer sealed concrete floor sealer floor finish',
    qualifiers: 'sealer sealed',
    components: parts([
      ['Floor preparation, clean and etch', 'sq ft', '1', '0', '0.10', '0.004'],
      ['Penetrating concrete sealer, two coats', 'sq ft', '1', '5', '0.30', '0.006'],
    ]),
  },
  {
    code: 'A-09-ROOM',
    kinds: ['dwelling-room'],
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
];
