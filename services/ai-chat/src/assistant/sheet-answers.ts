/**
 * The local analyst's answers about what sheets say in words: their scale,
 * sheet numbers and titles, schedules, and the finish codes with the rooms
 * that carry them; each line cites the document, sheet and page. A room a
 * schedule finishes with the asked code, measured on a plan, also gives its
 * floor area (or base length) as a quantity with the room and page as origin.
 */
import { formatQuantity, roomScheduleRowOf, roomScheduleRows } from '@kerf/takeoff';
import { quantityOf } from './local-analyst/document-quantities';
import type { AnalysedDocument, AnalystReply, SourcedQuantity } from './sourced-quantity';
import {
  codesAsked,
  codesDescribedAs,
  codeVocabulary,
  legendEntries,
  unknownCodesAsked,
} from './sheet-text/finish-codes';
import { findCode, type CodeFindings } from './sheet-text/finish-code-places';
import { columnLabel, columnsAsked, rowNaming, rowsNamed, schedulesNamed } from './sheet-text/schedule-rows';
import {
  citePage,
  describeScale,
  pageName,
  pagesNamed,
  pagesOf,
  scaleOf,
  type SheetPage,
} from './sheet-text/sheet-pages';

const asksScale = (q: string) => /\bscales?\b/.test(q) && !/\bscale (?:it|this|up|down)\b/.test(q);
const asksMeasure = (q: string) =>
  /\b(how many|number of|count|how long|length|linear|area|square (?:feet|foot|footage)|sq\.? ?ft|volume|cubic|how big|size of)\b/.test(
    q,
  );
/** A question after rooms or places: "which rooms get …", "where is … used". */
const asksRooms = (q: string) => /\b(which|what|list)\s+(rooms?|spaces?|areas?)\b|\bwhere\b/.test(q);

/**
 * What a sheet says, asked before anything is measured: the scale of a sheet,
 * the rooms a finish code is on, a schedule row. Null when the question is about none of them.
 */
export function sheetAnswer(
  question: string,
  documents: AnalysedDocument[],
  subject: string | null,
): AnalystReply | null {
  const q = question.toLowerCase();
  const withPages = documents.filter((doc) => pagesOf(doc).length > 0);
  if (!withPages.length) return null;
  if (asksScale(q)) return scaleAnswer(question, withPages);
  const vocabulary = codeVocabulary(withPages);
  let codes = codesAsked(question, vocabulary);
  // A measurement of something else that a code happens to spell ("feet of PVC pipe") is measured, not read.
  if (codes.length && subject && asksMeasure(q) && !codes.some((code) => code.toLowerCase() === subject)) codes = [];
  // A room's own mark ("the area of corridor CE-2") asks for that room's measured area.
  if (codes.length && asksMeasure(q) && codes.some((code) => namesMeasuredRoom(code, withPages))) codes = [];
  // A material named in words ("which rooms get ceramic tile?"): the codes the legends and schedules describe so.
  const material = asksRooms(q)
    ? (/\b(?:get|gets|have|has|use|uses|receive|receives|carry|carries)\s+(?:the\s+|an?\s+)?([a-z][a-z -]{2,}?)\s*[?.!]*$/.exec(
        q,
      )?.[1] ??
      /\bwhere\s+(?:is|are|does|do)\s+(?:the\s+)?([a-z][a-z -]{2,}?)\s+(?:used|installed|go|goes|laid|applied)\b/.exec(
        q,
      )?.[1])
    : undefined;
  if (!codes.length && material && !asksMeasure(q)) {
    codes.push(...codesDescribedAs(material, withPages));
    // "which rooms get terrazzo?" on sheets whose legends and schedules never name it.
    const text = withPages.flatMap((doc) => pagesOf(doc).map((page) => page.text.toLowerCase())).join('\n');
    if (
      !codes.length &&
      !/\d/.test(material) &&
      !text.includes(material) &&
      !unknownCodesAsked(question, vocabulary).length
    )
      return {
        content: `No legend, schedule or note on ${withPages.map((d) => d.filename).join(', ')} names ${material}, so I can't say which rooms get it. Ask which finish codes the sheets define to see the finishes they use.`,
        quantities: [],
      };
  }
  const unknown = codes.length ? [] : unknownCodesAsked(question, vocabulary);
  if (unknown.length && (asksRooms(q) || /\b(finish|finishes|get|gets|legend|code)\b/.test(q)) && !asksMeasure(q))
    return {
      content: `No sheet of ${withPages.map((d) => d.filename).join(', ')} names ${unknown.join(' or ')}: no legend, schedule or plan tag carries ${unknown.length === 1 ? 'it' : 'them'}, so I can't say which rooms get ${unknown.length === 1 ? 'it' : 'them'}. Ask which finish codes the sheets define to see the ones they use.`,
      quantities: [],
    };
  if (codes.length)
    return codesAnswer(codes, withPages, documents, /\b(how much|quantity|area|square|sq\.? ?ft|sf|total)\b/.test(q));
  if (
    !asksMeasure(q) &&
    /\b(finish|finishes|schedule|schedules|floor|flooring|base|ceilings?|walls?|paint|hardware|frame|remarks?)\b/.test(
      q,
    )
  ) {
    const rows = rowsNamed(question, withPages);
    if (rows.length) return rowsAnswer(question, rows);
  }
  return null;
}

/** Asked after the measuring questions: which schedules there are, or which sheets and titles. */
export function sheetListing(question: string, documents: AnalysedDocument[]): AnalystReply | null {
  const q = question.toLowerCase();
  const withPages = documents.filter((doc) => pagesOf(doc).length > 0);
  if (!withPages.length) return null;
  if (/\b(codes?|legend|abbreviations?)\b/.test(q)) return legendAnswer(withPages);
  if (/\bschedules?\b/.test(q)) return schedulesAnswer(question, withPages);
  if (/\b(sheets?|titles?|drawing (?:numbers?|list|index)|pages?)\b/.test(q)) return sheetsAnswer(question, withPages);
  return null;
}

/** The schedule columns whose finish a room's outline measures: its floor and ceiling area, its base length. */
const SURFACE_MEASURED = /floor|ceil|\bbase\b/i;
/** Words that name a surface or finishes in general, not a material ("how much base", "how much flooring"). */
const SURFACE_WORDS = /^(?:floors?|flooring|bases?|ceilings?|walls?|finish(?:es)?|materials?|tiles?)$/;

/** A material asked for by its quantity in words: "how much carpet do I need?", "square feet of vinyl tile". */
const MATERIAL_QUANTITY = [
  /\bhow much\s+(?:of\s+)?(?:the\s+)?([a-z][a-z -]*?)\s*(?:\b(?:is|are|do|does|will|would|should|in|on|for|at|with|to)\b|[?.!,]|$)/,
  /\b(?:square feet|square footage|sq\.? ?ft|sf|quantity|amount|total)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)\s*(?:\b(?:is|are|do|does|in|on|for|needed|required)\b|[?.!,]|$)/,
];

/**
 * A material asked for by its quantity in words that nothing measured names (no layer, block or written
 * quantity says "carpet"), where the legends and material schedules describe codes so (CPT-1 BROADLOOM
 * CARPET): the rooms the room finish schedules give those codes, measured on the plans, with their total.
 * Null when the question names no such material.
 */
export function materialQuantityAnswer(question: string, documents: AnalysedDocument[]): AnalystReply | null {
  const q = question.toLowerCase();
  const withPages = documents.filter((doc) => pagesOf(doc).length > 0);
  if (!withPages.length) return null;
  for (const pattern of MATERIAL_QUANTITY) {
    const phrase = pattern.exec(q)?.[1]?.trim();
    if (!phrase || phrase.split(/\s+/).every((word) => SURFACE_WORDS.test(word))) continue;
    const codes = codesDescribedAs(phrase, withPages);
    if (!codes.length) continue;
    const reply = codesAnswer(codes, withPages, documents, true);
    // Several codes of the material (broadloom and carpet tile): the floors they cover together.
    const floors = reply.quantities.filter((item) => / floor, /.test(item.description));
    const floorCodes = new Set(floors.map((item) => item.description.split(' ')[0]));
    if (floorCodes.size < 2) return reply;
    const sum = floors.reduce((total, item) => total + item.quantity, 0);
    return {
      ...reply,
      content: `${reply.content}\n\n${phrase[0]!.toUpperCase()}${phrase.slice(1)} floors measured, ${[...floorCodes].join(' and ')} together: ${formatQuantity(sum, 'sq ft')} sq ft.`,
    };
  }
  return null;
}

function scaleAnswer(question: string, documents: AnalysedDocument[]): AnalystReply {
  const named = pagesNamed(question, documents);
  const pages = named.length ? named : documents.flatMap((doc) => pagesOf(doc).map((page) => ({ doc, page })));
  const lines = pages.map(({ doc, page }) => {
    const scale = scaleOf(page);
    const name = pageName(page);
    // A sheet of drawings at several scales: the page's is its largest drawing's; the others are said too.
    const others = [
      ...new Set(
        ((page as { drawings?: Array<{ note?: unknown }> }).drawings ?? [])
          .map((drawing) => drawing?.note)
          .filter((note): note is string => typeof note === 'string' && note !== scale?.note),
      ),
    ];
    const also = others.length ? `; other drawings on it at ${others.join(', ')}, each measured at its own` : '';
    return scale
      ? `- ${describeScale(scale)}${also}${name ? ` — ${name}` : ''} (${citePage(doc, page)})`
      : `- no scale stated${name ? ` — ${name}` : ''} (${citePage(doc, page)}): not to scale, or no scale note; calibrate the page to measure on it`;
  });
  const scaled = pages.filter(({ page }) => scaleOf(page));
  if (!scaled.length)
    return {
      content: `No scale is written on ${named.length ? 'the sheets asked about' : 'any sheet of the documents'}:\n\n${lines.join('\n')}`,
      quantities: [],
    };
  const shown = named.length ? lines : lines.filter((_, i) => scaleOf(pages[i]!.page));
  const unscaled = pages.length - scaled.length;
  return {
    content: `${named.length === 1 ? 'The scale of the sheet' : 'Scales of the sheets'}, as written on ${named.length === 1 ? 'it' : 'them'}:\n\n${shown.join('\n')}${
      !named.length && unscaled
        ? `\n\n${unscaled} other page${unscaled === 1 ? ' states' : 's state'} no scale (schedules, notes, or not to scale).`
        : ''
    }`,
    quantities: [],
  };
}

function codesAnswer(
  codes: string[],
  documents: AnalysedDocument[],
  all: AnalysedDocument[],
  asksQuantity: boolean,
): AnalystReply {
  const quantities: SourcedQuantity[] = [];
  const sections = codes.map((code) => {
    const found = findCode(code, documents);
    const parts: string[] = [];
    const described = found.descriptions
      .map((d) => `${d.code} ${d.description}`)
      .filter((text, i, list) => list.indexOf(text) === i);
    parts.push(
      `${code}${described.length ? ` — ${described.slice(0, 4).join('; ')}` : ''}${
        found.descriptions[0] ? ` (${citePage(found.descriptions[0].doc, found.descriptions[0].page)})` : ''
      }`,
    );
    for (const { doc, page, schedule, rows } of found.schedules) {
      parts.push(`\nRooms the ${schedule.title} gives ${code} (${citePage(doc, page)}):`);
      for (const row of rows)
        parts.push(
          `- ${row.room}: ${row.column.toLowerCase()} ${row.cell}${row.shared ? ' (shared with another finish)' : ''}`,
        );
    }
    for (const tags of found.tags)
      parts.push(
        `\n${tags.code} is tagged ${tags.count} time${tags.count === 1 ? '' : 's'} on ${pageName(tags.page) || 'the plan'} (${citePage(tags.doc, tags.page)})${
          tags.beside.length ? `, ${tags.placed ? 'in' : 'beside'} ${tags.beside.join(', ')}` : ''
        }.`,
      );
    const measured = measuredRooms(code, found, all);
    if (measured.length) {
      parts.push(`\nMeasured on the plans, for the rooms the schedules give ${code}:`);
      for (const item of measured) {
        parts.push(
          `- ${formatQuantity(item.quantity, item.unit)} ${item.unit} ${item.description} (${citeQuantity(item)})`,
        );
        quantities.push(item);
      }
      const surfaceOf = (item: SourcedQuantity) => /\b(floor|ceiling|base), /.exec(item.description)?.[1] ?? '';
      const totals = ['floor', 'ceiling', 'base']
        .map((surface) => ({ surface, items: measured.filter((item) => surfaceOf(item) === surface) }))
        .filter(({ items }) => items.length > 1)
        .map(({ surface, items }) => {
          const unit = items[0]!.unit;
          const sum = items.reduce((total, item) => total + item.quantity, 0);
          return `${formatQuantity(sum, unit)} ${unit} of ${surface}`;
        });
      const rooms = new Set(
        found.schedules.flatMap(({ rows }) => rows.filter((row) => !row.shared).map((row) => row.room)),
      );
      const unmeasured = rooms.size - new Set(measured.map((item) => item.origin.ref)).size;
      if (totals.length) parts.push(`Total of the measured rooms: ${totals.join(', ')}.`);
      if (measured.some((item) => surfaceOf(item) === 'base')) parts.push(BASE_NOTE);
      if (unmeasured > 0)
        parts.push(
          `${unmeasured} of the ${rooms.size} rooms the schedules give ${code} alone ${unmeasured === 1 ? 'was' : 'were'} not found measured on a plan, so ${totals.length ? 'this is not the whole quantity' : 'these are not all of it'}.`,
        );
    }
    const onWallsOnly = found.schedules.every(({ rows }) => rows.every((row) => !SURFACE_MEASURED.test(row.column)));
    if (!measured.length && found.schedules.length && asksQuantity)
      parts.push(
        onWallsOnly
          ? `\nThe schedules give ${code} on walls (or in remarks), not on floors, bases or ceilings: a wall's area needs its height, which the sheets do not give, so I give no ${code} quantity rather than guess one. Ask for a room's perimeter to work it out at your wall height.`
          : `\nNone of these rooms is measured on a plan (no room outline found around its label), so I give no ${code} quantity rather than guess one.`,
      );
    if (!found.schedules.length && !found.tags.length)
      parts.push(
        `\nThe documents name ${code} but no schedule row or plan tag carries it, so I can't say which rooms get it.`,
      );
    else if (!found.schedules.length)
      parts.push(
        found.tags.some((tags) => tags.placed)
          ? `\nNo finish schedule lists ${code}; the rooms above are those whose measured outline holds a ${code} tag.`
          : `\nNo finish schedule lists ${code}; the tags above are what the sheet's text says (the text holds no positions, so a tag is tied to a room only when they share a line).`,
      );
    return parts.join('\n');
  });
  return { content: sections.join('\n\n'), quantities };
}

function citeQuantity(item: SourcedQuantity): string {
  const s = item.source;
  return [
    s.filename,
    s.sheet ? `sheet ${s.sheet}` : '',
    s.page !== undefined ? `page ${s.page}` : '',
    `room ${item.origin.ref}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The measured rooms (a plan's rooms) that a schedule gives the code on the
 * floor, base or ceiling, each not shared with another finish: the floor or
 * ceiling area, or the base length, with the room as origin. A room's row is
 * the one @kerf/takeoff's roomScheduleRowOf finds for it among the room finish
 * schedules of all the documents, the rule that names a room's material by its finish.
 */
function measuredRooms(code: string, found: CodeFindings, documents: AnalysedDocument[]): SourcedQuantity[] {
  const items: SourcedQuantity[] = [];
  const description = found.descriptions.find((d) => /\d/.test(d.code) || d.code === code)?.description;
  const roomRows = roomScheduleRows(documents.flatMap((doc) => pagesOf(doc).flatMap((page) => page.schedules ?? [])));
  const measured = documents.flatMap((doc) =>
    (doc.analysis.rooms ?? []).flatMap((room, _, rooms) => {
      const page = (room as { page?: unknown }).page;
      const names = rooms.map((other) => other.name);
      const row = typeof page === 'number' ? roomScheduleRowOf(room.name, roomRows, names) : undefined;
      return row && typeof page === 'number' ? [{ doc, room, page, cells: row.cells }] : [];
    }),
  );
  for (const { rows } of found.schedules)
    for (const row of rows) {
      if (row.shared) continue;
      const surface = /floor/i.test(row.column)
        ? 'floor'
        : /ceil/i.test(row.column)
          ? 'ceiling'
          : /\bbase\b/i.test(row.column)
            ? 'base'
            : null;
      if (!surface) continue;
      for (const { doc, room, page } of measured.filter((m) => m.cells === row.cells)) {
        const sheet = pagesOf(doc).find((p) => p.number === page)?.sheetNumber;
        // "RB-1 resilient base", not "resilient base base"; "VCT-1 vinyl composition tile floor".
        const described = description?.toLowerCase();
        const what =
          `${row.cell} ${described ? `${described} ` : ''}${described?.endsWith(surface) ? '' : surface}`.trim();
        items.push(
          quantityOf(doc, {
            description: `${what}, ${room.name}`,
            quantity: surface === 'base' ? room.perimeterFt : room.areaSqFt,
            unit: surface === 'base' ? 'ft' : 'sq ft',
            place: { page, ...(sheet ? { sheet } : {}) },
            kind: 'room',
            ref: room.name,
            page,
            material: { name: `${what} (${room.name})`, category: SURFACE_CATEGORY[surface] },
          }),
        );
      }
    }
  return items;
}

/** A scheduled finish's category by the surface it is laid on, as the measured finishes are filed. */
const SURFACE_CATEGORY = { floor: 'Floors', ceiling: 'Ceilings', base: 'Finishes' } as const;

/** What a base measured as a room's perimeter leaves to the estimator. */
export const BASE_NOTE = "A room's base is its perimeter, door openings included: take off the door widths.";

const COMPASS = /\b(north|east|south|west|[nesw])$/i;

/** What a question may ask of a room that a schedule may have no column for. */
const ATTRIBUTES = ['height', 'rating', 'color', 'colour', 'size', 'cost', 'price', 'width', 'thickness', 'occupancy'];

function rowsAnswer(question: string, rows: ReturnType<typeof rowsNamed>): AnalystReply {
  const q = question.toLowerCase();
  const headers = rows.flatMap(({ schedule }) => schedule.columns.map((c) => c.toLowerCase())).join(' ');
  const missing = ATTRIBUTES.filter((word) => new RegExp(`\\b${word}s?\\b`).test(q) && !headers.includes(word));
  const lines = rows.slice(0, 20).map(({ doc, page, schedule, row, name }) => {
    const { columns } = rowNaming(schedule);
    let asked = columnsAsked(question, schedule).filter((i) => !columns.includes(i));
    // A wall finish given per side (NORTH, EAST, SOUTH, WEST under one WALL FINISH heading): every side is asked.
    if (asked.some((i) => COMPASS.test(columnLabel(schedule.columns[i] ?? ''))))
      asked = schedule.columns
        .map((_, i) => i)
        .filter((i) => asked.includes(i) || COMPASS.test(columnLabel(schedule.columns[i]!)));
    const shown = (asked.length ? asked : schedule.columns.map((_, i) => i).filter((i) => !columns.includes(i))).filter(
      (i) => (row[i] ?? '').trim(),
    );
    const cells = shown.map((i) => `${columnLabel(schedule.columns[i] ?? '').toLowerCase()} ${row[i]!.trim()}`);
    return `- ${name}: ${cells.join('; ') || 'nothing written in the asked columns'} (${citePage(doc, page, schedule.title)})`;
  });
  const more = rows.length > 20 ? `\n\n${rows.length - 20} more rows match; name the room or mark to narrow it.` : '';
  const intro = missing.length
    ? `The schedules have no ${missing.join(' or ')} column, so they don't say that. What they do say about ${rows.length === 1 ? 'that row' : 'those rows'}:`
    : 'What the schedules say:';
  return { content: `${intro}\n\n${lines.join('\n')}${more}`, quantities: [] };
}

/** The codes the sheets define: their legends' entries and the material schedules' rows, each with its page. */
function legendAnswer(documents: AnalysedDocument[]): AnalystReply {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const doc of documents)
    for (const page of pagesOf(doc)) {
      const entries = [
        ...legendEntries(page.text),
        // A material schedule's rows (CODE | MATERIAL…); a room or door schedule's rows are rooms and doors.
        ...(page.schedules ?? []).flatMap((schedule) =>
          (rowNaming(schedule).columns.length > 1 || /\bname\b/i.test(schedule.columns.join(' ')) ? [] : schedule.rows)
            .filter((row) => /^[A-Z]{1,5}-?\d{1,3}[A-Z]?$/.test((row[0] ?? '').trim()) && (row[1] ?? '').trim())
            .map((row) => ({ code: row[0]!.trim(), description: row[1]!.trim() })),
        ),
      ];
      for (const { code, description } of entries) {
        if (seen.has(code)) continue;
        seen.add(code);
        lines.push(`- ${code}: ${description} (${citePage(doc, page)})`);
      }
    }
  if (!lines.length)
    return {
      content: `The documents (${documents.map((d) => d.filename).join(', ')}) hold no legend or material schedule I could read codes from.`,
      quantities: [],
    };
  return {
    content: `Codes the sheets define, in their legends and material schedules:\n\n${lines.join('\n')}`,
    quantities: [],
  };
}

function schedulesAnswer(question: string, documents: AnalysedDocument[]): AnalystReply {
  const named = schedulesNamed(question, documents);
  // "the door schedule" on sheets that have none: said so, with the schedules they do have.
  const kind = /\b([a-z]+)\s+schedules?\b/.exec(question.toLowerCase())?.[1];
  const missing =
    !named.length && kind && !['the', 'a', 'any', 'which', 'what', 'each', 'every', 'all', 'of'].includes(kind)
      ? `There is no ${kind} schedule on the sheets. `
      : '';
  if (named.length) {
    const blocks = named.map(({ doc, page, schedule }) => {
      const header = schedule.columns.map(columnLabel).join(' | ');
      const rows = schedule.rows.slice(0, 40).map((row) => `- ${row.map((cell) => cell.trim() || '—').join(' | ')}`);
      const more = schedule.rows.length > 40 ? `\n(${schedule.rows.length - 40} more rows)` : '';
      return `${schedule.title} (${citePage(doc, page)}), ${schedule.rows.length} row${schedule.rows.length === 1 ? '' : 's'}:\n${header}\n${rows.join('\n')}${more}`;
    });
    return { content: blocks.join('\n\n'), quantities: [] };
  }
  const all = documents.flatMap((doc) =>
    pagesOf(doc).flatMap((page) => (page.schedules ?? []).map((schedule) => ({ doc, page, schedule }))),
  );
  if (!all.length)
    return {
      content: `The documents (${documents.map((d) => d.filename).join(', ')}) hold no schedule I could read as a table.`,
      quantities: [],
    };
  const lines = all.map(
    ({ doc, page, schedule }) =>
      `- ${schedule.title}: ${schedule.rows.length} row${schedule.rows.length === 1 ? '' : 's'}; columns ${schedule.columns.map(columnLabel).join(', ')} (${citePage(doc, page)})`,
  );
  return {
    content: `${missing}${missing ? 'The schedules they hold' : 'Schedules on the sheets'}:\n\n${lines.join('\n')}`,
    quantities: [],
  };
}

function sheetsAnswer(question: string, documents: AnalysedDocument[]): AnalystReply {
  const named = pagesNamed(question, documents);
  const pages: Array<{ doc: AnalysedDocument; page: SheetPage }> = named.length
    ? named
    : documents.flatMap((doc) => pagesOf(doc).map((page) => ({ doc, page })));
  const lines = pages.map(({ doc, page }) => {
    const scale = scaleOf(page);
    const schedules = (page.schedules ?? []).map((s) => s.title);
    return `- ${page.sheetNumber ?? 'no sheet number'}: ${page.title ?? 'no title in the title block'}${
      scale ? `; scale ${describeScale(scale)}` : ''
    }${schedules.length ? `; schedules: ${schedules.join(', ')}` : ''} (${citePage(doc, page)})`;
  });
  return {
    content: `${pages.length === 1 ? 'The sheet, as its title block names it' : 'Sheets, as their title blocks name them'}:\n\n${lines.join('\n')}`,
    quantities: [],
  };
}

/** Whether a measured room's name carries `code` as one of its words (CORRIDOR CE-2 for CE-2). */
function namesMeasuredRoom(code: string, documents: AnalysedDocument[]): boolean {
  const wanted = code.toUpperCase();
  return documents.some((doc) =>
    (doc.analysis.rooms ?? []).some((room) => room.name.toUpperCase().split(/\s+/).includes(wanted)),
  );
}
