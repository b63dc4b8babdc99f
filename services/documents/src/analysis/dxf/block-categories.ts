/**
 * Which blocks are countable items an estimator prices (doors, windows,
 * plumbing fixtures…), from the block's name and its attribute tags.
 */

export interface BlockCategory {
  /** Plural label used in quantity descriptions: 'Doors', 'Windows'… */
  label: string;
  /** Whole words, matched against the name's words. */
  words: string[];
  /** Fragments matched inside longer words ('OVALBATH', 'SNGREF30'). */
  fragments: string[];
}

export const BLOCK_CATEGORIES: BlockCategory[] = [
  {
    label: 'Doors',
    words: ['door', 'doors', 'dr', 'puerta', 'puertas', 'porte', 'portes', 'tür', 'tur', 'tuer', 'deur', 'porta'],
    fragments: ['door', 'puerta', 'porte'],
  },
  {
    label: 'Windows',
    words: [
      'window',
      'windows',
      'win',
      'wdw',
      'wndw',
      'ventana',
      'ventanas',
      'fenêtre',
      'fenetre',
      'fenster',
      'raam',
      'finestra',
      'janela',
    ],
    fragments: ['window', 'ventana', 'fenetre', 'fenster'],
  },
  {
    label: 'Plumbing fixtures',
    words: [
      'toilet',
      'wc',
      'lav',
      'lavatory',
      'sink',
      'basin',
      'bath',
      'bathtub',
      'tub',
      'shower',
      'urinal',
      'bidet',
      'faucet',
      'inodoro',
      'lavabo',
      'ducha',
      'bañera',
      'banera',
      'fregadero',
      'evier',
      'évier',
      'douche',
      'baignoire',
      'waschbecken',
      'dusche',
      'badewanne',
    ],
    fragments: ['toilet', 'bath', 'sink', 'shower', 'urinal', 'lavator', 'inodoro', 'lavabo'],
  },
  {
    label: 'Appliances',
    words: [
      'washer',
      'dryer',
      'refrigerator',
      'fridge',
      'ref',
      'range',
      'cooktop',
      'oven',
      'dishwasher',
      'dw',
      'microwave',
      'freezer',
    ],
    fragments: ['washer', 'dryer', 'refrig', 'cooktop', 'cktop', 'dishwash', 'microwave', 'sngref', 'dblref'],
  },
  {
    label: 'Electrical devices',
    words: ['outlet', 'receptacle', 'switch', 'luminaire', 'light', 'lamp', 'downlight', 'detector', 'panelboard'],
    fragments: ['receptacle', 'luminaire', 'downlight', 'smokedet'],
  },
  {
    label: 'Furniture',
    words: [
      'chair',
      'table',
      'sofa',
      'couch',
      'bed',
      'desk',
      'wardrobe',
      'dresser',
      'lounger',
      'bench',
      'silla',
      'mesa',
      'cama',
      'chaise',
      'lit',
      'stuhl',
      'tisch',
      'bett',
    ],
    fragments: ['chair', 'table', 'sofa', 'wardrobe', 'dresser', 'mesacentro'],
  },
  {
    label: 'Trees and plants',
    words: ['tree', 'trees', 'shrub', 'plant', 'arbol', 'árbol', 'arbre', 'arbust', 'arbusto', 'baum'],
    fragments: ['tree', 'shrub', 'arbol', 'arbre', 'arbust'],
  },
];

/** Xref-bound names carry their source drawing: `xref-House$0$DOOR-36` → `DOOR-36`. */
export function localBlockName(name: string): string {
  const bound = name.lastIndexOf('$0$');
  const piped = name.lastIndexOf('|');
  const cut = Math.max(bound >= 0 ? bound + 3 : -1, piped >= 0 ? piped + 1 : -1);
  return cut > 0 ? name.slice(cut) : name;
}

function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** The category a block belongs to, judged by its name, then by its attribute tags. */
export function categorizeBlock(name: string, attributeTags: Iterable<string> = []): BlockCategory | undefined {
  const local = localBlockName(name);
  if (local.startsWith('*') || local.startsWith('_')) return undefined; // anonymous and arrowhead blocks
  const nameWords = words(local);
  const byName = BLOCK_CATEGORIES.find(
    (category) =>
      nameWords.some((w) => category.words.includes(w)) ||
      nameWords.some((w) => category.fragments.some((f) => w.includes(f))),
  );
  if (byName) return byName;
  const tagWords = [...attributeTags].flatMap(words);
  return BLOCK_CATEGORIES.slice(0, 2).find((category) =>
    tagWords.some((w) => category.fragments.some((f) => w.startsWith(f))),
  );
}
