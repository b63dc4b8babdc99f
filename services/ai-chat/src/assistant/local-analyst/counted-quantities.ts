/** Counts of what a question names: placed blocks, a PDF's symbols, written counts and schedules' rows. */
import type { DocumentAnalysis } from '@kerf/contracts';
import type { AnalysedDocument, SourcedQuantity } from '../sourced-quantity';
import { pagePlace, quantityOf, symbolsOf, unique, writtenOrigin } from './document-quantities';
import { isSubject, materialOf, names } from './question-subjects';

export function blockQuantity(
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

/** A PDF's repeated symbol, counted like a block; proposed as a material only when it is of a subject. */
export function symbolQuantity(
  doc: AnalysedDocument,
  symbol: { name: string; page?: number; count: number },
  subject: string | null,
): SourcedQuantity {
  return quantityOf(doc, {
    description: symbol.name,
    quantity: symbol.count,
    unit: 'ea',
    place: pagePlace(doc, symbol),
    kind: 'symbol',
    ref: symbol.name,
    page: symbol.page,
    material: subject ? materialOf(symbol.name, symbol.name, subject) : null,
  });
}

export function counts(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
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
      if (symbol.count > 0 && isSubject(symbol.name, subject)) found.push(symbolQuantity(doc, symbol, subject));
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
