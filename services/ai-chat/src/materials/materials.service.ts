import type { TakeoffQuantity } from '@kerf/contracts/generated/kerf/documents';
import { Inject, Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { DataSource, In, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { EventOutbox, RpcErrors, parseRequest, isId, PROJECTS, type Projects } from '@kerf/platform';
import type { QuantityOrigin } from '@kerf/contracts/generated/kerf/ai-chat';
import { extractMaterials, normalizeUnit, notAMaterial, originKey } from '@kerf/takeoff';
import { Material } from './material.entity';

/** A non-negative decimal with at most 4 places, as a string: "12", "0.5", "1250.25". */
const quantity = z
  .string({ error: 'Quantity must be a number' })
  .trim()
  .transform((value) => value.replaceAll(',', ''))
  .refine(
    (value) => /^\d{1,14}(\.\d{1,4})?$/.test(value),
    'Quantity must be a number of 0 or more, with at most 4 decimals',
  );
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  text(field, max)
    .optional()
    .transform((value) => (value ? value : null));

const ORIGIN_KINDS = ['layer', 'block', 'room', 'page', 'symbol', 'item', 'text', 'schedule', 'sheet'] as const;
const DIMENSIONS = ['length', 'area', 'volume', 'count', 'weight', 'other'] as const;
/** Where a quantity came from; the wire leaves out what is not set. */
const originSchema = z
  .object(
    {
      documentId: z.string().refine(isId, 'origin.documentId must be a document id').optional(),
      documentName: text('origin.documentName', 500).optional(),
      revision: z.number().int().min(1).optional(),
      kind: z.enum(ORIGIN_KINDS, { error: `origin.kind must be one of ${ORIGIN_KINDS.join(', ')}` }).optional(),
      ref: text('origin.ref', 500).optional(),
      page: z.number().int().min(1).optional(),
      dimension: z.enum(DIMENSIONS, { error: `origin.dimension must be one of ${DIMENSIONS.join(', ')}` }).optional(),
    },
    { error: 'origin must be an object' },
  )
  .transform((origin) => Object.fromEntries(Object.entries(origin).filter(([, v]) => v !== undefined && v !== '')));
const status = z.enum(['kept', 'proposed'], { error: 'Status must be kept or proposed' });

const createSchema = z.object({
  projectId: z.string(),
  name: text('Name', 500).min(1, 'Material name is required'),
  quantity,
  unit: text('Unit', 50).min(1, 'Unit is required'),
  category: optionalText('Category', 100),
  notes: optionalText('Notes', 5000),
  source: z.enum(['manual', 'ai'], { error: 'Source must be manual or ai' }).optional().default('manual'),
  origin: originSchema.nullish().transform((origin) => (origin && Object.keys(origin).length ? origin : null)),
  status: status.optional(),
});
const updateSchema = z.object({
  id: z.string(),
  name: text('Name', 500).min(1, 'Material name is required').optional(),
  quantity: quantity.optional(),
  unit: text('Unit', 50).min(1, 'Unit is required').optional(),
  category: optionalText('Category', 100).optional(),
  notes: optionalText('Notes', 5000).optional(),
  status: status.optional(),
});

/** A quantity of a reply as the assistant stored it in the message's metadata. */
export interface ReplyQuantity {
  description: string;
  quantity: number;
  unit: string;
  origin?: QuantityOrigin | null;
  /** Present when the quantity is a building material: the name and category to propose it under. */
  material?: { name: string; category: string };
}

/** "12.3456789" → "12.3457": the column keeps 4 decimals. */
const decimal = (value: number) => String(Math.round(value * 10_000) / 10_000);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const nameKey = (name: string, unit: string) => `${name.trim().toLowerCase()}|${normalizeUnit(unit) ?? unit.trim()}`;

/** The materials list of a project, scoped to the project's owner. */
/** How the assistant names a room's figure when no finish was asked for: "BEDROOM 2 room area", "BATH perimeter". */
const BARE_ROOM_FIGURE = / (?:room area|perimeter)$/;

@Injectable()
export class MaterialsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(PROJECTS) private readonly projects: Projects,
  ) {}

  /** Projects answers NOT_FOUND for a project that is not the acting user's. */
  private async ownProject(projectId: string): Promise<void> {
    if (!isId(projectId)) throw RpcErrors.notFound('Project not found');
    await this.projects.getProject({ id: projectId });
  }

  async list(userId: string, projectId: string): Promise<Material[]> {
    await this.ownProject(projectId);
    return this.dataSource.getRepository(Material).find({
      where: { projectId, userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * Adds a material; one whose origin a material of the project already has is
   * that material (the server is the authority on duplicates): its quantity
   * follows (unless edited by hand), and a 'kept' request keeps it.
   */
  async create(userId: string, request: unknown): Promise<Material> {
    const input = parseRequest(createSchema, request);
    await this.ownProject(input.projectId);
    const { origin, status: wanted, ...fields } = input;
    return this.dataSource.transaction(async (manager) => {
      await this.lockProject(manager, input.projectId);
      const key = originKey(origin);
      const existing = key
        ? (await this.materialsWithOrigin(manager, input.projectId)).find((m) => originKey(m.origin) === key)
        : undefined;
      if (existing) {
        this.follow(existing, fields.quantity, origin as QuantityOrigin);
        if (wanted === 'kept') existing.status = 'kept';
        return manager.save(existing);
      }
      const material = await manager.save(
        manager.create(Material, {
          ...fields,
          userId,
          origin: origin as QuantityOrigin | null,
          status: wanted ?? 'kept',
        }),
      );
      await this.outbox.add(manager, 'material-added', { materialId: material.id, projectId: material.projectId });
      return material;
    });
  }

  async update(userId: string, request: unknown): Promise<Material> {
    const input = parseRequest(updateSchema, request);
    const repository = this.dataSource.getRepository(Material);
    const material = isId(input.id) ? await repository.findOneBy({ id: input.id, userId }) : null;
    if (!material) throw RpcErrors.notFound('Material not found');
    if (
      (input.quantity !== undefined && Number(input.quantity) !== Number(material.quantity)) ||
      (input.unit !== undefined && input.unit !== material.unit)
    )
      material.edited = true;
    if (input.name !== undefined && input.name !== material.name) material.nameEdited = true;
    for (const field of ['name', 'quantity', 'unit', 'category', 'notes'] as const)
      if (input[field] !== undefined) (material[field] as string | null) = input[field];
    if (input.status) material.status = input.status;
    return repository.save(material);
  }

  /** Keeps the named proposed materials, or all of the project's when none are named; answers the list. */
  async keep(userId: string, request: { projectId?: string; ids?: string[] }): Promise<Material[]> {
    const projectId = request.projectId ?? '';
    await this.ownProject(projectId);
    const ids = (request.ids ?? []).filter(isId);
    if ((request.ids ?? []).length && !ids.length) throw RpcErrors.notFound('Material not found');
    await this.dataSource
      .getRepository(Material)
      .update({ projectId, userId, status: 'proposed', ...(ids.length ? { id: In(ids) } : {}) }, { status: 'kept' });
    return this.list(userId, projectId);
  }

  /**
   * The materials a reply stands for, proposed in the same transaction that
   * stores the reply: one per origin (asking again updates it; the same doors
   * asked for by another name are the same block), none for what is not a
   * building material. A model's reply without structured quantities (free
   * text) falls back to SPEC §9's extraction, de-duplicated by name and unit;
   * the local assistant's quantities are all it states, so a listing of what
   * the documents hold (every layer's linework) proposes nothing.
   */
  async propose(
    manager: EntityManager,
    userId: string,
    projectId: string,
    reply: { content: string; quantities: ReplyQuantity[]; provider?: string },
  ): Promise<void> {
    const candidates: Array<{
      name: string;
      category: string;
      quantity: number;
      unit: string;
      origin: QuantityOrigin | null;
    }> = reply.quantities.length
      ? reply.quantities.flatMap((q) =>
          q.material
            ? [{ ...q.material, quantity: q.quantity, unit: q.unit, origin: q.origin?.documentId ? q.origin : null }]
            : [],
        )
      : reply.provider === 'local'
        ? []
        : extractMaterials(reply.content)
            .map((m) => ({ ...m, quantity: Number(m.quantity), origin: null }))
            .filter((m) => !notAMaterial(m));
    if (!candidates.length) return;
    await this.lockProject(manager, projectId);
    const existing = await manager.find(Material, { where: { projectId, userId } });
    const byOrigin = new Map(
      existing.flatMap((m) => (originKey(m.origin) ? [[originKey(m.origin)!, m] as const] : [])),
    );
    const byName = new Map(existing.map((m) => [nameKey(m.name, m.unit), m]));
    const seen = new Set<string>();
    // One transaction stamps every row with the same now(): a millisecond apart, they list in the reply's order.
    const at = Date.now();
    for (const [index, candidate] of candidates.entries()) {
      const key = originKey(candidate.origin) ?? `name:${nameKey(candidate.name, candidate.unit)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const same = candidate.origin ? byOrigin.get(key) : byName.get(nameKey(candidate.name, candidate.unit));
      if (same) {
        if (candidate.origin) {
          this.follow(same, decimal(candidate.quantity), candidate.origin);
          // A room's bare area or perimeter, proposed before its finish was asked for, takes the finish's name
          // ("BEDROOM 2 room area" becomes "Carpet, BEDROOM 2"): it is one figure, now priced as what is laid.
          if (!same.nameEdited && BARE_ROOM_FIGURE.test(same.name) && !BARE_ROOM_FIGURE.test(candidate.name)) {
            same.name = candidate.name.slice(0, 500);
            same.category = candidate.category ?? same.category;
          }
          await manager.save(same);
        }
        continue;
      }
      const material = await manager.save(
        manager.create(Material, {
          projectId,
          userId,
          name: candidate.name.slice(0, 500),
          quantity: decimal(candidate.quantity),
          unit: candidate.unit,
          category: candidate.category,
          notes: null,
          source: 'ai',
          origin: candidate.origin,
          status: 'proposed',
          createdAt: new Date(at + index),
        }),
      );
      if (candidate.origin) byOrigin.set(key, material);
      else byName.set(nameKey(material.name, material.unit), material);
      await this.outbox.add(manager, 'material-added', { materialId: material.id, projectId });
    }
  }

  /** A material meets its origin again: the quantity follows unless the user edited it, and the revision is the newer. */
  private follow(material: Material, quantity: string, origin: QuantityOrigin | null): void {
    if (!material.edited) material.quantity = quantity;
    if (origin)
      material.origin = {
        ...material.origin,
        ...origin,
        revision: Math.max(material.origin?.revision ?? 1, origin.revision ?? 1),
      };
  }

  /** One writer of a project's materials at a time, so two replies cannot both add the same origin. */
  private async lockProject(manager: EntityManager, projectId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`materials:${projectId}`]);
  }

  private materialsWithOrigin(manager: EntityManager, projectId: string): Promise<Material[]> {
    return manager
      .getRepository(Material)
      .createQueryBuilder('m')
      .where('m.project_id = :projectId AND m.origin IS NOT NULL', { projectId })
      .getMany();
  }

  async delete(userId: string, id: string): Promise<void> {
    const result = isId(id) ? await this.dataSource.getRepository(Material).delete({ id, userId }) : null;
    if (!result?.affected) throw RpcErrors.notFound('Material not found');
  }

  /**
   * The list as a workbook: the header row, then name, quantity (a number),
   * unit, category, source (the document and the layer, block, room or page the
   * quantity came from), status, added by (manual or ai) and notes.
   */
  async export(userId: string, projectId: string): Promise<{ filename: string; content: Buffer }> {
    const materials = await this.list(userId, projectId);
    const { name: projectName } = await this.projects.getProject({ id: projectId });
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'Kerf';
    const sheet = workbook.addWorksheet('Materials');
    sheet.columns = [
      { header: 'Name', key: 'name', width: 40 },
      { header: 'Quantity', key: 'quantity', width: 14, style: { numFmt: '#,##0.####' } },
      { header: 'Unit', key: 'unit', width: 10 },
      { header: 'Category', key: 'category', width: 18 },
      { header: 'Source', key: 'source', width: 48 },
      { header: 'Status', key: 'status', width: 10 },
      { header: 'Added by', key: 'addedBy', width: 10 },
      { header: 'Notes', key: 'notes', width: 50 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const material of materials)
      sheet.addRow({
        name: material.name,
        quantity: Number(material.quantity),
        unit: material.unit,
        category: material.category,
        source: describeOrigin(material.origin) || null,
        status: material.status,
        addedBy: material.source,
        notes: material.notes,
      });
    const safe =
      (projectName ?? 'project')
        .replace(/[^\w -]+/g, '')
        .trim()
        .replace(/\s+/g, '-') || 'project';
    return { filename: `${safe}-materials.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }

  /**
   * Issue 17: a takeoff quantity (a hand takeoff item, or a room, layer or
   * symbol group) into the materials list, as the documents service measured it
   * for the acting user (so the document and project are theirs): the material
   * with the same origin (document, kind, ref, page) is updated (its quantity
   * only while the user has not edited it by hand), else one is created; either
   * way it is kept and its source is takeoff.
   */
  async upsertFromTakeoff(userId: string, taken: TakeoffQuantity): Promise<Material> {
    const origin: NonNullable<Material['origin']> = {
      documentId: taken.documentId,
      documentName: taken.documentName,
      ...(taken.revision ? { revision: taken.revision } : {}),
      kind: taken.kind,
      ref: taken.ref,
      ...(taken.page ? { page: taken.page } : {}),
      dimension: taken.dimension,
    };
    return this.dataSource.transaction(async (manager) => {
      // One writer of a project's materials at a time: a double click makes one material.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`materials:${taken.projectId}`]);
      const existing = await manager
        .getRepository(Material)
        .createQueryBuilder('m')
        .where(`m.project_id = :projectId AND m.user_id = :userId`, { projectId: taken.projectId, userId })
        .andWhere(`m.origin->>'documentId' = :documentId AND m.origin->>'kind' = :kind`, origin)
        .andWhere(`lower(m.origin->>'ref') = lower(:ref)`, origin)
        .andWhere(`coalesce(m.origin->>'page', '') = :page`, { page: taken.page ? String(taken.page) : '' })
        .orderBy('m.created_at')
        .getOne();
      if (existing) {
        if (!existing.edited) Object.assign(existing, { quantity: taken.quantity, unit: taken.unit });
        followRoomFinish(existing, taken);
        Object.assign(existing, { origin: { ...existing.origin, ...origin }, source: 'takeoff', status: 'kept' });
        return manager.save(existing);
      }
      const material = await manager.save(
        manager.create(Material, {
          projectId: taken.projectId,
          userId,
          name: taken.name.slice(0, 500),
          quantity: taken.quantity,
          unit: taken.unit,
          category: taken.category?.slice(0, 100) || null,
          notes: finishNote(taken),
          source: 'takeoff',
          origin,
          status: 'kept',
        }),
      );
      await this.outbox.add(manager, 'material-added', { materialId: material.id, projectId: material.projectId });
      return material;
    });
  }
}

/** What a room material's notes say of where its finish was read, so the estimator can check it. */
const FINISH_NOTE = 'Floor finish read from ';
const finishNote = (taken: Pick<TakeoffQuantity, 'kind' | 'finishSource'>) =>
  taken.kind === 'room' && taken.finishSource ? `${FINISH_NOTE}${taken.finishSource}.`.slice(0, 5000) : null;

/**
 * A room material meets its room again (sent again, or its document
 * re-analysed): unless the user renamed it by hand, it takes the name the room
 * finish schedule gives the room now ("Broadloom carpet (CPT-1), PATIENT ROOM
 * 145"; the room's own name when no schedule gives a finish any more), and its
 * notes say where that finish was read unless the user wrote other notes.
 * True when it changed.
 */
export function followRoomFinish(material: Material, taken: TakeoffQuantity): boolean {
  if (taken.kind !== 'room' || material.nameEdited) return false;
  // A line added by hand or by an answer, with the room as origin, keeps its name unless it is the room's.
  if (material.source !== 'takeoff' && !sameName(material.name, taken.ref)) return false;
  const before = [material.name, material.category, material.notes].join('\u0000');
  material.name = taken.name.slice(0, 500);
  if (taken.finishSource) material.category ??= taken.category?.slice(0, 100) || null;
  if (material.notes === null || (material.notes.startsWith(FINISH_NOTE) && !material.notes.includes('\n')))
    material.notes = finishNote(taken);
  return [material.name, material.category, material.notes].join('\u0000') !== before;
}

/** A material as the wire carries it: the quantity without trailing zeros ("12.5000" → "12.5"). */
export function toMaterialMessage(material: Material) {
  return {
    id: material.id,
    projectId: material.projectId,
    name: material.name,
    quantity: material.quantity.includes('.') ? material.quantity.replace(/\.?0+$/, '') : material.quantity,
    unit: material.unit,
    notes: material.notes ?? undefined,
    category: material.category ?? undefined,
    source: material.source,
    origin: material.origin ?? undefined,
    status: material.status,
    edited: material.edited,
    createdAt: material.createdAt.toISOString(),
    updatedAt: material.updatedAt.toISOString(),
  };
}

/** "plan.dxf, layer A-WALL", "specs.pdf, page 3, DOOR SCHEDULE": where a quantity came from, as a person reads it. */
export function describeOrigin(origin: QuantityOrigin | null): string {
  if (!origin) return '';
  const place =
    origin.kind && origin.ref
      ? ['text', 'item'].includes(origin.kind)
        ? origin.ref
        : `${origin.kind} ${origin.ref}`
      : '';
  return [
    origin.documentName ?? origin.documentId,
    origin.page !== undefined && origin.kind !== 'page' ? `page ${origin.page}` : '',
    place,
    origin.revision && origin.revision > 1 ? `revision ${origin.revision}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
