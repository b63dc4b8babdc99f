/**
 * What a material or a price item IS: its kind of thing (a wall, a door, casework,
 * metal decking...). Pricing only pairs a material with an item or assembly of the
 * same kind, so "wall" linework is never priced as a "Kitchen wall cabinet" and a
 * "COVERED DECK" is never "Metal floor deck".
 *
 * Concepts are tried in order and the first whose words are all present wins: the
 * specific ones ("wall cabinet" is casework, "wall tile" is tile, "metal deck" is
 * structural decking) come before the general ones ("wall", "deck").
 */

export interface Concept {
  id: string;
  /** How the reason names it ("a wall", "casework"). */
  label: string;
  /** Each pattern is a set of words that must all appear (in any order). */
  patterns: string[];
  /**
   * The words that name the kind itself ("door", "puerta"); the other patterns
   * name a type of it ("garage door", "carpet") and so also say WHICH one. When
   * absent, every one-word pattern names the kind.
   */
  heads?: string[];
}

/** Irregular stems the matcher reads as one word ("decking" is "deck", "puertas" is "puerta"). */
const STEMS: Record<string, string> = {
  decking: 'deck',
  roofing: 'roof',
  fencing: 'fence',
  piping: 'pipe',
  wiring: 'wire',
  lighting: 'light',
  paving: 'pave',
  pavement: 'pave',
  framing: 'frame',
  painting: 'paint',
  tiling: 'tile',
  glazing: 'glaze',
  sheathing: 'sheathing',
  siding: 'siding',
  ceiling: 'ceiling',
  railing: 'railing',
  moulding: 'molding',
  casework: 'casework',
  cabinetry: 'cabinet',
  partitions: 'partition',
  ductwork: 'duct',
  countertops: 'countertop',
  doorway: 'door',
  stairs: 'stair',
  staircase: 'stair',
  windows: 'window',
  ventanas: 'ventana',
  puertas: 'puerta',
  murs: 'mur',
  portes: 'porte',
  muros: 'muro',
  studs: 'stud',
};

const STOP = new Set(['of', 'and', 'the', 'for', 'with', 'a', 'an', 'in', 'to', 'type', 'x', 'on', 'at', 'per', 'or']);

/** Lower-case words of a text, singular, with sizes ("2x4", "1/2", "#4", "3000") kept as they are. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[×]/g, 'x')
    .replace(/[^a-z0-9/#.\-x ]+/g, ' ')
    .replace(/(?<![0-9])\.|\.(?![0-9])/g, ' ')
    .split(/[\s\-_]+/)
    .map((t) => STEMS[t] ?? (t.length > 3 && /[a-z]s$/.test(t) && !/ss$/.test(t) ? t.slice(0, -1) : t))
    .filter((t) => t.length > 0 && !STOP.has(t));
}

/** A size or grade ("2x4", "1/2", "#4", "3000", "16") qualifies a thing; it does not name it. */
export const isSize = (token: string) => !/[a-z]{2,}/.test(token.replace(/x(?=\d)|(?<=\d)x/g, ''));

export const CONCEPTS: readonly Concept[] = [
  {
    id: 'casework',
    label: 'casework',
    patterns: ['cabinet', 'casework', 'vanity', 'millwork', 'cupboard'],
    heads: ['cabinet', 'casework', 'millwork', 'cupboard'],
  },
  { id: 'countertop', label: 'a countertop', patterns: ['countertop', 'counter top', 'worktop'] },
  {
    id: 'metal-deck',
    label: 'structural metal decking',
    patterns: ['metal deck', 'steel deck', 'composite deck', 'roof deck'],
  },
  { id: 'retaining-wall', label: 'a retaining wall', patterns: ['retaining wall'] },
  {
    id: 'foundation',
    label: 'a foundation',
    patterns: ['footing', 'foundation', 'stem wall', 'pier', 'pile', 'caisson', 'grade beam'],
    heads: ['foundation'],
  },
  { id: 'curtain-wall', label: 'a storefront or curtain wall', patterns: ['storefront', 'curtain wall'] },
  { id: 'formwork', label: 'formwork', patterns: ['formwork', 'form', 'shuttering'] },
  {
    id: 'insulation',
    label: 'insulation',
    patterns: ['insulation', 'batt', 'spray foam', 'rigid foam', 'blown', 'lagging', 'duct wrap'],
    heads: ['insulation'],
  },
  { id: 'sheathing', label: 'sheathing', patterns: ['sheathing', 'osb', 'plywood', 'subfloor'], heads: ['sheathing'] },
  { id: 'siding', label: 'siding', patterns: ['siding', 'cladding', 'clapboard'], heads: ['siding', 'cladding'] },
  { id: 'stucco', label: 'plaster or stucco', patterns: ['stucco', 'plaster'] },
  {
    id: 'waterproofing',
    label: 'waterproofing',
    patterns: ['waterproofing', 'dampproofing', 'house wrap', 'wrb', 'weather resistive', 'tyvek'],
    heads: ['waterproofing'],
  },
  { id: 'vapor-barrier', label: 'a vapour barrier', patterns: ['vapor barrier', 'vapour barrier'] },
  { id: 'wallcovering', label: 'wallcovering', patterns: ['wallcovering', 'wallpaper', 'wall covering'] },
  {
    id: 'gypsum',
    label: 'gypsum board',
    patterns: ['gypsum', 'drywall', 'sheetrock', 'plasterboard', 'gyp', 'wallboard', 'green board'],
    heads: ['gypsum', 'drywall', 'sheetrock', 'plasterboard', 'gyp', 'wallboard', 'board'],
  },
  { id: 'paint', label: 'paint or coating', patterns: ['paint', 'coating', 'primer', 'stain'], heads: ['paint'] },
  {
    id: 'ceiling',
    label: 'a ceiling',
    patterns: ['ceiling', 'acoustical', 'act', 'drop ceiling', 'suspended', 'cielo', 'plafond'],
    heads: ['ceiling', 'cielo', 'plafond'],
  },
  { id: 'tile', label: 'tile', patterns: ['tile', 'backsplash'], heads: ['tile'] },
  {
    id: 'masonry',
    label: 'masonry',
    patterns: ['cmu', 'masonry', 'brick', 'cinder block', 'concrete block', 'glass block', 'stone', 'mortar', 'grout'],
    heads: ['masonry'],
  },
  { id: 'stair', label: 'a stair', patterns: ['stair', 'escalera', 'step'] },
  { id: 'railing', label: 'a railing', patterns: ['handrail', 'railing', 'guardrail', 'balustrade'] },
  {
    id: 'door-hardware',
    label: 'door hardware',
    patterns: ['hardware', 'lockset', 'hinge', 'closer'],
    heads: ['hardware'],
  },
  {
    id: 'trim',
    label: 'trim',
    patterns: [
      'casing',
      'trim',
      'baseboard',
      'molding',
      'crown',
      'cove base',
      'rubber base',
      'resilient base',
      'vinyl base',
      'wall base',
      'skirting',
    ],
    heads: ['trim'],
  },
  { id: 'metal-stud', label: 'metal stud framing', patterns: ['metal stud', 'steel stud', 'cold formed'] },
  { id: 'truss', label: 'a truss', patterns: ['truss'] },
  { id: 'joist', label: 'a joist', patterns: ['joist', 'i joist', 'tji'] },
  { id: 'rafter', label: 'rafters', patterns: ['rafter'] },
  {
    id: 'beam',
    label: 'a beam',
    patterns: ['glulam', 'lvl', 'beam', 'header', 'lintel'],
    heads: ['beam', 'header', 'lintel'],
  },
  { id: 'stud', label: 'studs', patterns: ['stud'] },
  { id: 'lumber', label: 'lumber', patterns: ['lumber', 'dimensional', 'timber'] },
  {
    id: 'fastener',
    label: 'fasteners',
    patterns: ['nail', 'fastener', 'connector', 'screw', 'anchor bolt', 'tie'],
    heads: ['fastener'],
  },
  {
    id: 'steel',
    label: 'structural steel',
    patterns: [
      'structural steel',
      'steel beam',
      'steel column',
      'wide flange',
      'w shape',
      'misc metal',
      'miscellaneous steel',
    ],
    heads: ['structural', 'steel'],
  },
  {
    id: 'electrical-device',
    label: 'an electrical device',
    patterns: [
      'receptacle',
      'outlet',
      'switch',
      'gfci',
      'gfi',
      'socket',
      'junction box',
      'panelboard',
      'breaker',
      'smoke detector',
      'smoke alarm',
      'exit sign',
      'grounding',
      'ground rod',
      'electrical device',
    ],
    heads: ['electrical', 'device'],
  },
  {
    id: 'light',
    label: 'a light fixture',
    patterns: ['light', 'luminaire', 'downlight', 'troffer', 'lamp', 'wall pack', 'fixture light'],
    heads: ['light', 'luminaire', 'fixture'],
  },
  { id: 'conduit', label: 'conduit', patterns: ['conduit', 'emt'], heads: ['conduit'] },
  {
    id: 'wire',
    label: 'wire or cable',
    patterns: ['wire', 'cable', 'thhn', 'romex', 'conductor'],
    heads: ['wire', 'cable', 'conductor'],
  },
  {
    id: 'hvac-equipment',
    label: 'HVAC equipment',
    patterns: [
      'furnace',
      'air conditioner',
      'condenser',
      'heat pump',
      'rtu',
      'rooftop unit',
      'thermostat',
      'exhaust fan',
      'bath fan',
      'line set',
      'refrigerant',
      'hvac',
    ],
    heads: ['hvac'],
  },
  { id: 'duct', label: 'ductwork', patterns: ['duct', 'diffuser', 'register', 'grille'], heads: ['duct'] },
  { id: 'water-heater', label: 'a water heater', patterns: ['water heater', 'boiler'] },
  {
    id: 'plumbing-fixture',
    label: 'a plumbing fixture',
    patterns: [
      'toilet',
      'water closet',
      'wc',
      'lavatory',
      'sink',
      'bathtub',
      'tub',
      'shower',
      'faucet',
      'water heater',
      'floor drain',
      'fountain',
      'urinal',
      'inodoro',
      'plumbing fixture',
    ],
    heads: ['plumbing', 'fixture'],
  },
  {
    id: 'pipe',
    label: 'pipe',
    patterns: ['pipe', 'pex', 'copper', 'dwv', 'soil pipe', 'tubing'],
    heads: ['pipe', 'tubing'],
  },
  { id: 'gutter', label: 'gutters and flashing', patterns: ['gutter', 'downspout', 'flashing'], heads: ['gutter'] },
  {
    id: 'sealant',
    label: 'sealant or firestopping',
    patterns: ['sealant', 'caulk', 'caulking', 'firestop', 'fire stop'],
    heads: ['sealant', 'caulk', 'caulking'],
  },
  {
    id: 'window',
    label: 'a window',
    patterns: ['window', 'ventana', 'fenetre', 'fenster', 'glaze', 'skylight', 'insulated glass'],
    heads: ['window', 'ventana', 'fenetre', 'fenster', 'glaze'],
  },
  {
    id: 'door',
    label: 'a door',
    patterns: ['door', 'puerta', 'porte', 'tur', 'deur', 'porta', 'garage door', 'overhead door'],
    heads: ['door', 'puerta', 'porte', 'tur', 'deur', 'porta'],
  },
  { id: 'garage', label: 'a garage', patterns: ['garage'] },
  {
    id: 'paving',
    label: 'paving',
    patterns: [
      'asphalt paving',
      'asphalt pavement',
      'blacktop',
      'pave',
      'driveway',
      'sidewalk',
      'walkway',
      'paver',
      'curb',
      'striping',
    ],
    heads: ['pave'],
  },
  { id: 'deck', label: 'a deck or porch', patterns: ['deck', 'porch', 'veranda', 'terrace'] },
  {
    id: 'earthwork',
    label: 'earthwork',
    patterns: [
      'excavation',
      'excavate',
      'trench',
      'backfill',
      'fill',
      'grading',
      'clearing',
      'topsoil',
      'silt fence',
      'gravel',
      'sand',
      'aggregate',
      'earthwork',
    ],
    heads: ['earthwork'],
  },
  { id: 'fence', label: 'a fence', patterns: ['fence'], heads: ['fence'] },
  {
    id: 'landscape',
    label: 'landscaping',
    patterns: [
      'sod',
      'lawn',
      'shrub',
      'tree',
      'plant',
      'planting',
      'irrigation',
      'sprinkler',
      'arbol',
      'arbre',
      'arbust',
      'landscape',
      'landscaping',
    ],
    heads: ['landscape', 'landscaping', 'plant', 'planting'],
  },
  {
    id: 'rebar',
    label: 'reinforcement',
    patterns: ['rebar', 'reinforcing', 'reinforcement', 'wire mesh', 'welded wire', 'wwf'],
    heads: ['rebar', 'reinforcing', 'reinforcement', 'steel'],
  },
  { id: 'slab', label: 'a slab', patterns: ['slab', 'sog', 'losa', 'dalle'] },
  {
    id: 'flooring',
    label: 'a floor finish',
    patterns: [
      'floor finish',
      'flooring',
      'floor covering',
      'carpet',
      'hardwood',
      'vinyl plank',
      'lvp',
      'vct',
      'laminate floor',
      'concrete sealer',
      'sealed concrete',
      'floor sealer',
      'sheet vinyl',
      'resinous floor',
      'epoxy floor',
    ],
    heads: ['floor', 'flooring', 'finish', 'covering'],
  },
  {
    // The rooms of a dwelling, as house plans name them: the residential room finishes price these, never a lobby,
    // a corridor or an electrical room of another kind of building.
    id: 'dwelling-room',
    label: 'a room of a house',
    patterns: [
      'bedroom',
      'bathroom',
      'kitchen',
      'living room',
      'dining room',
      'dining',
      'family room',
      'great room',
      'bonus room',
      'powder room',
      'laundry room',
      'walk in closet',
      'mudroom',
      'mud room',
      'nook',
      'pantry',
      'foyer',
      'nursery',
      'dormitorio',
      'cocina',
      'sala',
      'bano',
      'salon',
      'chambre',
      'cuisine',
    ],
    // With the words and abbreviations house plans name their rooms by ("BR 2", "MSTR. BATH", "UTIL.", "WIC").
    heads: [
      ...['bedroom', 'bathroom', 'kitchen', 'dining', 'nook', 'pantry', 'foyer', 'mudroom', 'nursery'],
      ...['bed', 'br', 'mbr', 'bath', 'kit', 'liv', 'living', 'din', 'fam', 'family', 'den', 'study', 'entry'],
      ...['hall', 'closet', 'clo', 'wic', 'util', 'laundry', 'master', 'mstr', 'toil', 'powder', 'guest', 'loft'],
    ],
  },
  {
    id: 'room',
    label: 'a room',
    patterns: ['room', 'office', 'corridor', 'lobby'],
  },
  {
    id: 'floor-area',
    label: 'a building floor area',
    patterns: [
      'floor area',
      'footprint',
      'gross area',
      'building area',
      'gross floor',
      'gfa',
      'living area',
      'conditioned area',
      'house area',
    ],
  },
  {
    id: 'roof',
    label: 'a roof',
    patterns: ['roof', 'shingle', 'tpo', 'epdm', 'membrane', 'underlayment'],
    heads: ['roof'],
  },
  { id: 'wall', label: 'a wall', patterns: ['wall', 'partition', 'muro', 'mur', 'pared', 'wand', 'tabique'] },
  { id: 'column', label: 'a column', patterns: ['column'] },
  {
    id: 'concrete',
    label: 'concrete',
    patterns: ['concrete', 'readymix', 'ready mix', 'hormigon', 'beton'],
    heads: ['concrete', 'readymix', 'ready', 'mix', 'hormigon', 'beton'],
  },
  {
    id: 'furniture',
    label: 'furniture or equipment',
    patterns: ['furniture', 'sofa', 'chair', 'table', 'bed', 'mesa', 'mesacentro', 'desk', 'appliance'],
  },
];

const PATTERN_WORDS = CONCEPTS.map((c) => ({ concept: c, sets: c.patterns.map((p) => words(p)) }));

/** The words that name a concept ("door", "puerta"): synonyms of what it is, never a qualifier of which one. */
export function synonyms(id: string): Set<string> {
  const found = PATTERN_WORDS.find((p) => p.concept.id === id);
  if (!found) return new Set();
  if (found.concept.heads) return new Set(found.concept.heads.flatMap((h) => words(h)));
  return new Set(found.sets.filter((set) => set.length === 1).flat());
}

export const conceptById = (id: string | undefined) => CONCEPTS.find((c) => c.id === id);

/**
 * What a text names: its first comma-separated part first (the head of "Exterior
 * wall, 2×6, stucco finish" is a wall, whatever finish it has), then the whole.
 */
export function classify(text: string): { concept: Concept; matched: string[] } | undefined {
  const comma = text.indexOf(',');
  return (comma > 0 ? classifyPart(text.slice(0, comma)) : undefined) ?? classifyPart(text);
}

/** The first concept whose pattern words all appear in the text, with the words that matched. */
function classifyPart(text: string): { concept: Concept; matched: string[] } | undefined {
  const present = new Set(words(text));
  for (const { concept, sets } of PATTERN_WORDS) {
    const hit = sets.find((set) => set.length > 0 && set.every((w) => present.has(w)));
    if (hit) return { concept, matched: hit };
  }
  return undefined;
}
