import type { TakeoffQuantity } from '@kerf/contracts/generated/kerf/documents';
import { Inject, Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { EventOutbox, RpcErrors, parseRequest, type serviceClient } from '@kerf/platform';
import type { ProjectsServiceClient } from '@kerf/contracts/generated/kerf/projects';
import { Material } from './material.entity';

export const PROJECTS = Symbol('PROJECTS');
type Projects = ReturnType<typeof serviceClient<ProjectsServiceClient>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

const createSchema = z.object({
  projectId: z.string(),
  name: text('Name', 500).min(1, 'Material name is required'),
  quantity,
  unit: text('Unit', 50).min(1, 'Unit is required'),
  category: optionalText('Category', 100),
  notes: optionalText('Notes', 5000),
  source: z.enum(['manual', 'ai'], { error: 'Source must be manual or ai' }).optional().default('manual'),
});
const updateSchema = z.object({
  id: z.string(),
  name: text('Name', 500).min(1, 'Material name is required').optional(),
  quantity: quantity.optional(),
  unit: text('Unit', 50).min(1, 'Unit is required').optional(),
  category: optionalText('Category', 100).optional(),
  notes: optionalText('Notes', 5000).optional(),
});

/** The materials list of a project, scoped to the project's owner. */
@Injectable()
export class MaterialsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(PROJECTS) private readonly projects: Projects,
  ) {}

  /** Projects answers NOT_FOUND for a project that is not the acting user's. */
  private async ownProject(projectId: string): Promise<void> {
    if (!UUID.test(projectId)) throw RpcErrors.notFound('Project not found');
    await this.projects.getProject({ id: projectId });
  }

  async list(userId: string, projectId: string): Promise<Material[]> {
    await this.ownProject(projectId);
    return this.dataSource.getRepository(Material).find({
      where: { projectId, userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async create(userId: string, request: unknown): Promise<Material> {
    const input = parseRequest(createSchema, request);
    await this.ownProject(input.projectId);
    return this.dataSource.transaction(async (manager) => {
      const material = await manager.save(manager.create(Material, { ...input, userId }));
      await this.outbox.add(manager, 'material-added', { materialId: material.id, projectId: material.projectId });
      return material;
    });
  }

  async update(userId: string, request: unknown): Promise<Material> {
    const input = parseRequest(updateSchema, request);
    const repository = this.dataSource.getRepository(Material);
    const material = UUID.test(input.id) ? await repository.findOneBy({ id: input.id, userId }) : null;
    if (!material) throw RpcErrors.notFound('Material not found');
    if (
      (input.quantity !== undefined && Number(input.quantity) !== Number(material.quantity)) ||
      (input.unit !== undefined && input.unit !== material.unit)
    )
      material.edited = true;
    for (const field of ['name', 'quantity', 'unit', 'category', 'notes'] as const)
      if (input[field] !== undefined) (material[field] as string | null) = input[field];
    return repository.save(material);
  }

  async delete(userId: string, id: string): Promise<void> {
    const result = UUID.test(id) ? await this.dataSource.getRepository(Material).delete({ id, userId }) : null;
    if (!result?.affected) throw RpcErrors.notFound('Material not found');
  }

  /** The list as a workbook: the header row, then name, quantity (a number), unit, category, source, notes. */
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
      { header: 'Source', key: 'source', width: 10 },
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
        source: material.source,
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
          notes: null,
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
    createdAt: material.createdAt.toISOString(),
    updatedAt: material.updatedAt.toISOString(),
  };
}
