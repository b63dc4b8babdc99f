/** A document's quantities as the analyst cites them: each with its source, its origin and the material it proposes. */
import type { DocumentAnalysis } from '@kerf/contracts';
import { notAMaterial, originDimension, originKey, type QuantityOrigin } from '@kerf/takeoff';
import type { AnalysedDocument, Source, SourcedQuantity } from '../sourced-quantity';
import { materialOf } from './question-subjects';

/** The exact figure, rid of floating-point noise only. */
const exact = (value: number) => Math.round(value * 1e6) / 1e6;

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
export function writtenOrigin(source: DocumentAnalysis['quantities'][number]['source'], description: string) {
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
export function restatesLayer(doc: AnalysedDocument, quantity: DocumentAnalysis['quantities'][number]): boolean {
  const { layer, block, page } = quantity.source;
  return (
    !!layer && !block && page === undefined && (doc.analysis.layers ?? []).some((candidate) => candidate.name === layer)
  );
}

/** Symbols a PDF's analysis may list (name, page, count): counted like blocks. */
export function symbolsOf(doc: AnalysedDocument): Array<{ name: string; page?: number; count: number }> {
  const symbols = (doc.analysis as { symbols?: unknown }).symbols;
  return Array.isArray(symbols)
    ? symbols.filter(
        (s): s is { name: string; page?: number; count: number } =>
          typeof s?.name === 'string' && typeof s?.count === 'number',
      )
    : [];
}

/** The page a room or layer of a PDF analysis is on. */
export const pageOf = (thing: object): number | undefined => {
  const page = (thing as { page?: unknown }).page;
  return typeof page === 'number' ? page : undefined;
};

/** Where on a PDF a room, layer or symbol is: its page, and the sheet number the page's title block gives. */
export function pagePlace(doc: AnalysedDocument, thing: object): { page?: number; sheet?: string } {
  const page = pageOf(thing);
  if (page === undefined) return {};
  const sheet = doc.analysis.pages?.find((p) => p.number === page)?.sheetNumber;
  return sheet ? { page, sheet } : { page };
}

/** Each source once: a second quantity of the same origin and figure (the engine restating a layer, say) is dropped. */
export function unique(items: SourcedQuantity[]): SourcedQuantity[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${originKey(item.origin) ?? item.description}|${item.figure ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
