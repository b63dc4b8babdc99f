/** How a reply reads: its lines with their sources, totals per drawing, the documents' own warnings, what they hold. */
import { formatQuantity, originKey } from '@kerf/takeoff';
import { describeScale, pagesOf, scaleOf } from '../sheet-text/sheet-pages';
import type { AnalysedDocument, AnalystReply, SourcedQuantity } from '../sourced-quantity';
import { symbolsOf } from './document-quantities';
import { subjectNamed } from './question-subjects';

/** A figure as a person writes it: `716.3`, `2,261`, `3.45`. */
export const shown = (quantity: number, unit: string) => formatQuantity(quantity, unit);

export function cite(quantity: SourcedQuantity): string {
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
export const line = (quantity: number, unit: string, what: string, source: string) =>
  `- ${shown(quantity, unit)} ${unit} ${what} (${source})`;

/** A PDF analysis's warning about the scale of the pages it names ("Page 1 has no scale note: its scale is read…"). */
const PAGE_SCALE_WARNING = /^Pages? ([\d, and]+?)(?::| has| have| is| are)[^]*\bscale\b/;

/**
 * The analysis' own warnings (units in doubt, a file cut short) about the documents behind a reply's numbers:
 * up to three a document, those naming what the reply answers first ("CORRIDOR CE-2 measures 294.88 sq ft from
 * the drawing, but 411 sq ft is printed in its tag"). A note about other rooms (a PDF's room notes) is left
 * out (it says nothing of a door count, nor of another room's area), unless the reply is over every room.
 */
export function caveats(quantities: SourcedQuantity[], documents: AnalysedDocument[]): string {
  const behind = new Set(quantities.map((q) => q.source.documentId));
  const notes = documents
    .filter((doc) => behind.has(doc.id))
    .flatMap((doc) => {
      const mine = quantities.filter((q) => q.source.documentId === doc.id);
      const answered = mine.map((q) => q.description);
      const rooms = new Set(mine.flatMap((q) => (q.origin.kind === 'room' && q.origin.ref ? [q.origin.ref] : [])));
      const names = (warning: string) => answered.some((what) => what && warning.includes(what));
      // A reply over every measured room keeps them all: the rooms left unmeasured are missing from its total.
      const everyRoom = (doc.analysis.rooms ?? []).every((room) => rooms.has(room.name));
      const aboutOtherRooms = (warning: string) =>
        !everyRoom &&
        (doc.analysis.roomNotes ?? []).some(
          (note) =>
            warning === `Page ${note.page}: ${note.message}` && !note.rooms.some((room) => rooms.has(room.name)),
        );
      const warnings = (doc.analysis.warnings ?? []).filter((w) => !aboutOtherRooms(w));
      // A doubt about a page's scale is about every length and area measured on it (not a count): said first,
      // whatever else is said.
      const pages = new Set(mine.filter((q) => q.unit !== 'ea').map((q) => q.source.page));
      const ofScale = (w: string) => {
        const on = PAGE_SCALE_WARNING.exec(w);
        return !!on && on[1]!.split(/,\s*|\s+and\s+/).some((page) => pages.has(Number(page)));
      };
      const scale = warnings.filter(ofScale);
      const rest = warnings.filter((w) => !ofScale(w));
      return [
        ...scale,
        ...[...rest.filter(names), ...rest.filter((w) => !names(w))].slice(0, Math.max(1, 3 - scale.length)),
      ].map((warning) => `Note on ${doc.filename}: ${warning}`);
    });
  return notes.length ? `\n\n${notes.join('\n')}` : '';
}

/**
 * The lines of a reply, drawing by drawing: each source once, a wall layer's
 * linework beside its wall length, and a total only over one drawing's
 * figures of one kind and unit, never across drawings.
 */
export function render(intro: string, items: SourcedQuantity[], what?: string): AnalystReply {
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

export function summary(documents: AnalysedDocument[]): AnalystReply {
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

export function notFound(what: string, documents: AnalysedDocument[]): AnalystReply {
  return {
    content: `The documents (${documents.map((d) => d.filename).join(', ')}) don't hold ${what}: I found no layer, block, room, schedule or written quantity for it, so I won't guess a number. Ask about doors, windows, fixtures, wall or pipe lengths, room areas or concrete, or ask what the documents hold.`,
    quantities: [],
  };
}
