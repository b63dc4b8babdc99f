import {
  categoryOf,
  originDimension,
  extractMaterials,
  normalizeUnit,
  notAMaterial,
  type QuantityOrigin,
} from '@kerf/takeoff';
import type { AnalysedDocument, SourcedQuantity } from './sourced-quantity';

type Source = SourcedQuantity['source'];

/** A number an analysis states, with where it stands. */
export interface Fact {
  quantity: number;
  unit: string;
  source: Source;
  origin: QuantityOrigin;
  /** A wall layer's linework, or its wall length (see LayerTotals.wallLengthFt). */
  figure?: SourcedQuantity['figure'];
}

/** A quantity of a model's reply: its source, and whether the number is one the analyses state. */
export interface ReplyQuantity {
  description: string;
  quantity: number;
  unit: string;
  source: Source | null;
  verified: boolean;
  /** The identity of what the number measures, when the reply cites or matches one. */
  origin?: QuantityOrigin;
  /** The material it stands for; absent for annotation, slivers and wall linework. */
  material?: { name: string; category: string };
}

/** Every figure of an analysis a reply could quote: layer lengths and areas, block and symbol counts, rooms, written quantities. */
export function factsOf(document: AnalysedDocument): Fact[] {
  const at = (place: Partial<Source>): Source => ({ documentId: document.id, filename: document.filename, ...place });
  const revision = (document.analysis as { revision?: unknown }).revision;
  const origin = (kind: NonNullable<QuantityOrigin['kind']>, ref: string, unit: string, page?: number) => ({
    documentId: document.id,
    documentName: document.filename,
    revision: typeof revision === 'number' ? revision : 1,
    kind,
    ref,
    ...(page !== undefined ? { page } : {}),
    dimension: originDimension(unit),
  });
  const { analysis } = document;
  /** A PDF's page, and the sheet number its title block gives, for a room, layer or symbol on it. */
  const onPage = (thing: object): { page?: number; sheet?: string } => {
    const page = (thing as { page?: unknown }).page;
    if (typeof page !== 'number') return {};
    const sheet = analysis.pages?.find((p) => p.number === page)?.sheetNumber;
    return sheet ? { page, sheet } : { page };
  };
  const listed = (analysis as { symbols?: unknown }).symbols;
  const symbols = (Array.isArray(listed) ? (listed as unknown[]) : []).filter(
    (s): s is { name: string; page?: number; count: number } =>
      typeof (s as { name?: unknown })?.name === 'string' && typeof (s as { count?: unknown })?.count === 'number',
  );
  const facts: Fact[] = [
    ...(analysis.layers ?? []).flatMap((layer): Fact[] => [
      {
        quantity: layer.lengthFt,
        unit: 'ft',
        source: at({ layer: layer.name, ...onPage(layer) }),
        origin: origin('layer', layer.name, 'ft', onPage(layer).page),
        ...(layer.wallLengthFt !== undefined ? { figure: 'linework' as const } : {}),
      },
      ...(layer.wallLengthFt !== undefined
        ? [
            {
              quantity: layer.wallLengthFt,
              unit: 'ft',
              source: at({ layer: layer.name, ...onPage(layer) }),
              origin: origin('layer', layer.name, 'ft', onPage(layer).page),
              figure: 'wall length' as const,
            },
          ]
        : []),
      {
        quantity: layer.areaSqFt,
        unit: 'sq ft',
        source: at({ layer: layer.name, ...onPage(layer) }),
        origin: origin('layer', layer.name, 'sq ft', onPage(layer).page),
      },
    ]),
    ...(analysis.blocks ?? []).flatMap((block) => [
      {
        quantity: block.totalCount,
        unit: 'ea',
        source: at({ block: block.name }),
        origin: origin('block', block.name, 'ea'),
      },
      {
        quantity: block.count,
        unit: 'ea',
        source: at({ block: block.name }),
        origin: origin('block', block.name, 'ea'),
      },
    ]),
    ...(analysis.rooms ?? []).flatMap((room) => {
      // A PDF room is found by its sheet and page; its 'layer' is only its outline's stroke style.
      const place = onPage(room);
      const source = at(place.page !== undefined ? place : { layer: room.layer });
      return [
        { quantity: room.areaSqFt, unit: 'sq ft', source, origin: origin('room', room.name, 'sq ft', place.page) },
        { quantity: room.perimeterFt, unit: 'ft', source, origin: origin('room', room.name, 'ft', place.page) },
      ];
    }),
    ...symbols.map((symbol) => ({
      quantity: symbol.count,
      unit: 'ea',
      source: at(onPage(symbol)),
      origin: origin('symbol', symbol.name, 'ea', onPage(symbol).page),
    })),
    ...analysis.quantities.map((q) => {
      const unit = normalizeUnit(q.unit) ?? q.unit;
      const { block, layer, page } = q.source;
      return {
        quantity: q.quantity,
        unit,
        source: at({ page: q.source.page, layer: q.source.layer, block: q.source.block, sheet: q.source.sheet }),
        origin: block
          ? origin('block', block, unit)
          : layer && page === undefined
            ? origin('layer', layer, unit)
            : origin('text', q.description, unit, page),
      };
    }),
  ];
  return facts.filter((fact) => fact.quantity > 0).map((fact) => ({ ...fact, source: withoutUndefined(fact.source) }));
}

/** The origin a citation names when no analysis figure matched: its block, layer or page. */
function citedOrigin(source: Source, unit: string, description: string): QuantityOrigin {
  const [kind, ref] = source.block
    ? (['block', source.block] as const)
    : source.layer
      ? (['layer', source.layer] as const)
      : (['text', description] as const);
  return {
    documentId: source.documentId,
    documentName: source.filename,
    kind,
    ref,
    ...(source.page !== undefined ? { page: source.page } : {}),
    dimension: originDimension(unit),
  };
}

/** Equal as a reply would round it: to the cent, or within half a percent. */
const same = (stated: number, fact: number) =>
  Math.abs(stated - fact) <= Math.max(0.01, Math.abs(fact) * 0.005) || Math.round(fact) === stated;

/**
 * The quantities a model's reply states (as SPEC §9's extractor reads them),
 * each with the source it cites — "(plan.dxf, layer A-WALL)" — or, when it
 * cites none, the analysis figure it equals. A number found in no analysis
 * keeps its citation but is marked unverified; one with neither has no source.
 */
export function sourceQuantities(
  reply: string,
  facts: readonly Fact[],
  documents: ReadonlyArray<{ id: string; filename: string }>,
): ReplyQuantity[] {
  const found: ReplyQuantity[] = [];
  for (const line of reply.split('\n')) {
    for (const item of extractMaterials(line)) {
      const quantity = Number(item.quantity);
      const cited = citation(line, documents);
      const matches = facts.filter((fact) => fact.unit === item.unit && same(quantity, fact.quantity));
      const match =
        (cited && matches.find((fact) => sameSource(fact.source, cited))) ??
        (cited && matches.find((fact) => fact.source.documentId === cited.documentId)) ??
        (cited ? undefined : matches[0]);
      const source = match?.source ?? cited ?? null;
      const origin = match?.origin ?? (source ? citedOrigin(source, item.unit, item.name) : undefined);
      const reply: ReplyQuantity = { description: item.name, quantity, unit: item.unit, source, verified: !!match };
      if (origin) reply.origin = origin;
      // A wall layer's linework is both faces of every wall: never a wall length to order by.
      if (match?.figure !== 'linework' && !notAMaterial({ quantity, unit: item.unit, origin }))
        reply.material = { name: item.name, category: categoryOf(item.name) };
      found.push(reply);
    }
  }
  return found;
}

/** "(plan.dxf, layer A-WALL, page 2)" on the line → that document and place; null when it names no document of the question. */
function citation(line: string, documents: ReadonlyArray<{ id: string; filename: string }>): Source | null {
  for (const [, inside] of line.matchAll(/\(([^()]+)\)/g)) {
    const [name, ...places] = inside!.split(',').map((part) => part.trim());
    const document = documents.find(
      (d) =>
        d.filename.toLowerCase() === name!.toLowerCase() ||
        d.id === name ||
        name!.toLowerCase().includes(d.filename.toLowerCase()),
    );
    if (!document) continue;
    const source: Source = { documentId: document.id, filename: document.filename };
    for (const place of places) {
      const [, kind, value] = /^(layer|block|page|sheet)\s+(.+)$/i.exec(place) ?? [];
      if (!kind || !value) continue;
      const key = kind.toLowerCase() as 'layer' | 'block' | 'page' | 'sheet';
      if (key === 'page') {
        if (/^\d+$/.test(value)) source.page = Number(value);
      } else source[key] = value;
    }
    return source;
  }
  return null;
}

function sameSource(fact: Source, cited: Source): boolean {
  if (fact.documentId !== cited.documentId) return false;
  const eq = (a?: string | number, b?: string | number) =>
    a === undefined || b === undefined || String(a).toLowerCase() === String(b).toLowerCase();
  return (
    eq(fact.layer, cited.layer) &&
    eq(fact.block, cited.block) &&
    eq(fact.page, cited.page) &&
    eq(fact.sheet, cited.sheet)
  );
}

function withoutUndefined(source: Source): Source {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined)) as Source;
}
