import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EventOutbox, RpcErrors, isId, PROJECTS, type Projects } from '@kerf/platform';
import type { TakeoffItem as TakeoffItemMessage } from '@kerf/contracts/generated/kerf/documents';
import { Document } from '../documents/document.entity';
import { DocumentsService } from '../documents/documents.service';
import { TakeoffItem, type TakeoffKind } from './takeoff-item.entity';
import {
  UNIT_OF,
  checkHoles,
  checkPoints,
  holeProblem,
  isTakeoffKind,
  measure,
  toDecimal,
  tooFewPoints,
  type Point,
} from './takeoff-geometry';
import { pageScale } from './page-scale';

const MAX_NAME = 200;
const MAX_CATEGORY = 100;

export function toTakeoffItemMessage(item: TakeoffItem): TakeoffItemMessage {
  return {
    id: item.id,
    documentId: item.documentId,
    projectId: item.projectId,
    page: item.page,
    kind: item.kind,
    name: item.name,
    category: item.category ?? undefined,
    points: item.points.map(([x, y]) => ({ x, y })),
    holes: (item.holes ?? []).map((ring) => ({ points: ring.map(([x, y]) => ({ x, y })) })),
    quantity: toDecimal(Number(item.quantity)),
    unit: item.unit,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/**
 * Hand takeoff items (issue 17), each measured with its page's scale when it is
 * drawn and again whenever the page's scale changes. Every change is announced
 * as takeoff-item-changed through the outbox, in the same transaction.
 */
@Injectable()
export class TakeoffItemsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly documents: DocumentsService,
    @Inject(PROJECTS) private readonly projects: Projects,
  ) {}

  /** The items of one document, or of every document of a project; another user's is not found. */
  async list(userId: string, filter: { documentId?: string; projectId?: string }): Promise<TakeoffItem[]> {
    const repository = this.dataSource.getRepository(TakeoffItem);
    const order = { createdAt: 'ASC', id: 'ASC' } as const;
    if (filter.documentId) {
      const document = await this.documents.get(userId, filter.documentId);
      return repository.find({ where: { documentId: document.id, userId }, order });
    }
    if (filter.projectId) {
      if (!isId(filter.projectId)) throw RpcErrors.notFound('Project not found');
      await this.projects.getProject({ id: filter.projectId });
      return repository.find({ where: { projectId: filter.projectId, userId }, order });
    }
    throw RpcErrors.invalid('Say whose takeoff items to list: documentId or projectId.');
  }

  async get(userId: string, id: string): Promise<TakeoffItem> {
    const item = isId(id) ? await this.dataSource.getRepository(TakeoffItem).findOneBy({ id, userId }) : null;
    if (!item) throw RpcErrors.notFound('Takeoff item not found');
    return item;
  }

  async create(
    userId: string,
    input: {
      documentId: string;
      page: number;
      kind: string;
      name: string;
      category?: string;
      points: unknown;
      holes?: unknown;
    },
  ): Promise<TakeoffItem> {
    const name = checkName(input.name);
    const category = checkCategory(input.category);
    if (!isTakeoffKind(input.kind)) throw RpcErrors.invalid('kind must be length, area or count.');
    const kind = input.kind;
    const points = checkedPoints(input.points);
    const holes = input.holes === undefined ? [] : checkedHoles(input.holes);
    return this.dataSource.transaction(async (manager) => {
      const document = await this.documents.lockOwned(manager, userId, input.documentId);
      const quantity = await this.measureOn(manager, document, input.page, kind, points, holes);
      const item = await manager.save(
        manager.create(TakeoffItem, {
          id: randomUUID(),
          documentId: document.id,
          projectId: document.projectId,
          userId,
          page: input.page,
          kind,
          name,
          category,
          points,
          holes,
          quantity,
          unit: UNIT_OF[kind],
        }),
      );
      await this.announce(manager, item);
      return manager.findOneByOrFail(TakeoffItem, { id: item.id });
    });
  }

  async update(
    userId: string,
    input: { id: string; name?: string; category?: string; points?: unknown; holes?: unknown },
  ): Promise<TakeoffItem> {
    const name = input.name === undefined ? undefined : checkName(input.name);
    const category = input.category === undefined ? undefined : checkCategory(input.category);
    const points = input.points === undefined ? undefined : checkedPoints(input.points);
    const holes = input.holes === undefined ? undefined : checkedHoles(input.holes);
    return this.dataSource.transaction(async (manager) => {
      const found = isId(input.id) ? await manager.findOneBy(TakeoffItem, { id: input.id, userId }) : null;
      if (!found) throw RpcErrors.notFound('Takeoff item not found');
      // The document first, as a calibration locks it, then the item.
      const document = await this.documents.lockOwned(manager, userId, found.documentId);
      const item = await manager.findOneOrFail(TakeoffItem, {
        where: { id: found.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (name !== undefined) item.name = name;
      if (category !== undefined) item.category = category;
      if (points !== undefined || holes !== undefined) {
        // A new outline keeps the holes it had, so they must still fit inside it.
        const outline = points ?? item.points;
        const cutOut = holes ?? item.holes ?? [];
        item.quantity = await this.measureOn(manager, document, item.page, item.kind, outline, cutOut);
        item.points = outline;
        item.holes = cutOut;
      }
      item.updatedAt = new Date();
      await manager.save(item);
      await this.announce(manager, item);
      return manager.findOneByOrFail(TakeoffItem, { id: item.id });
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const item = isId(id)
        ? await manager.findOne(TakeoffItem, { where: { id, userId }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!item) throw RpcErrors.notFound('Takeoff item not found');
      await manager.delete(TakeoffItem, { id });
      await this.announce(manager, item);
    });
  }

  /**
   * Measures every length and area item of a document again with its page's
   * scale as it is now (a page calibrated, a drawing's units set): called in
   * the transaction that stores the correction, with the document as changed.
   * An item whose page has lost its scale keeps its last quantity.
   */
  async remeasureDocument(manager: EntityManager, document: Document): Promise<void> {
    const items = await manager.find(TakeoffItem, {
      where: { documentId: document.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!items.some((item) => item.kind !== 'count')) return;
    const analysis = await this.storedAnalysis(manager, document.id);
    for (const item of items) {
      if (item.kind === 'count') continue;
      const lookup = pageScale(document, analysis, item.page, item.points);
      if (!lookup.ok || lookup.scale.feetPerPoint === null) continue;
      const quantity = toDecimal(measure(item.kind, item.points, lookup.scale.feetPerPoint, item.holes ?? []));
      if (Number(quantity) === Number(item.quantity)) continue;
      item.quantity = quantity;
      item.updatedAt = new Date();
      await manager.save(item);
      await this.announce(manager, item);
    }
  }

  /** The document's stored analysis, parsed; null before the first. */
  async storedAnalysis(manager: EntityManager, documentId: string): Promise<Record<string, unknown> | null> {
    const [row] = (await manager.query(`SELECT analysis FROM document_analyses WHERE document_id = $1`, [
      documentId,
    ])) as Array<{ analysis: Record<string, unknown> }>;
    return row?.analysis ?? null;
  }

  /** The quantity of `points` less `holes` on the document's page, or a 400 saying why it cannot be measured. */
  private async measureOn(
    manager: EntityManager,
    document: Document,
    page: number,
    kind: TakeoffKind,
    points: Point[],
    holes: Point[][],
  ): Promise<string> {
    const few = tooFewPoints(kind, points);
    if (few) throw RpcErrors.invalid(few);
    const badHoles = holeProblem(kind, points, holes);
    if (badHoles) throw RpcErrors.invalid(badHoles);
    const lookup = pageScale(document, await this.storedAnalysis(manager, document.id), page, points);
    if (!lookup.ok) throw RpcErrors.invalid(lookup.error);
    if (kind === 'count') return toDecimal(points.length);
    if (lookup.scale.feetPerPoint === null)
      throw RpcErrors.invalid(
        `Calibrate this page first: page ${page} of ${document.filename} has no scale, so a ${kind} cannot be measured in feet. ` +
          'Draw a line of known length on it with the Calibrate tool (K) and type its real length; counts need no scale.',
      );
    return toDecimal(measure(kind, points, lookup.scale.feetPerPoint, holes));
  }

  private announce(manager: EntityManager, item: TakeoffItem) {
    return this.outbox.add(manager, 'takeoff-item-changed', {
      itemId: item.id,
      documentId: item.documentId,
      projectId: item.projectId,
    });
  }
}

function checkName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw RpcErrors.invalid('Give the takeoff item a name, for example "Carpet, room 101".');
  if (trimmed.length > MAX_NAME)
    throw RpcErrors.invalid(`A takeoff item's name can be at most ${MAX_NAME} characters.`);
  return trimmed;
}

/** Empty clears it. */
function checkCategory(category: string | undefined): string | null {
  const trimmed = (category ?? '').trim();
  if (trimmed.length > MAX_CATEGORY)
    throw RpcErrors.invalid(`A takeoff item's category can be at most ${MAX_CATEGORY} characters.`);
  return trimmed || null;
}

function checkedPoints(points: unknown): Point[] {
  const checked = checkPoints(points);
  if ('error' in checked) throw RpcErrors.invalid(checked.error);
  return checked.points;
}

function checkedHoles(holes: unknown): Point[][] {
  const checked = checkHoles(holes);
  if ('error' in checked) throw RpcErrors.invalid(checked.error);
  return checked.holes;
}
