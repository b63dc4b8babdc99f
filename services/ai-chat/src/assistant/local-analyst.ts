import type { DocumentAnalysis } from '@kerf/contracts';
import {
  categoryOf,
  originDimension,
  formatQuantity,
  isAnnotationName,
  notAMaterial,
  originKey,
  type QuantityOrigin,
} from '@kerf/takeoff';
import { sheetAnswer, sheetListing } from './sheet-answers';
import { describeScale, pagesOf, scaleOf } from './sheet-text';

/** A document as the analyst reads it: its name and what the analysis found. */
export interface AnalysedDocument {
  id: string;
  filename: string;
  analysis: DocumentAnalysis;
}

export type Source = {
  documentId: string;
  filename: string;
  layer?: string;
  block?: string;
  /** A measured room: a source link opens the sheet at it. */
  room?: string;
  page?: number;
  sheet?: string;
};

/** A number in a reply and where it came from. */
export interface SourcedQuantity {
  description: string;
  /** The exact figure; the reply's text rounds it as a person writes it. */
  quantity: number;
  unit: string;
  source: Source;
  /** The quantity's identity: document, revision, and the layer, block, room, page, schedule or item inside it. */
  origin: QuantityOrigin;
  /**
   * 'linework' for a wall layer's drawn linework (both faces of every wall),
   * shown beside the wall length and never taken as one; 'wall length' for the
   * walls themselves, each once.
   */
  figure?: 'linework' | 'wall length';
  /** The material it stands for; absent for what is not one (annotation, slivers, linework). */
  material?: { name: string; category: string };
}

export interface AnalystReply {
  content: string;
  quantities: SourcedQuantity[];
}

/** A figure as a person writes it: `716.3`, `2,261`, `3.45`. */
const shown = (quantity: number, unit: string) => formatQuantity(quantity, unit);
/** The exact figure, rid of floating-point noise only. */
const exact = (value: number) => Math.round(value * 1e6) / 1e6;

/** Words that name what a count, length or area is of, with the spellings a drawing uses. */
const SYNONYMS: Record<string, string[]> = {
  door: ['door', 'dr', 'puerta'],
  window: ['window', 'win', 'wdw', 'ventana'],
  toilet: ['toilet', 'wc', 'water closet', 'water-closet', 'closet'],
  sink: ['sink', 'lav', 'lavatory', 'basin'],
  outlet: ['outlet', 'receptacle', 'recept'],
  light: ['light', 'lighting', 'luminaire', 'fixture', 'troffer'],
  fixture: ['fixt', 'fixture', 'plumbing'],
  wall: ['wall', 'walls', 'partition', 'muro'],
  pipe: ['pipe', 'piping', 'plumb', 'water', 'sewer', 'drain'],
  column: ['column', 'col'],
};

const singular = (word: string) =>
  word
    .replace(/(ies)$/, 'y')
    .replace(/(ses|xes|ches|shes)$/, (m) => m.slice(0, -2))
    .replace(/s$/, '');

/** The thing a question asks about: "how many doors" → door, "length of the walls" → wall. */
function subjectOf(question: string): string | null {
  const q = question.toLowerCase();
  const patterns = [
    /how many\s+([a-z][a-z -]*?)(?:\s+(?:are|is|do|does|in|on|there|will|would|should|can)\b|[?.!,]|$)/,
    /(?:number|count|quantity|total)\s+of\s+(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /\bcount\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:in|on)\b|[?.!,]|$)/,
    /(?:square footage|floor area)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /(?:length|linear feet|footage)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /how long\s+(?:are|is)\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:[?.!,]|$)/,
    /(?:area|square feet|sq ft|size)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /(?:concrete|volume)\s+(?:for|of|in)\s+(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:at|with|if)\b|[?.!,]|$)/,
    // Last: the patterns above name the subject more precisely ("concrete for the footings").
    /how much\s+(?:of\s+)?(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:is|are|do|does|will|would|in|on|for|at|with)\b|[?.!,]|$)/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(q);
    if (match?.[1]) {
      const words = match[1]
        .trim()
        .split(/\s+/)
        .filter((w) => !['the', 'all', 'total', 'of'].includes(w));
      if (words.length) return singular(words[words.length - 1]!);
    }
  }
  return null;
}

function spellings(subject: string): string[] {
  for (const [key, names] of Object.entries(SYNONYMS))
    if (key === subject || names.includes(subject)) return [key, ...names];
  return [subject];
}

/**
 * Whether a drawing's element (a block, a layer) is the subject itself, not
 * annotation about it: a door's tag (DOOR-TAG, A-DOOR-IDEN) or a wall's hatch
 * (A-WALL-PATT) is not a door or a wall, unless annotation is what was asked for ("flags").
 */
function isSubject(name: string, subject: string): boolean {
  return names(name, subject) && (!isAnnotationName(name) || isAnnotationName(subject));
}

/** Whether a drawing's name (a block, a layer, a room) is about the subject. */
function names(name: string, subject: string): boolean {
  const lower = name.toLowerCase();
  const parts = lower.split(/[^a-z0-9]+/).filter(Boolean);
  // A short spelling ("dr", "wc") is a word of its own or a tag with a number ("DR1", "WC-2"), never
  // the start of another word: DRESSER is not a door.
  return spellings(subject).some((word) =>
    word.length <= 3
      ? parts.some((part) => part === word || (part.startsWith(word) && /^\d+$/.test(part.slice(word.length))))
      : lower.includes(word),
  );
}

/** How a material of each subject is named and filed. */
const LABELS: Record<string, { plural: string; category: string }> = {
  door: { plural: 'Doors', category: 'Doors & windows' },
  window: { plural: 'Windows', category: 'Doors & windows' },
  toilet: { plural: 'Toilets', category: 'Plumbing fixtures' },
  sink: { plural: 'Sinks', category: 'Plumbing fixtures' },
  fixture: { plural: 'Fixtures', category: 'Plumbing fixtures' },
  outlet: { plural: 'Outlets', category: 'Electrical' },
  light: { plural: 'Lights', category: 'Electrical' },
  wall: { plural: 'Walls', category: 'Walls' },
  pipe: { plural: 'Pipe', category: 'Pipe' },
  column: { plural: 'Columns', category: 'Structure' },
};

/** The subject a drawing's name is about ("PUERTA" → door, "A-WALL" → wall), if any. */
function subjectNamed(name: string): string | null {
  return Object.keys(SYNONYMS).find((key) => names(name, key)) ?? null;
}

/** A material's name and category: "Doors (PUERTA)", "Walls (A-WALL)", or the name the drawing gives it. */
function materialOf(what: string, ref: string, subject?: string | null): { name: string; category: string } {
  const key = subject && LABELS[subject] ? subject : subjectNamed(ref);
  const label = key ? LABELS[key] : undefined;
  // An xref-bound name (plan$0$A-WALL) is read without its drawing's prefix.
  const [shortWhat, shortRef] = [what, ref].map((name) => name.replace(/^.*\$\d+\$/, ''));
  if (!label) return { name: what === ref ? shortRef! : `${shortWhat!} (${shortRef!})`, category: categoryOf(what) };
  return { name: `${label.plural} (${shortRef!})`, category: label.category };
}

/** The analysis revision a reply read (1 until a document is re-analysed). */
function revisionOf(doc: AnalysedDocument): number {
  const revision = (doc.analysis as { revision?: unknown }).revision;
  return typeof revision === 'number' && revision > 0 ? revision : 1;
}

/** A quantity of a document with its origin; proposed as a material unless it is annotation, a sliver or linework. */
export function quantityOf(
  doc: AnalysedDocument,
  fields: {
    description: string;
    quantity: number;
    unit: string;
    place: Omit<Source, 'documentId' | 'filename'>;
    kind: NonNullable<QuantityOrigin['kind']>;
    ref: string;
    page?: number;
    figure?: SourcedQuantity['figure'];
    material?: { name: string; category: string } | null;
  },
): SourcedQuantity {
  const source: Source = { documentId: doc.id, filename: doc.filename };
  for (const [key, value] of Object.entries(fields.place))
    if (value !== undefined) (source as Record<string, unknown>)[key] = value;
  const origin: QuantityOrigin = {
    documentId: doc.id,
    documentName: doc.filename,
    revision: revisionOf(doc),
    kind: fields.kind,
    ref: fields.ref,
    ...(fields.page !== undefined ? { page: fields.page } : {}),
    dimension: originDimension(fields.unit),
  };
  const quantity: SourcedQuantity = {
    description: fields.description,
    quantity: exact(fields.quantity),
    unit: fields.unit,
    source,
    origin,
    ...(fields.figure ? { figure: fields.figure } : {}),
  };
  const material = fields.material === undefined ? materialOf(fields.description, fields.ref) : fields.material;
  if (material && fields.figure !== 'linework' && !notAMaterial(quantity)) quantity.material = material;
  return quantity;
}

/** Where a written quantity stands, as an origin: a spreadsheet row, a sheet, or a page's text. */
function writtenOrigin(source: DocumentAnalysis['quantities'][number]['source'], description: string) {
  if (source.row !== undefined)
    return { kind: 'item' as const, ref: `${source.sheet ?? ''}#${source.row} ${description}` };
  if (source.sheet !== undefined)
    return { kind: 'sheet' as const, ref: `${source.sheet} ${description}`, page: source.page };
  return { kind: 'text' as const, ref: description, page: source.page };
}

/**
 * A quantity the engine lists only because a layer holds it (its linework,
 * closed outlines or a room on it): already answered from the layer or room
 * itself, so it is not listed a second time.
 */
function restatesLayer(doc: AnalysedDocument, quantity: DocumentAnalysis['quantities'][number]): boolean {
  const { layer, block, page } = quantity.source;
  return (
    !!layer && !block && page === undefined && (doc.analysis.layers ?? []).some((candidate) => candidate.name === layer)
  );
}

/** Symbols a PDF's analysis may list (name, page, count): counted like blocks. */
function symbolsOf(doc: AnalysedDocument): Array<{ name: string; page?: number; count: number }> {
  const symbols = (doc.analysis as { symbols?: unknown }).symbols;
  return Array.isArray(symbols)
    ? symbols.filter(
        (s): s is { name: string; page?: number; count: number } =>
          typeof s?.name === 'string' && typeof s?.count === 'number',
      )
    : [];
}

/** The page a room or layer of a PDF analysis is on. */
const pageOf = (thing: object): number | undefined => {
  const page = (thing as { page?: unknown }).page;
  return typeof page === 'number' ? page : undefined;
};

/** Where on a PDF a room, layer or symbol is: its page, and the sheet number the page's title block gives. */
function pagePlace(doc: AnalysedDocument, thing: object): { page?: number; sheet?: string } {
  const page = pageOf(thing);
  if (page === undefined) return {};
  const sheet = doc.analysis.pages?.find((p) => p.number === page)?.sheetNumber;
  return sheet ? { page, sheet } : { page };
}

function blockQuantity(
  doc: AnalysedDocument,
  block: DocumentAnalysis['blocks'] extends (infer B)[] | undefined ? B : never,
  subject?: string,
) {
  const shownName = block.dynamicBlockName ?? block.name;
  return quantityOf(doc, {
    description: shownName,
    quantity: block.totalCount,
    unit: 'ea',
    place: { block: block.name },
    kind: 'block',
    ref: block.name,
    material: materialOf(shownName, shownName, subject),
  });
}

function counts(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  const found: SourcedQuantity[] = [];
  for (const doc of documents) {
    const blocks = doc.analysis.blocks ?? [];
    const matches = (block: { name: string; dynamicBlockName?: string }) =>
      isSubject(block.dynamicBlockName ?? block.name, subject) || isSubject(block.name, subject);
    const matching = new Set(blocks.filter(matches).map((block) => block.name));
    for (const block of blocks) {
      if (!matching.has(block.name) || block.totalCount <= 0) continue;
      // A DOOR-PAIR holding two DOORs: its doors are already in DOOR's total, so the pair itself is not counted again.
      if (block.contains?.some((inner) => matching.has(inner))) continue;
      found.push(blockQuantity(doc, block, subject));
    }
    for (const symbol of symbolsOf(doc))
      if (symbol.count > 0 && isSubject(symbol.name, subject))
        found.push(
          quantityOf(doc, {
            description: symbol.name,
            quantity: symbol.count,
            unit: 'ea',
            place: pagePlace(doc, symbol),
            kind: 'symbol',
            ref: symbol.name,
            page: symbol.page,
            material: materialOf(symbol.name, symbol.name, subject),
          }),
        );
    for (const quantity of doc.analysis.quantities)
      if (
        /^(ea|each|no|pcs|unit)$/i.test(quantity.unit) &&
        names(quantity.description, subject) &&
        // The engine also lists a block's instances as a quantity: a block is counted from the blocks, once.
        !(quantity.source.block && matching.has(quantity.source.block))
      ) {
        const { block } = quantity.source;
        found.push(
          quantityOf(doc, {
            description: quantity.description,
            quantity: quantity.quantity,
            unit: 'ea',
            place: quantity.source,
            ...(block ? { kind: 'block' as const, ref: block } : writtenOrigin(quantity.source, quantity.description)),
            material: materialOf(quantity.description, block ?? quantity.description, subject),
          }),
        );
      }
    found.push(...scheduleCounts(subject, doc));
  }
  return unique(found);
}

/** A column that says how many of a row there are. */
const QUANTITY_COLUMN = /^(qty|quan(tity)?|no\.?|count|#|number of)$/i;

/**
 * A schedule about the subject (DOOR SCHEDULE for doors): the sum of its
 * quantity column, or else one per row, as a schedule lists each door, window
 * or room once; cited by page, sheet and schedule.
 */
function scheduleCounts(subject: string, doc: AnalysedDocument): SourcedQuantity[] {
  return (doc.analysis.pages ?? []).flatMap((page) =>
    (page.schedules ?? [])
      .filter((schedule) => names(schedule.title, subject) && schedule.rows.length > 0)
      .map((schedule) => {
        const column = schedule.columns.findIndex((name) => QUANTITY_COLUMN.test(name.trim()));
        const stated = column >= 0 ? schedule.rows.map((row) => Number((row[column] ?? '').replace(/,/g, ''))) : [];
        const quantity =
          column >= 0 && stated.every((value) => Number.isFinite(value))
            ? stated.reduce((sum, value) => sum + value, 0)
            : schedule.rows.filter((row) => (row[0] ?? '').trim()).length;
        return quantityOf(doc, {
          // '- 6 ea doors, DOOR SCHEDULE (…)': the extractor reads the material as 'doors'.
          description: `${subject}s, ${schedule.title}`,
          quantity,
          unit: 'ea',
          place: { page: page.number, ...(page.sheetNumber ? { sheet: page.sheetNumber } : {}) },
          kind: 'schedule',
          ref: schedule.title,
          page: page.number,
          material: materialOf(`${subject}s`, schedule.title, subject),
        });
      }),
  );
}

/**
 * The length of a layer: for a wall layer, its walls each once (wallLengthFt)
 * and, beside it, its linework; for any other layer, its linework.
 */
function layerLengths(doc: AnalysedDocument, layer: NonNullable<DocumentAnalysis['layers']>[number], subject?: string) {
  const place = { layer: layer.name, ...pagePlace(doc, layer) };
  const base = { unit: 'ft', place, kind: 'layer' as const, ref: layer.name, page: pageOf(layer) };
  const wallLayer = subject === 'wall' || subjectNamed(layer.name) === 'wall';
  const linework = quantityOf(doc, {
    ...base,
    description: `${layer.name} linework`,
    quantity: layer.lengthFt,
    ...(wallLayer ? { figure: 'linework' as const } : {}),
    material: materialOf(`${layer.name}`, layer.name, subject),
  });
  if (!wallLayer) return [linework];
  if (layer.wallLengthFt === undefined) return [linework];
  return [
    quantityOf(doc, {
      ...base,
      description: 'walls',
      quantity: layer.wallLengthFt,
      figure: 'wall length',
      material: materialOf('walls', layer.name, 'wall'),
    }),
    linework,
  ];
}

function lengths(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  return unique([
    ...documents.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.lengthFt > 0 && isSubject(layer.name, subject))
        .flatMap((layer) => layerLengths(doc, layer, subject)),
    ),
    ...written(subject, documents, ['ft']),
  ]);
}

/** Quantities a spec, schedule or spreadsheet states in writing ("120 LF 2\" PVC pipe"), in the given units. */
function written(subject: string, documents: AnalysedDocument[], units?: string[]): SourcedQuantity[] {
  return documents.flatMap((doc) =>
    doc.analysis.quantities
      .filter(
        (quantity) =>
          quantity.quantity > 0 &&
          (!units || units.includes(quantity.unit)) &&
          names(quantity.description, subject) &&
          // Block counts are answered from the blocks themselves, layer totals from the layers.
          !quantity.source.block &&
          !restatesLayer(doc, quantity),
      )
      .map((quantity) =>
        quantityOf(doc, {
          description: quantity.description,
          quantity: quantity.quantity,
          unit: quantity.unit,
          place: quantity.source,
          ...writtenOrigin(quantity.source, quantity.description),
          material: materialOf(quantity.description, quantity.description),
        }),
      ),
  );
}

const FLOOR_WORDS = ['room', 'floor', 'area', 'space', 'slab', 'flooring'];
/** Questions about the building as a whole ("the footprint", "the area of the house", "the floor area"). */
const BUILDING_WORDS = ['footprint', 'house', 'building', 'home', 'gross', 'floor', 'area'];
/** A layer that outlines the building rather than its rooms: A-FOOTPRINT, A-FLOR-OTLN, A-AREA-GROS, BLDG-OUTLINE. */
const FOOTPRINT_LAYER = /foot ?print|ftprnt|otln|outline|gros|\bgfa\b|bldg|building/i;

function footprints(doc: AnalysedDocument) {
  return (doc.analysis.layers ?? []).filter((layer) => layer.areaSqFt > 0 && FOOTPRINT_LAYER.test(layer.name));
}

function areas(subject: string | null, documents: AnalysedDocument[]): SourcedQuantity[] {
  const found: SourcedQuantity[] = [];
  for (const doc of documents) {
    // The building's outline answers a question about the building; the rooms inside it are its parts,
    // so they are not listed beside it (never a total beside its own parts).
    const outlines = !subject || BUILDING_WORDS.includes(subject) ? footprints(doc) : [];
    if (outlines.length) {
      for (const layer of outlines) found.push(footprintArea(doc, layer));
      continue;
    }
    for (const room of doc.analysis.rooms ?? [])
      if (!subject || FLOOR_WORDS.includes(subject) || names(room.name, subject))
        found.push(
          quantityOf(doc, {
            description: room.name,
            quantity: room.areaSqFt,
            unit: 'sq ft',
            // A PDF room is cited by its sheet and page: its 'layer' is only the stroke style of its outline.
            place:
              pageOf(room) !== undefined
                ? { ...pagePlace(doc, room), room: room.name }
                : { layer: room.layer, room: room.name },
            kind: 'room',
            ref: room.name,
            page: pageOf(room),
            // "room area", not "floor area": a room is not the building's floor area the estimate checks against.
            material: { name: `${room.name} room area`, category: 'Floors' },
          }),
        );
    if (subject)
      for (const layer of doc.analysis.layers ?? [])
        if (layer.areaSqFt > 0 && isSubject(layer.name, subject)) found.push(layerArea(doc, layer));
    for (const quantity of doc.analysis.quantities)
      if (
        /sq\.?\s*ft|sf/i.test(quantity.unit) &&
        (!subject || names(quantity.description, subject)) &&
        !restatesLayer(doc, quantity) &&
        !restatesRoom(doc, quantity)
      )
        found.push(
          quantityOf(doc, {
            description: quantity.description,
            quantity: quantity.quantity,
            unit: 'sq ft',
            place: quantity.source,
            ...writtenOrigin(quantity.source, quantity.description),
            material: materialOf(quantity.description, quantity.description),
          }),
        );
  }
  return unique(found);
}

/** A printed room area ("120 SF — OFFICE") of a room the sheet's linework measures: the room is listed, with its printed figure beside it in the analysis. */
function restatesRoom(doc: AnalysedDocument, quantity: DocumentAnalysis['quantities'][number]): boolean {
  return (doc.analysis.rooms ?? []).some(
    (room) =>
      (room as { printedAreaSqFt?: number }).printedAreaSqFt !== undefined &&
      pageOf(room) === quantity.source.page &&
      quantity.description.toUpperCase().includes(room.name.toUpperCase()),
  );
}

function footprintArea(doc: AnalysedDocument, layer: NonNullable<DocumentAnalysis['layers']>[number]) {
  const short = layer.name.split('$').pop() ?? layer.name;
  return quantityOf(doc, {
    description: 'footprint',
    quantity: layer.areaSqFt,
    unit: 'sq ft',
    place: { layer: layer.name, ...pagePlace(doc, layer) },
    kind: 'layer',
    ref: layer.name,
    page: pageOf(layer),
    material: { name: `Floor area, footprint (${short})`, category: 'Floors' },
  });
}

function layerArea(doc: AnalysedDocument, layer: NonNullable<DocumentAnalysis['layers']>[number]): SourcedQuantity {
  const key = subjectNamed(layer.name);
  return quantityOf(doc, {
    description: `${layer.name} closed outlines`,
    quantity: layer.areaSqFt,
    unit: 'sq ft',
    place: { layer: layer.name, ...pagePlace(doc, layer) },
    kind: 'layer',
    ref: layer.name,
    page: pageOf(layer),
    material: {
      name: key && LABELS[key] ? `${LABELS[key].plural} area (${layer.name})` : `${layer.name} area`,
      category: key && LABELS[key] ? LABELS[key].category : 'Areas',
    },
  });
}

/** Each source once: a second quantity of the same origin and figure (the engine restating a layer, say) is dropped. */
function unique(items: SourcedQuantity[]): SourcedQuantity[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${originKey(item.origin) ?? item.description}|${item.figure ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function cite(quantity: SourcedQuantity): string {
  const s = quantity.source;
  const parts = [
    s.sheet !== undefined ? `sheet ${s.sheet}` : '',
    s.page !== undefined ? `page ${s.page}` : '',
    s.layer ? `layer ${s.layer}` : '',
    s.block ? `block ${s.block}` : '',
  ].filter(Boolean);
  return `${s.filename}${parts.length ? `, ${parts.join(', ')}` : ''}`;
}

/** '- 14 ea doors (floor.dxf, block DOOR)', the phrasing SPEC §9's extractor reads. */
const line = (quantity: number, unit: string, what: string, source: string) =>
  `- ${shown(quantity, unit)} ${unit} ${what} (${source})`;

/**
 * The local assistant: answers counts, lengths, areas and concrete volumes
 * from the documents' analyses, naming the document and layer, block, page or
 * sheet behind every number, and says so when the documents do not hold the answer.
 */
export function answer(question: string, documents: AnalysedDocument[]): AnalystReply {
  const reply = measure(question, documents);
  return { ...reply, content: reply.content + caveats(reply.quantities, documents) };
}

/** The analysis' own warnings (units in doubt, a file cut short) about the documents behind a reply's numbers. */
function caveats(quantities: SourcedQuantity[], documents: AnalysedDocument[]): string {
  const behind = new Set(quantities.map((q) => q.source.documentId));
  const notes = documents
    .filter((doc) => behind.has(doc.id))
    .flatMap((doc) =>
      (doc.analysis.warnings ?? []).slice(0, 3).map((warning) => `Note on ${doc.filename}: ${warning}`),
    );
  return notes.length ? `\n\n${notes.join('\n')}` : '';
}

/**
 * The lines of a reply, drawing by drawing: each source once, a wall layer's
 * linework beside its wall length, and a total only over one drawing's
 * figures of one kind and unit, never across drawings.
 */
function render(intro: string, items: SourcedQuantity[], what?: string): AnalystReply {
  const shownItems = items.filter(
    (item) =>
      item.figure !== 'linework' ||
      !items.some((other) => other.figure === 'wall length' && originKey(other.origin) === originKey(item.origin)),
  );
  const lineOf = (item: SourcedQuantity, name: string) => {
    const linework =
      item.figure === 'wall length'
        ? items.find((other) => other.figure === 'linework' && originKey(other.origin) === originKey(item.origin))
        : undefined;
    return `${line(item.quantity, item.unit, name, cite(item))}${
      linework ? `; linework ${shown(linework.quantity, 'ft')} ft (both faces of each wall)` : ''
    }${item.figure === 'linework' ? '; the walls on it are not paired into wall lengths in this analysis' : ''}`;
  };
  if (shownItems.length === 1) {
    const item = shownItems[0]!;
    const name = what ?? item.description;
    return { content: lineOf(item, name), quantities: items };
  }
  const byDocument = new Map<string, SourcedQuantity[]>();
  for (const item of shownItems)
    byDocument.set(item.source.documentId, [...(byDocument.get(item.source.documentId) ?? []), item]);
  const blocks = [...byDocument.values()].map((group) => {
    const lines = group.map((item) => lineOf(item, item.description));
    const first = group[0]!;
    const alike = group.every(
      (item) => item.unit === first.unit && item.origin.kind === first.origin.kind && item.figure === first.figure,
    );
    if (group.length > 1 && alike) {
      const sum = group.reduce((total, item) => total + item.quantity, 0);
      const label = what ?? (first.figure === 'wall length' ? 'walls' : first.origin.kind === 'room' ? 'rooms' : '');
      lines.push(
        `Total on ${first.source.filename}: ${label ? `${label} ` : ''}${shown(sum, first.unit)} ${first.unit}`,
      );
    }
    return byDocument.size > 1 ? `${first.source.filename}:\n${lines.join('\n')}` : lines.join('\n');
  });
  return { content: `${intro}\n\n${blocks.join('\n\n')}`, quantities: items };
}

function measure(question: string, documents: AnalysedDocument[]): AnalystReply {
  const q = question.toLowerCase();
  const readable = documents.filter((doc) => doc.analysis.status === 'analyzed');
  if (!readable.length)
    return {
      content:
        'There are no analysed documents in this project yet. Upload drawings (PDF, DWG, DXF) or specs and ask again once they show as Analyzed.',
      quantities: [],
    };
  // What a sheet says in words (its scale, a finish code's rooms, a schedule's row) before anything is measured.
  const said = sheetAnswer(question, readable, subjectOf(question));
  if (said) return said;
  const named = exactName(q, readable);
  if (named && /\b(how many|number of|count)\b/.test(q) && named.kind === 'block') {
    const items = readable.flatMap((doc) =>
      (doc.analysis.blocks ?? [])
        .filter((block) => block.name.toLowerCase() === named.name)
        .map((block) => blockQuantity(doc, block)),
    );
    return render(`Placed blocks named ${named.name.toUpperCase()}:`, items);
  }
  if (named && named.kind === 'layer' && /\b(area|square (?:feet|foot|footage)|sq\.? ?ft)\b/.test(q)) {
    const items = readable.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.name.toLowerCase() === named.name && layer.areaSqFt > 0)
        .map((layer) => layerArea(doc, layer)),
    );
    if (!items.length) return notFound(`closed outlines with an area on layer ${named.name}`, readable);
    return render(`Closed outlines on layer ${named.name}:`, items);
  }
  if (named && named.kind === 'layer' && /\b(how long|length|linear|footage)\b/.test(q)) {
    const items = readable.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.name.toLowerCase() === named.name)
        .flatMap((layer) => layerLengths(doc, layer)),
    );
    return render(`Lengths on layer ${named.name}:`, items);
  }
  const subject = subjectOf(question);

  if (/\b(concrete|cubic|cu\.? ?yd|volume|pour)\b/.test(q)) {
    // A volume the documents state is the answer; one worked out from areas comes second.
    const stated = written(subject && subject !== 'slab' ? subject : 'concrete', readable, ['cu yd', 'cu ft', 'm³']);
    if (stated.length) return render('Volumes stated in the documents:', unique(stated));
    return concrete(q, subject, readable);
  }
  const asksArea = /\b(areas?|square (?:feet|foot|footage)|sq\.? ?ft|how big|size of)\b/.test(q);
  const asksLength = !asksArea && /\b(how long|length|linear|lineal|footage|feet|foot|lf)\b/.test(q);
  if (/\b(how many|number of|count)\b/.test(q) && subject && ['block', 'type', 'symbol', 'insert'].includes(subject))
    return everyBlock(readable);
  if (/\b(how many|number of|count)\b/.test(q) && subject && !asksLength) {
    const items = counts(subject, readable);
    if (!items.length) {
      const drawn = readable.flatMap((doc) =>
        (doc.analysis.layers ?? [])
          .filter((layer) => layer.entityCount > 0 && names(layer.name, subject))
          .map((layer) => `layer ${layer.name} of ${doc.filename} (${layer.entityCount} entities)`),
      );
      const missing = notFound(`${subject}s to count`, readable);
      if (!drawn.length) return missing;
      return {
        ...missing,
        content: `${missing.content}\n\nThe ${subject}s are drawn as linework, not placed as blocks, on ${drawn.join(', ')}: count them on the sheet, or ask for the length of that layer.`,
      };
    }
    return render(`Counted ${subject}s:`, items, items.length === 1 ? `${subject}s` : undefined);
  }
  if (asksLength && subject) {
    const items = lengths(subject, readable);
    if (!items.length) return notFound(`${subject} linework`, readable);
    const walls = subject === 'wall';
    return render(
      walls
        ? 'Wall lengths, each wall once (a wall drawn as two faces is measured along one face):'
        : `Lengths of ${subject} linework:`,
      items,
      // A measured figure is named by the subject ("walls"); a written one keeps its words ("2\" PVC pipe").
      items.length === 1 && items[0]!.origin.kind === 'layer' ? (walls ? 'walls' : subject) : undefined,
    );
  }
  if (asksArea) {
    // "What are the room areas?" names no subject the patterns catch, but it asks for rooms, not the building.
    const items = areas(subject ?? (/\brooms?\b/.test(q) ? 'room' : null), readable);
    if (!items.length) {
      const closed = readable.flatMap((doc) =>
        (doc.analysis.layers ?? [])
          .filter((layer) => layer.areaSqFt > 0)
          .map((layer) => `layer ${layer.name} of ${doc.filename}`),
      );
      const missing = notFound(subject ? `${subject} areas` : 'room areas', readable);
      if (!closed.length) return missing;
      return {
        ...missing,
        content: `${missing.content}\n\nClosed outlines with an area are on ${closed.slice(0, 8).join(', ')}: ask for the area of one of those layers.`,
      };
    }
    return render(
      'Areas:',
      items,
      items.length === 1 && items[0]!.origin.kind === 'room' ? (subject ?? 'floor area') : undefined,
    );
  }
  // Anything else the documents state in writing about the subject, in its own units.
  if (subject) {
    const stated = written(subject, readable);
    if (stated.length) return render(`What the documents state about ${subject}:`, unique(stated));
  }
  const listed = sheetListing(question, readable);
  if (listed) return listed;
  if (/\b(layers?|blocks?|list|summar|what.*(in|on) (the|this)|what.*\b(hold|holds|contain|contains))\b/.test(q))
    return summary(readable);
  return notFound(subject ?? 'that', readable);
}

/**
 * Concrete for a slab from one drawing's areas at the thickness asked (4 in
 * when none is given): the layers named for the subject (a slab layer) if
 * there are any, else the rooms, else written areas, so that no area is added
 * to another that holds it. One figure per drawing, never summed across them.
 */
function concrete(q: string, subject: string | null, documents: AnalysedDocument[]): AnalystReply {
  const given = /(\d+(?:\.\d+)?)\s*-?\s*(?:"|in\b|inch|inches)/.exec(q);
  const inches = given ? Number(given[1]) : 4;
  const wanted = subject === 'concrete' || !subject ? 'slab' : subject;
  const perDocument = documents.flatMap((doc) => {
    const base = slabAreas(doc, wanted);
    return base.length ? [{ doc, base }] : [];
  });
  if (!perDocument.length) return notFound(subject ?? 'slab or floor areas', documents);
  const items: SourcedQuantity[] = [];
  const parts = perDocument.map(({ doc, base }) => {
    const sqft = base.reduce((sum, item) => sum + item.quantity, 0);
    const cuyd = (sqft * (inches / 12)) / 27;
    const item = quantityOf(doc, {
      description: 'concrete',
      quantity: cuyd,
      unit: 'cu yd',
      place: base[0]!.source,
      kind: 'item',
      ref: `concrete ${wanted} ${inches} in`,
      material: { name: `Concrete ${wanted}, ${inches} in`, category: 'Concrete' },
    });
    items.push(item);
    const basis = base
      .map((area) => `  ${shown(area.quantity, 'sq ft')} sq ft ${area.description} (${cite(area)})`)
      .join('\n');
    return `- ${shown(cuyd, 'cu yd')} cu yd concrete (${shown(sqft, 'sq ft')} sq ft of ${doc.filename} at ${inches} in thick${
      given ? '' : ', an assumed slab thickness: give the thickness for another figure'
    })\n\nFrom:\n${basis}`;
  });
  return { content: parts.join('\n\n'), quantities: items };
}

/** The areas of one drawing a slab of the subject is poured over: its layers if named for it, else its rooms, else written areas. */
function slabAreas(doc: AnalysedDocument, wanted: string): SourcedQuantity[] {
  const found = areas(wanted, [doc]);
  const ofKind = (kind: QuantityOrigin['kind']) => found.filter((item) => item.origin.kind === kind);
  return [ofKind('layer'), ofKind('room')].find((group) => group.length) ?? found;
}

/**
 * A quantity's figure in a (re-)analysis of its document: the same layer,
 * block, room or symbol found by its name, or the slab concrete worked out
 * again; null when the analysis no longer holds it or it is not a measured one.
 */
export function remeasure(
  origin: { kind?: string; ref?: string; page?: number; dimension?: string },
  doc: AnalysedDocument,
): number | null {
  const ref = (origin.ref ?? '').toLowerCase();
  const samePage = (thing: object) =>
    origin.page === undefined || pageOf(thing) === undefined || pageOf(thing) === origin.page;
  const named = <T extends { name: string }>(things: T[] | undefined) =>
    (things ?? []).find((thing) => thing.name.toLowerCase() === ref && samePage(thing));
  switch (origin.kind) {
    case 'layer': {
      const layer = named(doc.analysis.layers);
      if (!layer) return null;
      if (origin.dimension === 'area') return layer.areaSqFt;
      return origin.dimension === 'length' ? (layer.wallLengthFt ?? layer.lengthFt) : null;
    }
    case 'block':
      return origin.dimension === 'count' ? (named(doc.analysis.blocks)?.totalCount ?? null) : null;
    case 'symbol':
      return origin.dimension === 'count' ? (named(symbolsOf(doc))?.count ?? null) : null;
    case 'room': {
      const room = named(doc.analysis.rooms);
      if (!room) return null;
      return origin.dimension === 'area' ? room.areaSqFt : origin.dimension === 'length' ? room.perimeterFt : null;
    }
    case 'item': {
      const [, wanted, inches] = /^concrete (.+) (\d+(?:\.\d+)?) in$/.exec(ref) ?? [];
      if (!wanted || !inches) return null;
      const base = slabAreas(doc, wanted);
      if (!base.length) return null;
      return (base.reduce((sum, item) => sum + item.quantity, 0) * (Number(inches) / 12)) / 27;
    }
    default:
      return null;
  }
}

/** A block or layer the question names exactly ("how many FLAG blocks", "length of layer A-WALL"), longest name first. */
function exactName(question: string, documents: AnalysedDocument[]): { kind: 'block' | 'layer'; name: string } | null {
  const candidates = documents.flatMap((doc) => [
    ...(doc.analysis.blocks ?? []).map((block) => ({ kind: 'block' as const, name: block.name.toLowerCase() })),
    ...(doc.analysis.layers ?? []).map((layer) => ({ kind: 'layer' as const, name: layer.name.toLowerCase() })),
  ]);
  const mentioned = candidates
    .filter(
      ({ name }) =>
        name.length > 0 &&
        new RegExp(`(^|[\\s"'“(])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s"'”),.?!])`).test(question),
    )
    .sort((a, b) => b.name.length - a.name.length);
  const wantsBlock = /\b(how many|number of|count)\b/.test(question);
  return mentioned.find((m) => m.kind === (wantsBlock ? 'block' : 'layer')) ?? null;
}

/** Every block placed in the drawings, with its count: "how many blocks of each type". */
function everyBlock(documents: AnalysedDocument[]): AnalystReply {
  const items: SourcedQuantity[] = documents.flatMap((doc) =>
    (doc.analysis.blocks ?? [])
      .filter((block) => block.totalCount > 0)
      .map((block) => {
        const item = blockQuantity(doc, block);
        // An inventory of every block proposes only those that name a building element (doors, toilets…).
        if (!subjectNamed(block.dynamicBlockName ?? block.name)) delete item.material;
        return item;
      }),
  );
  // A PDF's repeated symbols are its blocks: listed by page, proposed only when their name says what they are (door).
  for (const doc of documents)
    for (const symbol of symbolsOf(doc))
      if (symbol.count > 0) {
        const subject = subjectNamed(symbol.name);
        items.push(
          quantityOf(doc, {
            description: symbol.name,
            quantity: symbol.count,
            unit: 'ea',
            place: pagePlace(doc, symbol),
            kind: 'symbol',
            ref: symbol.name,
            page: symbol.page,
            material: subject ? materialOf(symbol.name, symbol.name, subject) : null,
          }),
        );
      }
  if (!items.length) return notFound('placed blocks or symbols', documents);
  // Different blocks are different things: listed, never totalled.
  const byDocument = new Map<string, SourcedQuantity[]>();
  for (const item of items)
    byDocument.set(item.source.documentId, [...(byDocument.get(item.source.documentId) ?? []), item]);
  const blocks = [...byDocument.values()].map((group) => {
    const lines = group.map((item) => line(item.quantity, 'ea', item.description, cite(item))).join('\n');
    return byDocument.size > 1 ? `${group[0]!.source.filename}:\n${lines}` : lines;
  });
  const what = items.some((item) => item.origin.kind === 'symbol') ? 'Blocks and symbols' : 'Blocks';
  return { content: `${what} placed, nested ones included:\n\n${blocks.join('\n\n')}`, quantities: items };
}

function summary(documents: AnalysedDocument[]): AnalystReply {
  const lines: string[] = [];
  for (const doc of documents) {
    lines.push(`${doc.filename}:`);
    for (const layer of (doc.analysis.layers ?? []).filter((l) => l.lengthFt > 0).slice(0, 12))
      lines.push(
        `  layer ${layer.name}: ${shown(layer.lengthFt, 'ft')} ft${layer.wallLengthFt !== undefined ? ` of linework, ${shown(layer.wallLengthFt, 'ft')} ft of walls` : ''}${layer.areaSqFt ? `, ${shown(layer.areaSqFt, 'sq ft')} sq ft closed` : ''}`,
      );
    for (const block of (doc.analysis.blocks ?? []).slice(0, 12))
      lines.push(`  block ${block.dynamicBlockName ?? block.name}: ${block.totalCount}`);
    const rooms = doc.analysis.rooms ?? [];
    if (rooms.length)
      lines.push(
        `  rooms: ${rooms.length} measured (${rooms
          .slice(0, 8)
          .map((room) => room.name)
          .join(', ')}${rooms.length > 8 ? ', …' : ''})`,
      );
    for (const symbol of symbolsOf(doc)
      .filter((s) => subjectNamed(s.name))
      .slice(0, 8))
      lines.push(`  ${symbol.name}${symbol.page !== undefined ? ` on page ${symbol.page}` : ''}: ${symbol.count}`);
    for (const page of pagesOf(doc).slice(0, 12)) {
      const scale = scaleOf(page);
      const schedules = (page.schedules ?? []).map((schedule) => schedule.title);
      if (page.sheetNumber || page.title || scale || schedules.length)
        lines.push(
          `  page ${page.number}: ${[page.sheetNumber, page.title].filter(Boolean).join(' ') || 'untitled'}${
            scale ? `, scale ${describeScale(scale)}` : ''
          }${schedules.length ? `; schedules: ${schedules.join(', ')}` : ''}`,
        );
    }
  }
  return { content: `What the documents hold:\n\n${lines.join('\n')}`, quantities: [] };
}

function notFound(what: string, documents: AnalysedDocument[]): AnalystReply {
  return {
    content: `The documents (${documents.map((d) => d.filename).join(', ')}) don't hold ${what}: I found no layer, block, room, schedule or written quantity for it, so I won't guess a number. Ask about doors, windows, fixtures, wall or pipe lengths, room areas or concrete, or ask what the documents hold.`,
    quantities: [],
  };
}
