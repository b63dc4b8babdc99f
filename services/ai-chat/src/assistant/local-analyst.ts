import { BASE_NOTE, materialQuantityAnswer, sheetAnswer, sheetListing } from './sheet-answers';
import { blockQuantity, counts, symbolQuantity } from './local-analyst/counted-quantities';
import { pageOf, quantityOf, symbolsOf, unique } from './local-analyst/document-quantities';
import {
  areas,
  GARAGE,
  layerArea,
  layerLengths,
  lengths,
  OUTDOOR_SPACE,
  roomFloorAreas,
  roomPerimeters,
  slabAreas,
  written,
} from './local-analyst/measured-quantities';
import { names, subjectNamed, subjectOf } from './local-analyst/question-subjects';
import { caveats, cite, line, notFound, render, shown, summary } from './local-analyst/reply-text';
import type { AnalysedDocument, AnalystReply, SourcedQuantity } from './sourced-quantity';

/**
 * The local assistant: answers counts, lengths, areas and concrete volumes
 * from the documents' analyses, naming the document and layer, block, page or
 * sheet behind every number, and says so when the documents do not hold the answer.
 */
export function answer(question: string, documents: AnalysedDocument[]): AnalystReply {
  const reply = measure(question, documents);
  return { ...reply, content: reply.content + caveats(reply.quantities, documents) };
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
  // A room's perimeter ("the perimeter of office 149"): its outline's length, the room named. Base and trim
  // run along it ("LF of wall base for patient room 145"); without a room named, along every measured room.
  const alongWalls = BASE_WORDS.test(q);
  if (/\bperimeters?\b/.test(q) || alongWalls) {
    const named = namedRooms(q, readable, alongWalls ? null : subject);
    if (named.length && !alongWalls) return render('Perimeters:', roomPerimeters(named, readable));
    // A base the sheets' schedules name ("RB-1 resilient base") is answered for the rooms they give it.
    const scheduled = named.length ? null : materialQuantityAnswer(question, readable);
    if (scheduled) return scheduled;
    // Base is not run in a garage or outside: those are left out unless named.
    const rooms = named.length ? { taken: named, left: [] } : insideRooms(readable, alongWalls ? GARAGE : null);
    const along = roomPerimeters(rooms.taken, readable, alongWalls ? baseName(q) : undefined);
    if (along.length) {
      const reply = render('Perimeters of the measured rooms:', along);
      return { ...reply, content: `${reply.content}\n\n${BASE_NOTE}${leftOut(rooms.left)}` };
    }
    if (rooms.left.length) return onlyLeftOut(rooms.left, 'base');
  }
  // A floor finish for the rooms ("how much carpet do I need"): what a finish schedule gives it first, else the
  // floor area of each measured room (outside spaces and a garage left out unless named), the finish named.
  const floorFinish = FLOOR_FINISH.exec(q)?.[0];
  if (floorFinish) {
    const scheduled = materialQuantityAnswer(question, readable);
    if (scheduled) return scheduled;
    const named = namedRooms(q, readable, null);
    const rooms = named.length ? { taken: named, left: [] } : insideRooms(readable, GARAGE);
    const items = roomFloorAreas(rooms.taken, readable, finishName(floorFinish));
    if (items.length) {
      const reply = render('Floor areas of the measured rooms:', items);
      // A sheet whose finish schedule gives each room its floor: asking for a finish by name answers from it.
      const finishSchedule = readable.some((doc) =>
        (doc.analysis.pages ?? []).some((page) => page.schedules?.some((table) => /finish/i.test(table.title))),
      );
      const byName = finishSchedule && /^floor|flooring/.test(floorFinish) ? `\n\n${BY_FINISH_NOTE}` : '';
      return { ...reply, content: `${reply.content}\n\n${FLOOR_NOTE}${byName}${leftOut(rooms.left)}` };
    }
    if (rooms.left.length) return onlyLeftOut(rooms.left, 'floor finish');
  }
  const wallFinish = WALL_FINISH.exec(q)?.[0];
  if (wallFinish && !(/\bceilings?\b/.test(q) && !/\bwalls?\b/.test(q) && !heightOf(q))) {
    const reply = materialQuantityAnswer(question, readable) ?? wallSurfaces(q, wallFinish, readable);
    if (reply) return reply;
  }
  const asksArea = /\b(areas?|square (?:feet|foot|footage)|sq\.? ?ft|how big|size of)\b/.test(q);
  const asksLength = !asksArea && /\b(how long|length|linear|lineal|footage|feet|foot|lf)\b/.test(q);
  if (/\b(how many|number of|count)\b/.test(q) && subject && ['block', 'type', 'symbol', 'insert'].includes(subject))
    return everyBlock(readable);
  // "How many square feet of …" asks an area, not a count.
  const asksUnits = /\bhow many\s+(?:square|sq\.?|sf|cubic|cu\.?|feet|foot|ft|met(?:er|re)s?|m2|yards?)\b/.test(q);
  if (/\b(how many|number of|count)\b/.test(q) && subject && !asksLength && !asksUnits) {
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
    // A room asked for by its name or mark ("patient room 145", "corridor CE-2"): that room, not every room.
    const named = namedRooms(q, readable, subject);
    if (named.length)
      return render(
        'Areas:',
        areas('room', readable).filter((item) => item.origin.kind === 'room' && named.includes(item.origin.ref ?? '')),
      );
    // "What are the room areas?" names no subject the patterns catch, but it asks for rooms, not the building.
    const items = areas(subject ?? (/\brooms?\b/.test(q) ? 'room' : null), readable);
    const material = items.length ? null : materialQuantityAnswer(question, readable);
    if (material) return material;
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
  const material = materialQuantityAnswer(question, readable);
  if (material) return material;
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

/** A wall's height asked for ("8 ft ceilings", "walls 9' high", "10 foot walls"), in feet. */
function heightOf(q: string): number | undefined {
  const given = /(\d+(?:\.\d+)?)\s*(?:'|-?\s*(?:ft|foot|feet)\b)/.exec(q);
  const feet = given ? Number(given[1]) : undefined;
  return feet && feet >= 6 && feet <= 40 ? feet : undefined;
}

/** Walls are 8 ft high where the question gives no height: a house's usual ceiling, said as assumed. */
const ASSUMED_WALL_HEIGHT_FT = 8;

/**
 * Board, paint or wallcovering on the walls: per drawing, the measured rooms' perimeters times the wall height
 * (a wall between two rooms is faced from each; an outside wall from its inside), outside spaces left out unless
 * named. Without rooms, both faces of the drawing's walls. One figure per drawing, with what it came from.
 */
function wallSurfaces(q: string, asked: string, documents: AnalysedDocument[]): AnalystReply | null {
  const given = heightOf(q);
  const height = given ?? ASSUMED_WALL_HEIGHT_FT;
  const product = wallProduct(asked);
  const named = namedRooms(q, documents, null);
  const items: SourcedQuantity[] = [];
  const parts: string[] = [];
  let leftNames: string[] = [];
  for (const doc of documents) {
    const run = wallRun(doc, named);
    if (!run) continue;
    const { basis, feet, aroundRooms } = run;
    leftNames = [...leftNames, ...run.left];
    const sqft = feet * height;
    const what = aroundRooms ? 'the rooms' : 'both faces of the walls';
    // The product is in the ref: board and paint on the same walls are two materials, not one figure.
    const ref = aroundRooms
      ? `${product.name.toLowerCase()} wall surface ${height} ft${named.length ? `: ${named.join('; ')}` : ''}`
      : `${product.name.toLowerCase()} wall faces ${height} ft`;
    items.push(
      quantityOf(doc, {
        description: `${product.name.toLowerCase()} on walls ${height} ft high`,
        quantity: sqft,
        unit: 'sq ft',
        place: basis[0]!.source,
        kind: 'item',
        ref,
        // The height is not in the name: a figure there reads as the product's size ("8" is no board thickness).
        material: { name: `${product.name} on walls`, category: product.category },
      }),
    );
    const lines = basis.map((item) => `  ${shown(item.quantity, 'ft')} ft ${item.description} (${cite(item)})`);
    parts.push(
      `- ${shown(sqft, 'sq ft')} sq ft ${product.name.toLowerCase()} on walls (${shown(feet, 'ft')} ft around ${what} of ${doc.filename} × ${height} ft${
        given ? '' : ', an assumed wall height: give the height for another figure'
      })\n\nFrom:\n${lines.join('\n')}`,
    );
  }
  if (!items.length) return null;
  const faces = items.some((item) => item.origin.ref?.includes(' wall faces '))
    ? ' An outside wall is faced on its inside only: take off its outside face.'
    : '';
  return {
    content: `${parts.join('\n\n')}\n\n${WALL_NOTE}${faces}${leftOut(leftNames)}`,
    quantities: items,
  };
}

/**
 * The run of wall a drawing's wall finish covers, in feet: round its measured rooms (those `named`, else all
 * but outside spaces), or, with no room measured (or `aroundRooms` false), both faces of its walls. The
 * figures it is summed from, and the rooms left out.
 */
function wallRun(
  doc: AnalysedDocument,
  named: string[],
  aroundRooms = true,
): { basis: SourcedQuantity[]; feet: number; aroundRooms: boolean; left: string[] } | null {
  const rooms = named.length ? { taken: named, left: [] } : insideRooms([doc], null);
  const perimeters = aroundRooms ? roomPerimeters(rooms.taken, [doc]) : [];
  const total = (items: SourcedQuantity[]) => items.reduce((sum, item) => sum + item.quantity, 0);
  if (perimeters.length) return { basis: perimeters, feet: total(perimeters), aroundRooms: true, left: rooms.left };
  const faces = lengths('wall', [doc]).filter((item) => item.figure === 'wall length');
  return faces.length ? { basis: faces, feet: total(faces) * 2, aroundRooms: false, left: [] } : null;
}

/** What is laid on the walls, by the word asked: its material's name and category. */
function wallProduct(asked: string): { name: string; category: string } {
  if (/paint|primer/.test(asked)) return { name: 'Interior paint', category: 'Finishes' };
  if (/wallcovering|wallpaper|wall covering/.test(asked)) return { name: 'Wallcovering', category: 'Finishes' };
  return { name: 'Gypsum board', category: 'Drywall' };
}

/**
 * The measured rooms of the documents, but spaces outside the building (a deck, a porch) and those `also`
 * leaves out (a garage): those taken and, named once each, those left.
 */
function insideRooms(documents: AnalysedDocument[], also: RegExp | null): { taken: string[]; left: string[] } {
  const all = [...new Set(documents.flatMap(roomNames))];
  const out = (name: string) => OUTDOOR_SPACE.test(name) || (also?.test(name) ?? false);
  return { taken: all.filter((name) => !out(name)), left: all.filter(out) };
}

/** Every measured room is outside or a garage: said, with how to have one measured, rather than "not found". */
function onlyLeftOut(names: string[], what: string): AnalystReply {
  return {
    content: `The measured rooms (${[...new Set(names)].join(', ')}) are outside spaces or a garage, which take no ${what} unless you say so: ask for one by name to include it.`,
    quantities: [],
  };
}

const leftOut = (names: string[]) =>
  names.length
    ? `\n\nLeft out: ${[...new Set(names)].join(', ')} (outside the rooms or a garage): ask for one by name to include it.`
    : '';

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
      const surface = /^(?:[a-z ]+ )?wall (surface|faces) (\d+(?:\.\d+)?) ft(?:: (.+))?$/.exec(origin.ref ?? '');
      if (surface) {
        const [, kind, height, named] = surface;
        const run = wallRun(doc, named ? named.split('; ') : [], kind === 'surface');
        // Measured round the rooms, it is not re-measured along the walls (another figure) when they are gone.
        return run && run.aroundRooms === (kind === 'surface') ? run.feet * Number(height) : null;
      }
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
        items.push(symbolQuantity(doc, symbol, subjectNamed(symbol.name)));
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

/** What runs along a room's walls at the floor or the ceiling, measured as the room's perimeter. */
const BASE_WORDS =
  /\b(baseboards?|skirting(?: boards?)?|(?:wall|rubber|resilient|vinyl|cove|wood|tile|carpet)\s+base|base\s+(?:trim|boards?|mou?ldings?)|(?:lf|feet|foot|ft)\s+of\s+base|how much base|(?:crown|shoe)\s+mou?ldings?)\b/;

/** The base a question asks for, as its material is named ("Rubber base", "Skirting"); a plain "base" is baseboard. */
function baseName(q: string): string {
  const kind =
    /\b(crown|shoe)\s+mou?lding|\bskirting|\b(?:wall|rubber|resilient|vinyl|cove|wood|tile|carpet)\s+base\b/.exec(
      q,
    )?.[0];
  return kind ? kind[0]!.toUpperCase() + kind.slice(1).replace('mould', 'mold') : 'Baseboard';
}

/** A floor finish asked for by its kind ("carpet", "LVT", "hardwood"), or flooring as such. */
const FLOOR_FINISH =
  /\b(flooring|floor (?:finish(?:es)?|covering)|carpet(?:ing)?(?: tiles?)?|vct|lvt|lvp|luxury vinyl(?: plank| tile)?|vinyl (?:plank|flooring|sheet)|sheet vinyl|hardwood|laminate|(?:(?:ceramic|porcelain|quarry|stone|marble) )?(?:floor tiles?|tile floor(?:ing)?)|(?:ceramic|porcelain|quarry) tiles?|epoxy floor(?:ing)?)\b/;

/** A floor finish's material name, by the words asked ("LVT" → "Luxury vinyl tile"). */
function finishName(asked: string): string {
  const spelled: Record<string, string> = {
    vct: 'Vinyl composition tile',
    lvt: 'Luxury vinyl tile',
    lvp: 'Luxury vinyl plank',
    flooring: 'Flooring',
    carpeting: 'Carpet',
  };
  const name = spelled[asked] ?? asked;
  return name[0]!.toUpperCase() + name.slice(1);
}

/** What is laid on walls, asked for by its name. */
const WALL_FINISH =
  /\b(drywall|gypsum(?: board)?|sheetrock|wallboard|plasterboard|gyp board|paint(?:ing)?|primer|wallcovering|wall covering|wallpaper)\b/;

const FLOOR_NOTE =
  'Floor areas are net, as measured inside the walls: the estimate adds the waste for cuts. A room of several finishes is one area: split it where the finishes meet.';
const BY_FINISH_NOTE =
  "The sheets' room finish schedule gives each room its floor: ask for a finish by name (carpet, VCT, a code such as CPT-1) for the rooms it is laid in, priced as that finish.";
const WALL_NOTE = 'Wall areas are gross, openings included: take off the doors and windows.';

const roomNames = (doc: AnalysedDocument) => (doc.analysis.rooms ?? []).map((room) => room.name);

/** Words that name any room, not a kind of room: "the rooms" asks for every room. */
const ANY_ROOM = new Set(['ROOM', 'ROOMS', 'SPACE', 'SPACES', 'AREA', 'AREAS']);

/**
 * The measured rooms a question names: by the whole name ("patient room 145"), by the mark in it (the word
 * with a figure, "145", "CE-2") with another of its words ("corridor CE-2", "room 145"), or, where the question
 * has no subject of its own, by the kind its name gives before the mark ("the patient rooms": every PATIENT ROOM).
 */
function namedRooms(q: string, documents: AnalysedDocument[], subject: string | null): string[] {
  const asked = new Set(q.toUpperCase().split(/[^\p{L}\d-]+/u));
  const names = documents.flatMap((doc) => (doc.analysis.rooms ?? []).map((room) => room.name));
  // A room's name as asked: without the number telling rooms of one name apart ("Bed Room (2)"), and with its
  // words run together as often written ("Bed Room" is a bedroom).
  const compact = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  const asWritten = (name: string) => name.replace(/\s*\(\d+\)$/, '');
  const whole = names.filter(
    (name) => q.includes(asWritten(name).toLowerCase()) || compact(q).includes(compact(asWritten(name))),
  );
  if (whole.length) return whole;
  const marked = names.filter((name) => {
    const words = name.toUpperCase().split(/\s+/);
    const mark = words.find((word) => /\d/.test(word));
    return (
      !!mark && asked.has(mark) && words.some((word) => word !== mark && /\p{L}{3}/u.test(word) && asked.has(word))
    );
  });
  // A kind the question's subject already names ("the toilets") takes in every room of that word.
  if (marked.length || (subject && !ANY_ROOM.has(subject.toUpperCase()))) return marked;
  return names.filter((name) =>
    // A name that joins two rooms' ("Bath+ Toilet", "CONFERENCE/BREAK ROOM") is asked for by either.
    name.split(ROOMS_JOINED).some((part) => {
      const kind = part
        .toUpperCase()
        .split(/\s+/)
        .filter((word) => word && !/\d/.test(word));
      const phrase = kind.join(' ').toLowerCase();
      return (
        kind.some((word) => /\p{L}{3}/u.test(word) && !ANY_ROOM.has(word)) &&
        new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?:e?s)?(?![\\p{L}])`, 'u').test(q)
      );
    }),
  );
}

/** Between the names of the rooms one space is named for. */
const ROOMS_JOINED = /\s*(?:\+|\/|&|\band\b)\s*/i;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
