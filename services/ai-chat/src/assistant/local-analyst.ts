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
    /(?:length|linear feet|footage)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /how long\s+(?:are|is)\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:[?.!,]|$)/,
    /(?:area|square feet|sq ft|size)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /(?:concrete|volume)\s+(?:for|of|in)\s+(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:at|with|if)\b|[?.!,]|$)/,
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
  return spellings(subject).some((word) =>
    word.length <= 3 ? parts.some((part) => part === word || part.startsWith(word)) : lower.includes(word),
  );
}

function counts(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  const found: SourcedQuantity[] = [];
  for (const doc of documents) {
    for (const block of doc.analysis.blocks ?? []) {
      const label = block.dynamicBlockName ?? block.name;
      if ((names(label, subject) || names(block.name, subject)) && block.totalCount > 0)
        found.push({
          description: label,
          quantity: block.totalCount,
          unit: 'ea',
          source: { documentId: doc.id, filename: doc.filename, block: block.name },
        });
    }
    for (const quantity of doc.analysis.quantities)
      if (/^(ea|each|no|pcs|unit)$/i.test(quantity.unit) && names(quantity.description, subject))
        found.push({
          description: quantity.description,
          quantity: quantity.quantity,
          unit: 'ea',
          source: { documentId: doc.id, filename: doc.filename, ...quantity.source },
        });
  }
  return found;
}

function lengths(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  return documents.flatMap((doc) =>
    (doc.analysis.layers ?? [])
      .filter((layer) => layer.lengthFt > 0 && names(layer.name, subject))
      .map((layer) => ({
        description: `${layer.name} linework`,
        quantity: round(layer.lengthFt),
        unit: 'ft',
        source: { documentId: doc.id, filename: doc.filename, layer: layer.name },
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
  const reply = (intro: string, items: SourcedQuantity[], what: string, unit: string, extra = ''): AnalystReply => {
    const lines = items.map((item) => line(item.quantity, unit, item.description, cite(item)));
    const summary = items.length > 1 ? `\n\nTotal: ${number.format(total(items))} ${unit} ${what}.` : '';
    const head = items.length === 1 ? '' : `${intro}\n\n`;
    return {
      content: `${head}${items.length === 1 ? line(items[0]!.quantity, unit, what, cite(items[0]!)) : lines.join('\n')}${summary}${extra}`,
      quantities: items.length === 1 ? [{ ...items[0]!, description: what }] : items,
    };
  };

  if (/\b(concrete|cubic|cu\.? ?yd|volume|pour)\b/.test(q)) {
    const base = areas(subject === 'concrete' ? 'slab' : subject, readable);
    if (!base.length) return notFound(subject ?? 'slab or floor areas', readable);
    const given = /(\d+(?:\.\d+)?)\s*(?:"|in\b|inch|inches)/.exec(q);
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
  if (/\b(how many|number of|count)\b/.test(q) && subject) {
    const items = counts(subject, readable);
    if (!items.length) return notFound(`${subject}s to count`, readable);
    return reply(`Counted ${subject}s:`, items, `${subject}s`, 'ea');
  }
  if (/\b(how long|length|linear|lineal|footage|feet of)\b/.test(q) && subject) {
    const items = lengths(subject, readable);
    if (!items.length) return notFound(`${subject} linework`, readable);
    return reply(`Lengths of ${subject} linework:`, items, subject === 'wall' ? 'walls' : subject, 'ft');
  }
  if (/\b(area|square feet|sq ?ft|how big|size of)\b/.test(q)) {
    const items = areas(subject, readable);
    if (!items.length) return notFound(subject ? `${subject} areas` : 'room areas', readable);
    return reply('Areas:', items, subject ?? 'floor area', 'sq ft');
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
