import type { PriceItem } from './catalogue';
import type { Assembly } from './assembly';
import { classify, conceptById, isSize, synonyms, words, type Concept } from './concepts';
import { conversionFactor, dimensionOf, normalizeUnit, type Dimension } from '@kerf/takeoff';

/** Where a quantity came from (ai-chat's QuantityOrigin). */
export interface MaterialOrigin {
  documentId?: string;
  documentName?: string;
  revision?: number;
  /** layer | block | room | page | symbol | item | text | schedule | sheet */
  kind?: string;
  ref?: string;
  page?: number;
  /** length | area | volume | count | weight | other */
  dimension?: string;
}

export interface MaterialInput {
  id?: string;
  name: string;
  quantity: string;
  unit: string;
  category?: string;
  origin?: MaterialOrigin;
  /** kept or proposed */
  status?: string;
}

/** A price item or an assembly that could price a material. */
export interface Candidate {
  kind: 'item' | 'assembly';
  source: 'price-list' | 'catalogue' | 'starter-assembly' | 'your-assembly';
  code: string;
  name: string;
  division: string;
  unit: string;
  /** What it is (concept ids). */
  kinds: string[];
  keywords?: string;
  qualifiers?: string;
  item?: PriceItem;
  assembly?: Assembly;
}

/** A user's remembered choice: materials from this source are priced by that item or assembly. */
export interface PriceMapping {
  /** layer:<name>, block:<name>, room:<name>... or name:<material name>, lower case. */
  sourceKey: string;
  targetKind: 'item' | 'assembly';
  targetCode: string;
  /** The name it had when chosen: an item code that now names something else (another list's ROW-2) is not applied. */
  targetName?: string;
}

export interface ScoredCandidate {
  candidate: Candidate;
  /** quantity in the material's unit × factor = quantity in the candidate's unit. */
  factor: number;
  confidence: number;
  reason: string;
}

export type Decision =
  | (ScoredCandidate & { status: 'priced'; mapped: boolean })
  /** `kept`: nothing to price unless work is added (a floor its schedule keeps as it is). */
  | { status: 'needs-price'; reason: string; candidates: ScoredCandidate[]; kept?: true };

/** A confident match: at least this sure, and this far ahead of the next other candidate. */
export const PRICE_AT = 0.7;
export const CLEAR_MARGIN = 0.08;
/** How many candidates a material that needs a price offers. */
export const MAX_CANDIDATES = 4;

/** Words a takeoff puts in a name to say where it came from, not what it is. */
const META_WORDS = new Set([
  'block',
  'layer',
  'symbol',
  'page',
  'sheet',
  'total',
  'count',
  'number',
  'qty',
  'quantity',
  // Relative sizes ("wall high", "wall low" layers) say how a drawing sorts its lines, not which
  // kind of wall it is: "high" must not pick the assembly that happens to say "8 ft high".
  'high',
  'low',
  'tall',
  'short',
  'wide',
  'narrow',
  'long',
  'thick',
  'thin',
]);

const GENERIC_CATEGORIES = new Set([
  'ai',
  'detected',
  'ai detected',
  'general',
  'misc',
  'miscellaneous',
  'other',
  'material',
]);

/** A price item as a candidate; its kind comes from its name, else its keywords. */
export function itemCandidate(item: PriceItem, source: 'price-list' | 'catalogue'): Candidate {
  const kind = classify(item.name) ?? classify(item.keywords ?? '');
  return {
    kind: 'item',
    source,
    code: item.code,
    name: item.name,
    division: item.division,
    unit: item.unit,
    kinds: kind ? [kind.concept.id] : [],
    keywords: item.keywords,
    item,
  };
}

export function assemblyCandidate(assembly: Assembly, source: 'starter-assembly' | 'your-assembly'): Candidate {
  const kinds = assembly.kinds?.length
    ? assembly.kinds
    : [classify(assembly.name)?.concept.id ?? classify(assembly.keywords ?? '')?.concept.id].filter(
        (k): k is string => !!k,
      );
  return {
    kind: 'assembly',
    source,
    code: assembly.code,
    name: assembly.name,
    division: assembly.division,
    unit: assembly.unit,
    kinds,
    keywords: assembly.keywords,
    qualifiers: assembly.qualifiers,
    assembly,
  };
}

/** The key a choice is remembered under: the drawing source when there is one, else the name. */
export function sourceKey(material: MaterialInput): string {
  const ref = material.origin?.ref?.trim();
  const kind = material.origin?.kind?.trim().toLowerCase();
  if (ref && kind) return `${kind}:${ref.toLowerCase().replace(/\s+/g, ' ')}`;
  return `name:${material.name.trim().toLowerCase().replace(/\s+/g, ' ')}`;
}

/** A remembered source as a person reads it: 'layer "wall low"', 'the name "walls"'. */
export function describeKey(key: string): string {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  const ref = key.slice(at + 1);
  return kind === 'name' ? `the name "${ref}"` : `${kind} "${ref}"`;
}

/** "layer wall high in Ceco.dxf (revision 2)" — the quantity's source as a person reads it. */
export function describeOrigin(origin: MaterialOrigin | undefined): string | undefined {
  if (!origin) return undefined;
  const parts: string[] = [];
  if (origin.kind && origin.ref) parts.push(`${origin.kind} ${origin.ref}`);
  else if (origin.kind === 'page' && origin.page) parts.push(`page ${origin.page}`);
  else if (origin.ref) parts.push(origin.ref);
  if (origin.page && origin.kind !== 'page') parts.push(`page ${origin.page}`);
  if (origin.documentName) parts.push(`in ${origin.documentName}`);
  if (origin.revision) parts.push(`(revision ${origin.revision})`);
  return parts.length ? parts.join(' ') : undefined;
}

export interface MaterialKind {
  concept?: Concept;
  /** Which part of the material said what it is. */
  from?: 'name' | 'source' | 'category';
  matched: string[];
}

/** Finish codes in brackets ("(CPT-1)", "(VCT 2)", "(PT-1/PT-2)"): the drawing's tags for the product, not a size. */
const FINISH_TAG = /\(\s*[a-z]{1,6}[- ]?\d{1,3}[a-z]?(?:\s*\/\s*[a-z]{1,6}[- ]?\d{1,3}[a-z]?)*\s*\)/gi;

/**
 * What a room's material says beyond the room itself: the finish laid in it
 * ("Broadloom carpet" of "Broadloom carpet (CPT-1), PATIENT ROOM 145"), or
 * undefined when its name is only the room's.
 */
function roomFinishText(material: MaterialInput): string | undefined {
  const ref = material.origin?.kind === 'room' ? material.origin.ref?.trim() : undefined;
  if (!ref) return undefined;
  const at = material.name.toLowerCase().lastIndexOf(ref.toLowerCase());
  const rest = at >= 0 ? material.name.slice(0, at) + material.name.slice(at + ref.length) : material.name;
  const finish = rest
    .replace(FINISH_TAG, ' ')
    .replace(/^[\s,;:()-]+|[\s,;:()-]+$/g, '')
    .trim();
  return finish || undefined;
}

/** What a room's name can say it is: a kind of room, or an area (a COVERED PORCH is a porch, a 2 CAR GARAGE a garage). */
const ROOM_KINDS = new Set(['room', 'dwelling-room']);
const SPACE_KINDS = new Set([...ROOM_KINDS, 'garage', 'deck', 'paving', 'slab', 'flooring', 'tile', 'floor-area']);
/**
 * A measured room by its name: an area its name says it is, a room of a house, else a room of another building
 * (an ELEVATOR LOBBY, CORRIDOR CE-2). A room named after what is in it is still a room: a TOILET room is no
 * toilet, an ELECTRICAL ROOM no electrical device.
 */
function roomKind(name: string): MaterialKind {
  const byName = classify(name);
  if (byName && SPACE_KINDS.has(byName.concept.id))
    return { concept: byName.concept, from: 'source', matched: byName.matched };
  const houseWords = synonyms('dwelling-room');
  const dwelling = words(name).filter((w) => houseWords.has(w));
  if (dwelling.length) return { concept: conceptById('dwelling-room'), from: 'source', matched: dwelling };
  return { concept: conceptById('room'), from: 'source', matched: byName?.concept.id === 'room' ? byName.matched : [] };
}

/** What a material is: by its name, else its drawing source (a room, a layer or block name), else its category. */
export function materialKind(material: MaterialInput): MaterialKind {
  // A room named by what is laid in it ("Broadloom carpet (CPT-1), PATIENT ROOM 145") is that finish, and one
  // named by a code no material schedule spells out ("WSF-1 floor, LAUNDRY 153") a floor finish all the same.
  const finish = roomFinishText(material);
  if (finish) {
    const byFinish = classify(finish);
    if (byFinish && !ROOM_KINDS.has(byFinish.concept.id))
      return { concept: byFinish.concept, from: 'name', matched: byFinish.matched };
    return { concept: conceptById('flooring'), from: 'name', matched: [] };
  }
  if (material.origin?.kind === 'room') return roomKind(material.origin.ref ?? '');
  const byName = classify(material.name);
  if (byName) return { concept: byName.concept, from: 'name', matched: byName.matched };
  const byRef = material.origin?.ref ? classify(material.origin.ref) : undefined;
  if (byRef) return { concept: byRef.concept, from: 'source', matched: byRef.matched };
  const category = material.category?.trim().toLowerCase() ?? '';
  if (category && !GENERIC_CATEGORIES.has(category)) {
    const byCategory = classify(category);
    if (byCategory) return { concept: byCategory.concept, from: 'category', matched: byCategory.matched };
  }
  return { matched: [] };
}

/** A measured room named only by itself, of no house (ELEVATOR LOBBY, TOILET 145A): what is laid in it is not known. */
const isUnfinishedRoom = (material: MaterialInput, kind: MaterialKind) =>
  material.origin?.kind === 'room' && kind.concept?.id === 'room';
/** Between the finishes of a room of several ("Broadloom carpet (CPT-1) + vinyl composition tile (VCT-1), ROOM 134"). */
const SEVERAL_FINISHES = /\s+\+\s+/;
/** A room named by a finish code alone ("WSF-1 floor, SOILED UTILITY 142"): which product it is, is not known. */
const CODE_ONLY = /^[a-z]{1,6}[- ]?\d{1,3}[a-z]?(?:\/[a-z]{1,6}[- ]?\d{1,3}[a-z]?)*\s+floor$/i;
/** A room whose schedule keeps its floor ("Existing floor (EXIST), ELECTRICAL ROOM 133", as documents names it). */
const EXISTING_FLOOR = /^existing floor\b/i;
/** Below PRICE_AT: a floor finish offered for such a room is a choice, never a price. */
const UNFINISHED_ROOM_CONFIDENCE = 0.4;

/** Drawing linework is the sum of every line on a layer (both faces of a wall, hatching, symbols): never a wall length. */
const LINEWORK = /\blinework\b|\bline work\b/i;

const quote = (list: string[]) => list.map((w) => `'${w}'`).join(', ');

/** The surfaces a finish or a part is for: a wall tile is no floor's, a ceiling board no wall's. */
const SURFACES: Record<string, string> = {
  floor: 'floor',
  flooring: 'floor',
  wall: 'wall',
  ceiling: 'ceiling',
  roof: 'roof',
};
function surfacesOf(text: string): Set<string> {
  // Wall-to-wall carpet covers a floor.
  const said = words(text.replace(/\bwall[\s-]+to[\s-]+wall\b/gi, ' '));
  return new Set(said.map((w) => SURFACES[w]).filter((s): s is string => !!s));
}
/** Both say which surface they are for, and no surface is the same. */
function surfacesDiffer(material: string, candidate: string): boolean {
  const mine = surfacesOf(material);
  if (!mine.size) return false;
  const theirs = surfacesOf(candidate);
  return theirs.size > 0 && ![...theirs].some((s) => mine.has(s));
}

/** Scores one candidate for a material, or undefined when it is not the same kind of thing. */
function score(
  material: MaterialInput,
  kind: MaterialKind,
  candidate: Candidate,
  factor: number,
): ScoredCandidate | undefined {
  // A room's finish is what the name says of it: the room's own name and number say where, not what.
  const named = (kind.from === 'name' && roomFinishText(material)) || material.name;
  const nameWords = words(named).filter((w) => !isSize(w) && !META_WORDS.has(w));
  const context = new Set([
    ...words(material.name),
    ...words(material.category ?? ''),
    ...words(material.origin?.ref ?? ''),
  ]);
  const materialSizes = words(named).filter(isSize);
  const candidateNameWords = words(candidate.name);
  // The words that made the material what it is ("puerta", "walls") are explained by any candidate of that kind;
  // the candidate's own kind words ("door" in "Overhead sectional door") say nothing about which one it is.
  const kindWords = new Set(candidate.kinds.flatMap((k) => [...synonyms(k)]));
  const vocabulary = new Set([
    ...candidateNameWords,
    ...words(candidate.keywords ?? ''),
    ...(kind.concept ? synonyms(kind.concept.id) : []),
  ]);
  const explainedWords = nameWords.filter((w) => vocabulary.has(w));
  const explained = nameWords.length ? explainedWords.length / nameWords.length : 0;
  if (surfacesDiffer(named, candidate.name)) return undefined;

  let confidence: number;
  const why: string[] = [];
  if (kind.concept) {
    if (!candidate.kinds.includes(kind.concept.id)) {
      // A room of no house whose floor no schedule gives is its floor to finish: any floor finish may be chosen for
      // it, and none is sure enough to price it unasked.
      if (isUnfinishedRoom(material, kind) && candidate.kinds.includes('flooring'))
        return {
          candidate,
          factor,
          confidence: UNFINISHED_ROOM_CONFIDENCE,
          reason: `a floor finish for room ${material.origin?.ref}`,
        };
      return undefined;
    }
    confidence = 0.6 + 0.3 * explained;
    why.push(`${kind.concept.label} (by its ${kind.from}${kind.matched.length ? ` ${quote(kind.matched)}` : ''})`);
  } else {
    // Nothing says what the material is: only shared words can, and never enough to price it alone.
    if (!explainedWords.length) return undefined;
    const present = candidateNameWords.filter((w) => !isSize(w) && context.has(w)).length;
    const named = candidateNameWords.filter((w) => !isSize(w)).length || 1;
    confidence = 0.75 * explained + 0.25 * (present / named);
  }
  if (explainedWords.length) why.push(`words ${quote([...new Set(explainedWords)])}`);

  // What the candidate says that the material does not (an "exterior" wall, a "hollow metal" door).
  if (candidate.kind === 'assembly') {
    const qualifiers = words(candidate.qualifiers ?? '').filter((w) => !isSize(w));
    if (qualifiers.length) {
      if (qualifiers.some((w) => context.has(w))) confidence += 0.05;
      else confidence -= 0.12;
    }
  } else {
    const unexplained = candidateNameWords.filter((w) => !isSize(w) && !kindWords.has(w) && !context.has(w));
    // An item that says nothing the material does not is as sure as an assembly whose qualifiers it names.
    confidence += unexplained.length ? -Math.min(0.24, 0.06 * unexplained.length) : 0.05;
  }
  // Sizes and grades must agree: 1/2" board is not 5/8" board; a size the material does not give is a guess.
  if (!materialSizes.length && candidateNameWords.some(isSize)) confidence -= 0.05;
  if (materialSizes.length) {
    const candidateSizes = new Set([...candidateNameWords, ...words(candidate.qualifiers ?? '')].filter(isSize));
    if (materialSizes.some((s) => candidateSizes.has(s))) {
      confidence += 0.1;
      why.push(`size ${quote(materialSizes.filter((s) => candidateSizes.has(s)))}`);
    } else confidence -= candidateSizes.size ? 0.15 : 0.1;
  }
  const category = material.category?.trim();
  if (category && !GENERIC_CATEGORIES.has(category.toLowerCase()) && kind.from !== 'category') {
    const fits = classify(category);
    if (fits && candidate.kinds.includes(fits.concept.id)) why.push(`category ${category}`);
  }
  if (material.origin?.ref && material.origin.kind) why.push(`from ${material.origin.kind} ${material.origin.ref}`);
  confidence = Math.max(0, Math.min(1, Math.round(confidence * 100) / 100));
  return { candidate, factor, confidence, reason: why.join('; ') };
}

function dimensionWord(d: Dimension | undefined) {
  return d === 'count' ? 'a count' : d ? `a ${d}` : 'unknown';
}

/** The origin's dimension, when it is one the units measure ('other' is not). */
function originDimension(origin: MaterialOrigin | undefined): Dimension | undefined {
  const d = origin?.dimension;
  if (d === 'length' || d === 'area' || d === 'volume' || d === 'count' || d === 'weight') return d;
  return undefined;
}

/** Every candidate of the same kind of quantity and thing, best first (an assembly before an item on a tie). */
export function rank(material: MaterialInput, candidates: readonly Candidate[]): ScoredCandidate[] {
  const kind = materialKind(material);
  const scored: ScoredCandidate[] = [];
  for (const candidate of candidates) {
    const factor = conversionFactor(material.unit, candidate.unit);
    if (factor === undefined) continue;
    const result = score(material, kind, candidate, factor);
    if (result) scored.push(result);
  }
  scored.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      (a.candidate.kind === b.candidate.kind ? 0 : a.candidate.kind === 'assembly' ? -1 : 1),
  );
  return scored;
}

/**
 * A price item an assembly is built of ("Carpet" of "Floor finish, carpet with
 * pad") is no rival to it when both fit: the assembly is that item installed
 * with what goes with it.
 */
function isPartOf(item: Candidate, assembly: Candidate): boolean {
  const name = item.name.trim().toLowerCase();
  return (
    item.kind === 'item' &&
    assembly.kind === 'assembly' &&
    !!assembly.assembly?.components.some((component) => component.name.trim().toLowerCase() === name)
  );
}

/**
 * Decides how a material is priced. Only a candidate of the same kind of quantity
 * (after unit conversion) and the same kind of thing is considered; the material is
 * priced only when one candidate is clearly right, else it "needs a price" and
 * offers the best candidates. A remembered choice for its source wins.
 */
export function decide(
  material: MaterialInput,
  candidates: readonly Candidate[],
  mappings: readonly PriceMapping[] = [],
): Decision {
  const unitDimension = dimensionOf(material.unit);
  const declared = originDimension(material.origin);
  if (declared && unitDimension && declared !== unitDimension) {
    return {
      status: 'needs-price',
      reason: `its quantity is ${dimensionWord(declared)} but its unit (${material.unit}) is ${dimensionWord(unitDimension)}`,
      candidates: [],
    };
  }
  if (LINEWORK.test(material.name)) {
    return {
      status: 'needs-price',
      reason:
        'linework is the total length of lines drawn on a layer (both faces of a wall, hatching, symbols), not a wall length; ask for the wall length instead',
      candidates: [],
    };
  }

  const key = sourceKey(material);
  const nameKey = `name:${material.name.trim().toLowerCase().replace(/\s+/g, ' ')}`;
  const mapping = mappings.find((m) => m.sourceKey === key) ?? mappings.find((m) => m.sourceKey === nameKey);
  if (mapping) {
    const target = candidates.find(
      (c) =>
        c.kind === mapping.targetKind &&
        c.code === mapping.targetCode &&
        // Item codes are only unique within a list (ROW-2); assembly codes are stable, and an assembly may be renamed.
        (c.kind === 'assembly' || !mapping.targetName || c.name === mapping.targetName),
    );
    const factor = target ? conversionFactor(material.unit, target.unit) : undefined;
    if (target && factor !== undefined) {
      return {
        status: 'priced',
        mapped: true,
        candidate: target,
        factor,
        confidence: 1,
        reason: `applied your earlier choice for ${describeKey(mapping.sourceKey)}`,
      };
    }
  }

  const scored = rank(material, candidates);
  const finish = roomFinishText(material) ?? '';
  if (EXISTING_FLOOR.test(finish))
    return {
      status: 'needs-price',
      reason:
        'its room finish schedule keeps the existing floor: nothing to lay unless you add work (choose one to price it)',
      candidates: scored.slice(0, MAX_CANDIDATES),
      kept: true,
    };
  const finishes = finish.split(SEVERAL_FINISHES);
  if (finishes.length > 1) {
    // Each finish's best first: the estimator splits the room or picks one.
    const ref = material.origin?.ref ?? '';
    const each = finishes.map((one) => rank({ ...material, name: `${one}, ${ref}` }, candidates));
    const offered = [...each.flatMap((ranked) => ranked.slice(0, 1)), ...each.flatMap((ranked) => ranked.slice(1))]
      .filter((c, i, all) => all.findIndex((o) => o.candidate.code === c.candidate.code) === i)
      .slice(0, MAX_CANDIDATES);
    return {
      status: 'needs-price',
      reason: `it has ${finishes.length} floor finishes (${finishes.join(', ')}) and its schedule does not say how much of each: measure each part with the Area tool, or choose one`,
      candidates: offered,
    };
  }
  const kind = materialKind(material);
  // An item an assembly close behind is built of is that assembly's part: the assembly prices it installed.
  const [first] = scored;
  const best =
    scored.find(
      (c) =>
        first &&
        isPartOf(first.candidate, c.candidate) &&
        Math.round((first.confidence - c.confidence) * 100) < CLEAR_MARGIN * 100,
    ) ?? first;
  const second = scored.find((other) => other !== best && !isPartOf(other.candidate, best!.candidate));
  if (
    best &&
    best.confidence >= PRICE_AT &&
    (!second || Math.round((best.confidence - second.confidence) * 100) >= CLEAR_MARGIN * 100)
  ) {
    return { status: 'priced', mapped: false, ...best };
  }
  const offered = scored.slice(0, MAX_CANDIDATES);
  const dimension = dimensionWord(unitDimension);
  let reason: string;
  if (!normalizeUnit(material.unit)) reason = `the unit "${material.unit}" is not one the cost engine knows`;
  else if (!offered.length)
    reason = kind.concept
      ? `no price item or assembly for ${kind.concept.label} is priced by ${dimension === 'a count' ? 'count' : dimension.replace(/^an? /, '')}`
      : `nothing in the price lists or assemblies is clearly this material (${dimension === 'a count' ? 'a count' : dimension})`;
  else if (best && best.confidence >= PRICE_AT)
    reason = `more than one fits equally well (${offered
      .slice(0, 2)
      .map((c) => c.candidate.name)
      .join(' or ')}): choose one`;
  else if (CODE_ONLY.test(finish))
    reason = `its schedule gives the floor as ${finish.replace(/\s+floor$/i, '')}, a code no material schedule names: choose one`;
  else if (isUnfinishedRoom(material, kind))
    reason = 'no floor finish is given for this room (no room finish schedule names one): choose one';
  else reason = 'no candidate is clearly right: choose one';
  return { status: 'needs-price', reason, candidates: offered };
}
