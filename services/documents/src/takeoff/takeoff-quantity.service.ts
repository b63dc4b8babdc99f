import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RpcErrors } from '@kerf/platform';
import type { ResolveTakeoffQuantityRequest, TakeoffQuantity } from '@kerf/contracts/generated/kerf/documents';
import type { Schedule } from '../analysis/analysis.types';
import { DocumentsService } from '../documents/documents.service';
import { TakeoffItemsService } from './takeoff-items.service';
import { toDecimal } from './takeoff-geometry';
import { floorFinishOf, roomFinishName, roomScheduleRowOf, roomScheduleRows, type FloorFinish } from '@kerf/takeoff';

type Loose = Record<string, unknown>;
type Kind = 'room' | 'layer' | 'symbol';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What a takeoff item, or a room, layer or symbol group of the automatic
 * takeoff, measures: the quantity the materials list takes when the user sends
 * it there, with where it came from. A PDF's rooms, layers and symbols may be
 * listed per page (issue 16); a DXF's are the drawing's.
 */
@Injectable()
export class TakeoffQuantityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: DocumentsService,
    private readonly items: TakeoffItemsService,
  ) {}

  async resolve(userId: string, request: ResolveTakeoffQuantityRequest): Promise<TakeoffQuantity> {
    const document = await this.documents.get(userId, request.documentId ?? '');
    const asked = (['itemId', 'room', 'layer', 'symbol'] as const).filter((key) => request[key]?.trim());
    if (asked.length !== 1)
      throw RpcErrors.invalid('Say what to send to the materials list: one of itemId, room, layer or symbol.');
    const base = {
      projectId: document.projectId,
      documentId: document.id,
      documentName: document.filename,
      revision: document.analysisRevision,
    };
    if (request.itemId) {
      const item = await this.items.get(userId, request.itemId);
      if (item.documentId !== document.id) throw RpcErrors.notFound('Takeoff item not found');
      return {
        ...base,
        kind: 'item',
        ref: item.id,
        page: item.page,
        dimension: item.kind,
        name: item.name,
        category: item.category ?? undefined,
        quantity: toDecimal(Number(item.quantity)),
        unit: item.unit,
      };
    }
    const kind: Kind = request.room ? 'room' : request.layer ? 'layer' : 'symbol';
    const name = (request[kind] ?? '').trim();
    const analysis = (await this.items.storedAnalysis(this.dataSource.manager, document.id)) as Loose | null;
    if (!analysis || analysis.status !== 'analyzed')
      throw RpcErrors.invalid(
        `${document.filename} has no takeoff yet: send it to materials once its analysis is done.`,
      );
    const page = request.page;
    const where = page ? ` on page ${page}` : '';
    const found = entries(analysis, kind, page).filter((entry) => same(text(entry.name), name));
    if (!found.length) throw RpcErrors.invalid(`${document.filename} has no ${kind} "${name}"${where} in its takeoff.`);
    const measured = measureGroup(kind, found);
    if (!measured)
      throw RpcErrors.invalid(
        `The ${kind} "${name}" of ${document.filename} measures nothing to put in the materials list.`,
      );
    const ref = text(found[0]!.name) || name;
    // A room's area is its floor: named by the finish a room finish schedule gives it, the estimate can price it.
    const finish = kind === 'room' ? await this.roomFinish(userId, document, ref, analysis) : undefined;
    return {
      ...base,
      kind,
      ref,
      page: page ?? undefined,
      dimension: measured.dimension,
      name: finish ? roomFinishName(ref, finish.finish) : ref,
      ...(finish ? { category: 'Flooring', finishSource: finish.source } : {}),
      quantity: toDecimal(measured.quantity),
      unit: measured.unit,
    };
  }

  /**
   * The room's floor finish and where it was read. The plan's own document is
   * read first (its schedule sheet); when it holds no room finish schedule at
   * all, the acting user's other analysed documents of the project are (a
   * schedule set, a spreadsheet or a Word file beside the plans), newest
   * first: the first whose room finish schedules have the room's row gives its
   * finish (a revised schedule uploaded beside the old one wins), a code's
   * product read from any of them, that document's first.
   */
  private async roomFinish(
    userId: string,
    document: { id: string; projectId: string; filename: string },
    room: string,
    analysis: Loose,
  ): Promise<{ finish: FloorFinish; source: string } | undefined> {
    const own: PlacedSchedules[] = (Array.isArray(analysis.pages) ? (analysis.pages as Loose[]) : []).flatMap((p) =>
      Array.isArray(p.schedules)
        ? [
            {
              documentId: document.id,
              filename: document.filename,
              page: number(p.number),
              sheet: text(p.sheetNumber) || undefined,
              schedules: p.schedules as Schedule[],
            },
          ]
        : [],
    );
    const schedulesOf = (placed: PlacedSchedules[]) => placed.flatMap((p) => p.schedules);
    // The plan's other rooms: a part of one ("TOILET 145A" of "PATIENT ROOM 145") takes the typical row they name.
    const rooms = (Array.isArray(analysis.rooms) ? (analysis.rooms as Loose[]) : []).map((r) => text(r.name));
    if (roomScheduleRows(schedulesOf(own)).length) return placedFinish(room, own, schedulesOf(own), true, rooms);
    const others = await this.documents.otherDocumentsSchedules(userId, document.projectId, document.id);
    const products = [...schedulesOf(own), ...schedulesOf(others)];
    for (const documentId of new Set(others.map((p) => p.documentId))) {
      const pages = others.filter((p) => p.documentId === documentId);
      if (!roomScheduleRowOf(room, roomScheduleRows(schedulesOf(pages)), rooms)) continue;
      return placedFinish(room, pages, [...schedulesOf(pages), ...products], false, rooms);
    }
    return undefined;
  }
}

/** The room's finish from the room finish schedules of one document's pages, and where it was read. */
function placedFinish(
  room: string,
  pages: PlacedSchedules[],
  products: Schedule[],
  own: boolean,
  rooms: string[],
): { finish: FloorFinish; source: string } | undefined {
  const finish = floorFinishOf(
    room,
    pages.flatMap((p) => p.schedules),
    products,
    rooms,
  );
  if (!finish) return undefined;
  const where = pages.find((p) => p.schedules.some((schedule) => schedule === finish.schedule))!;
  const source = [
    finish.schedule?.title,
    where.filename,
    where.sheet ? `sheet ${where.sheet}` : '',
    `page ${where.page}`,
  ]
    .filter(Boolean)
    .join(', ');
  return { finish, source: own ? source : `${source} (another document of the project)` };
}

/** A page's schedules with the document and page they were read on. */
interface PlacedSchedules {
  documentId: string;
  filename: string;
  page: number;
  sheet?: string;
  schedules: Schedule[];
}

/** The rooms, layers or symbols (blocks) of an analysis, of one page when asked. */
function entries(analysis: Loose, kind: Kind, page: number | undefined): Loose[] {
  const keys = kind === 'room' ? ['rooms'] : kind === 'layer' ? ['layers'] : ['symbols', 'blocks'];
  const list = (owner: Loose) => keys.flatMap((key) => (Array.isArray(owner[key]) ? (owner[key] as Loose[]) : []));
  const pages = Array.isArray(analysis.pages) ? (analysis.pages as Loose[]) : [];
  const onPages = pages.flatMap((p) =>
    page === undefined || Number(p.number) === page ? list(p).map((entry) => ({ page: p.number, ...entry })) : [],
  );
  const drawing = list(analysis).filter(
    (entry) => page === undefined || entry.page === undefined || entry.page === page,
  );
  return [...drawing, ...onPages];
}

/** A room's area, a layer's wall length or length (else its area), a symbol's count: summed over entries of the same name. */
function measureGroup(
  kind: Kind,
  found: Loose[],
): { quantity: number; unit: 'LF' | 'SF' | 'EA'; dimension: 'length' | 'area' | 'count' } | null {
  const sum = (read: (entry: Loose) => number) => found.reduce((total, entry) => total + read(entry), 0);
  if (kind === 'room') {
    const area = sum((room) => number(room.areaSqFt));
    return area > 0 ? { quantity: area, unit: 'SF', dimension: 'area' } : null;
  }
  if (kind === 'layer') {
    // A wall layer's walls each once (its linework draws both faces of each): the length a partition is priced by.
    if (found.every((layer) => number(layer.wallLengthFt) > 0))
      return { quantity: sum((layer) => number(layer.wallLengthFt)), unit: 'LF', dimension: 'length' };
    const length = sum((layer) => number(layer.lengthFt));
    if (length > 0) return { quantity: length, unit: 'LF', dimension: 'length' };
    const area = sum((layer) => number(layer.areaSqFt));
    return area > 0 ? { quantity: area, unit: 'SF', dimension: 'area' } : null;
  }
  const count = sum((symbol) => number(symbol.totalCount) || number(symbol.count));
  return count > 0 ? { quantity: count, unit: 'EA', dimension: 'count' } : null;
}
