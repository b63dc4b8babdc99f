import type { DocumentAnalysis } from '@kerf/contracts';

/** A document as the analyst reads it: its name and what the analysis found. */
export interface AnalysedDocument {
  id: string;
  filename: string;
  analysis: DocumentAnalysis;
}

/** A number in a reply and where it came from. */
export interface SourcedQuantity {
  description: string;
  quantity: number;
  unit: string;
  source: { documentId: string; filename: string; layer?: string; block?: string; page?: number; sheet?: string };
}

export interface AnalystReply {
  content: string;
  quantities: SourcedQuantity[];
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

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

function counts(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  const found: SourcedQuantity[] = [];
  for (const doc of documents) {
    const blocks = doc.analysis.blocks ?? [];
    const matches = (block: { name: string; dynamicBlockName?: string }) =>
      names(block.dynamicBlockName ?? block.name, subject) || names(block.name, subject);
    const matching = new Set(blocks.filter(matches).map((block) => block.name));
    for (const block of blocks) {
      if (!matching.has(block.name) || block.totalCount <= 0) continue;
      // A DOOR-PAIR holding two DOORs: its doors are already in DOOR's total, so the pair itself is not counted again.
      if (block.contains?.some((inner) => matching.has(inner))) continue;
      found.push({
        description: block.dynamicBlockName ?? block.name,
        quantity: block.totalCount,
        unit: 'ea',
        source: { documentId: doc.id, filename: doc.filename, block: block.name },
      });
    }
    for (const quantity of doc.analysis.quantities)
      if (
        /^(ea|each|no|pcs|unit)$/i.test(quantity.unit) &&
        names(quantity.description, subject) &&
        // The engine also lists a block's instances as a quantity: a block is counted from the blocks, once.
        !(quantity.source.block && matching.has(quantity.source.block))
      )
        found.push({
          description: quantity.description,
          quantity: quantity.quantity,
          unit: 'ea',
          source: { documentId: doc.id, filename: doc.filename, ...quantity.source },
        });
    found.push(...scheduleCounts(subject, doc));
  }
  return found;
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
        return {
          // '- 6 ea doors, DOOR SCHEDULE (…)': the extractor reads the material as 'doors'.
          description: `${subject}s, ${schedule.title}`,
          quantity,
          unit: 'ea',
          source: {
            documentId: doc.id,
            filename: doc.filename,
            page: page.number,
            ...(page.sheetNumber ? { sheet: page.sheetNumber } : {}),
          },
        };
      }),
  );
}

function lengths(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  return [
    ...documents.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.lengthFt > 0 && names(layer.name, subject))
        .map((layer) => ({
          description: `${layer.name} linework`,
          quantity: round(layer.lengthFt),
          unit: 'ft',
          source: { documentId: doc.id, filename: doc.filename, layer: layer.name },
        })),
    ),
    ...written(subject, documents, ['ft']),
  ];
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
          // Block counts are answered from the blocks themselves.
          !quantity.source.block,
      )
      .map((quantity) => ({
        description: quantity.description,
        quantity: quantity.quantity,
        unit: quantity.unit,
        source: { documentId: doc.id, filename: doc.filename, ...quantity.source },
      })),
  );
}

function areas(subject: string | null, documents: AnalysedDocument[]): SourcedQuantity[] {
  const found: SourcedQuantity[] = [];
  for (const doc of documents) {
    for (const room of doc.analysis.rooms ?? [])
      if (
        !subject ||
        ['room', 'floor', 'area', 'space', 'slab', 'flooring'].includes(subject) ||
        names(room.name, subject)
      )
        found.push({
          description: room.name,
          quantity: round(room.areaSqFt),
          unit: 'sq ft',
          source: { documentId: doc.id, filename: doc.filename, layer: room.layer },
        });
    if (subject)
      for (const layer of doc.analysis.layers ?? [])
        if (layer.areaSqFt > 0 && names(layer.name, subject))
          found.push({
            description: `${layer.name} closed outlines`,
            quantity: round(layer.areaSqFt),
            unit: 'sq ft',
            source: { documentId: doc.id, filename: doc.filename, layer: layer.name },
          });
    for (const quantity of doc.analysis.quantities)
      if (/sq\.?\s*ft|sf/i.test(quantity.unit) && (!subject || names(quantity.description, subject)))
        found.push({
          description: quantity.description,
          quantity: quantity.quantity,
          unit: 'sq ft',
          source: { documentId: doc.id, filename: doc.filename, ...quantity.source },
        });
  }
  return found;
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
  `- ${number.format(quantity)} ${unit} ${what} (${source})`;

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

function measure(question: string, documents: AnalysedDocument[]): AnalystReply {
  const q = question.toLowerCase();
  const readable = documents.filter((doc) => doc.analysis.status === 'analyzed');
  if (!readable.length)
    return {
      content:
        'There are no analysed documents in this project yet. Upload drawings (PDF, DWG, DXF) or specs and ask again once they show as Analyzed.',
      quantities: [],
    };
  const named = exactName(q, readable);
  if (named && /\b(how many|number of|count)\b/.test(q) && named.kind === 'block') {
    const items = readable.flatMap((doc) =>
      (doc.analysis.blocks ?? [])
        .filter((block) => block.name.toLowerCase() === named.name)
        .map((block) => ({
          description: block.name,
          quantity: block.totalCount,
          unit: 'ea',
          source: { documentId: doc.id, filename: doc.filename, block: block.name },
        })),
    );
    return {
      content: items.map((item) => line(item.quantity, 'ea', item.description, cite(item))).join('\n'),
      quantities: items,
    };
  }
  if (named && named.kind === 'layer' && /\b(area|square (?:feet|foot|footage)|sq\.? ?ft)\b/.test(q)) {
    const items = readable.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.name.toLowerCase() === named.name && layer.areaSqFt > 0)
        .map((layer) => ({
          description: `${layer.name} closed outlines`,
          quantity: round(layer.areaSqFt),
          unit: 'sq ft',
          source: { documentId: doc.id, filename: doc.filename, layer: layer.name },
        })),
    );
    if (!items.length) return notFound(`closed outlines with an area on layer ${named.name}`, readable);
    return {
      content: items.map((item) => line(item.quantity, 'sq ft', item.description, cite(item))).join('\n'),
      quantities: items,
    };
  }
  if (named && named.kind === 'layer' && /\b(how long|length|linear|footage)\b/.test(q)) {
    const items = readable.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.name.toLowerCase() === named.name)
        .map((layer) => ({
          description: `${layer.name} linework`,
          quantity: round(layer.lengthFt),
          unit: 'ft',
          source: { documentId: doc.id, filename: doc.filename, layer: layer.name },
        })),
    );
    return {
      content: items.map((item) => line(item.quantity, 'ft', item.description, cite(item))).join('\n'),
      quantities: items,
    };
  }
  const subject = subjectOf(question);
  const total = (items: SourcedQuantity[]) => round(items.reduce((sum, item) => sum + item.quantity, 0));
  const reply = (
    intro: string,
    items: SourcedQuantity[],
    subjectName: string,
    unit: string,
    extra = '',
  ): AnalystReply => {
    // A measured figure or a count is named by the subject ("walls", "doors"); a written one keeps its words ("2\" PVC pipe").
    const what =
      items.length === 1 && unit !== 'ea' && !items[0]!.source.layer && !items[0]!.source.block
        ? items[0]!.description
        : subjectName;
    const lines = items.map((item) => line(item.quantity, unit, item.description, cite(item)));
    const summary = items.length > 1 ? `\n\nTotal: ${number.format(total(items))} ${unit} ${what}.` : '';
    const head = items.length === 1 ? '' : `${intro}\n\n`;
    return {
      content: `${head}${items.length === 1 ? line(items[0]!.quantity, unit, what, cite(items[0]!)) : lines.join('\n')}${summary}${extra}`,
      quantities: items.length === 1 ? [{ ...items[0]!, description: what }] : items,
    };
  };

  if (/\b(concrete|cubic|cu\.? ?yd|volume|pour)\b/.test(q)) {
    // A volume the documents state is the answer; one worked out from areas comes second.
    const stated = written(subject && subject !== 'slab' ? subject : 'concrete', readable, ['cu yd', 'cu ft', 'm³']);
    if (stated.length) return listed('Volumes stated in the documents:', stated);
    const base = areas(subject === 'concrete' ? 'slab' : subject, readable);
    if (!base.length) return notFound(subject ?? 'slab or floor areas', readable);
    const given = /(\d+(?:\.\d+)?)\s*-?\s*(?:"|in\b|inch|inches)/.exec(q);
    const inches = given ? Number(given[1]) : 4;
    const sqft = total(base);
    const cuyd = round((sqft * (inches / 12)) / 27);
    const basis = base
      .map((item) => `  ${number.format(item.quantity)} sq ft ${item.description} (${cite(item)})`)
      .join('\n');
    return {
      content: `- ${number.format(cuyd)} cu yd concrete (${number.format(sqft)} sq ft at ${inches} in thick${
        given ? '' : ', an assumed slab thickness: give the thickness for another figure'
      })\n\nFrom:\n${basis}`,
      quantities: [{ description: 'concrete', quantity: cuyd, unit: 'cu yd', source: base[0]!.source }],
    };
  }
  const asksArea = /\b(area|square (?:feet|foot|footage)|sq\.? ?ft|how big|size of)\b/.test(q);
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
    return reply(`Counted ${subject}s:`, items, `${subject}s`, 'ea');
  }
  if (asksLength && subject) {
    const items = lengths(subject, readable);
    if (!items.length) return notFound(`${subject} linework`, readable);
    return reply(`Lengths of ${subject} linework:`, items, subject === 'wall' ? 'walls' : subject, 'ft');
  }
  if (asksArea) {
    const items = areas(subject, readable);
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
    return reply('Areas:', items, subject ?? 'floor area', 'sq ft');
  }
  // Anything else the documents state in writing about the subject, in its own units.
  if (subject) {
    const stated = written(subject, readable);
    if (stated.length) return listed(`What the documents state about ${subject}:`, stated);
  }
  if (/\b(layers?|blocks?|list|summar|what.*(in|on) (the|this))\b/.test(q)) return summary(readable);
  return notFound(subject ?? 'that', readable);
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

/** Quantities in their own units, one line each, totalled when they share one. */
function listed(intro: string, items: SourcedQuantity[]): AnalystReply {
  const lines = items.map((item) => line(item.quantity, item.unit, item.description, cite(item)));
  const units = new Set(items.map((item) => item.unit));
  const sum = round(items.reduce((total, item) => total + item.quantity, 0));
  const totalLine = items.length > 1 && units.size === 1 ? `\n\nTotal: ${number.format(sum)} ${[...units][0]!}.` : '';
  return {
    content: items.length === 1 ? lines[0]! : `${intro}\n\n${lines.join('\n')}${totalLine}`,
    quantities: items,
  };
}

/** Every block placed in the drawings, with its count: "how many blocks of each type". */
function everyBlock(documents: AnalysedDocument[]): AnalystReply {
  const items: SourcedQuantity[] = documents.flatMap((doc) =>
    (doc.analysis.blocks ?? [])
      .filter((block) => block.totalCount > 0)
      .map((block) => ({
        description: block.dynamicBlockName ?? block.name,
        quantity: block.totalCount,
        unit: 'ea',
        source: { documentId: doc.id, filename: doc.filename, block: block.name },
      })),
  );
  if (!items.length) return notFound('placed blocks', documents);
  return {
    content: `Blocks placed, nested ones included:\n\n${items.map((item) => line(item.quantity, 'ea', item.description, cite(item))).join('\n')}`,
    quantities: items,
  };
}

function summary(documents: AnalysedDocument[]): AnalystReply {
  const lines: string[] = [];
  for (const doc of documents) {
    lines.push(`${doc.filename}:`);
    for (const layer of (doc.analysis.layers ?? []).filter((l) => l.lengthFt > 0).slice(0, 12))
      lines.push(
        `  layer ${layer.name}: ${number.format(round(layer.lengthFt))} ft${layer.areaSqFt ? `, ${number.format(round(layer.areaSqFt))} sq ft closed` : ''}`,
      );
    for (const block of (doc.analysis.blocks ?? []).slice(0, 12))
      lines.push(`  block ${block.dynamicBlockName ?? block.name}: ${block.totalCount}`);
    for (const page of (doc.analysis.pages ?? []).slice(0, 12))
      if (page.sheetNumber || page.title)
        lines.push(`  page ${page.number}: ${[page.sheetNumber, page.title].filter(Boolean).join(' ')}`);
  }
  return { content: `What the documents hold:\n\n${lines.join('\n')}`, quantities: [] };
}

function notFound(what: string, documents: AnalysedDocument[]): AnalystReply {
  return {
    content: `The documents (${documents.map((d) => d.filename).join(', ')}) don't hold ${what}: I found no layer, block, room, schedule or written quantity for it, so I won't guess a number. Ask about doors, windows, fixtures, wall or pipe lengths, room areas or concrete, or ask what the documents hold.`,
    quantities: [],
  };
}
