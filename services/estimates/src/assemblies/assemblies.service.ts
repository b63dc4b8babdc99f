import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { RpcErrors, parseRequest, actingUserId, isId } from '@kerf/platform';
import { UserAssembly } from './user-assembly.entity';
import { PriceMappingRow } from './price-mapping.entity';
import type { Assembly } from '../engine/assembly';
import { STARTER_ASSEMBLIES } from '../engine/starter-assemblies';
import { normalizeUnit } from '@kerf/takeoff';
import { classify } from '../engine/concepts';
import type { PriceMapping } from '../engine/matching';

export const MAX_ASSEMBLIES = 500;

const decimal = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a number` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, `${field} must be a number (at most 6 decimals)`)
    .refine((v) => Number(v) <= max, `${field} must be at most ${max}`);

const component = z.object({
  name: z.string({ error: 'Each component needs a name' }).trim().min(1, 'Each component needs a name').max(200),
  unit: z.string({ error: 'Each component needs a unit' }).trim().min(1, 'Each component needs a unit').max(20),
  perUnit: decimal('Quantity per unit', 1_000_000).refine((v) => Number(v) > 0, 'Quantity per unit must be above 0'),
  wastePercent: decimal('Waste', 100),
  materialCost: decimal('Material cost', 10_000_000),
  laborHours: decimal('Labour hours', 10_000),
  equipmentCost: decimal('Equipment cost', 10_000_000),
});

const saveSchema = z.object({
  id: z.string().default(''),
  name: z.string({ error: 'Assembly name is required' }).trim().min(1, 'Assembly name is required').max(200),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  division: z.string().trim().max(100).default(''),
  unit: z
    .string({ error: 'Unit is required' })
    .trim()
    .refine(
      (u) => !!normalizeUnit(u),
      'Unit must be a length, area, volume, weight or count unit (ft, sq ft, cu yd, lb, each…)',
    ),
  keywords: z.string().trim().max(500).default(''),
  components: z
    .array(component, { error: 'components must be a list' })
    .min(1, 'An assembly needs at least one component')
    .max(50, 'An assembly holds at most 50 components'),
});

function toAssembly(row: UserAssembly): Assembly {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    division: row.division,
    unit: row.unit,
    keywords: row.keywords,
    components: row.components,
  };
}

/** The kinds of thing an assembly prices, as the matcher reads them. */
export const kindsOf = (a: Assembly) =>
  a.kinds?.length ? a.kinds : [classify(a.name)?.concept.id ?? classify(a.keywords ?? '')?.concept.id].filter(Boolean);

@Injectable()
export class AssembliesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async userAssemblies(userId: string): Promise<(Assembly & { updatedAt: Date })[]> {
    const rows = await this.dataSource
      .getRepository(UserAssembly)
      .find({ where: { userId }, order: { name: 'ASC', id: 'ASC' } });
    return rows.map((r) => ({ ...toAssembly(r), updatedAt: r.updatedAt }));
  }

  /** The starter library, then the user's own. */
  async list() {
    const userId = actingUserId();
    return {
      starter: STARTER_ASSEMBLIES,
      own: await this.userAssemblies(userId),
    };
  }

  async create(request: unknown) {
    const userId = actingUserId();
    const input = parseRequest(saveSchema, request);
    const count = await this.dataSource.getRepository(UserAssembly).countBy({ userId });
    if (count >= MAX_ASSEMBLIES) throw RpcErrors.invalid(`You can keep at most ${MAX_ASSEMBLIES} assemblies.`);
    const id = randomUUID();
    const row = this.dataSource.getRepository(UserAssembly).create({
      id,
      userId,
      code: `U-${id.slice(0, 8).toUpperCase()}`,
      name: input.name,
      description: input.description,
      division: input.division || 'Your assemblies',
      unit: normalizeUnit(input.unit)!,
      keywords: input.keywords,
      components: input.components,
      updatedAt: new Date(),
    });
    const saved = await this.dataSource.getRepository(UserAssembly).save(row);
    return { ...toAssembly(saved), updatedAt: saved.updatedAt };
  }

  async update(request: unknown) {
    const userId = actingUserId();
    const input = parseRequest(saveSchema, request);
    const repo = this.dataSource.getRepository(UserAssembly);
    const row = isId(input.id) ? await repo.findOneBy({ id: input.id, userId }) : null;
    if (!row) throw RpcErrors.notFound('Assembly not found');
    Object.assign(row, {
      name: input.name,
      description: input.description,
      division: input.division || row.division,
      unit: normalizeUnit(input.unit)!,
      keywords: input.keywords,
      components: input.components,
      updatedAt: new Date(),
    });
    const saved = await repo.save(row);
    return { ...toAssembly(saved), updatedAt: saved.updatedAt };
  }

  async delete(id: string) {
    const userId = actingUserId();
    const result = isId(id) ? await this.dataSource.getRepository(UserAssembly).delete({ id, userId }) : undefined;
    if (!result?.affected) throw RpcErrors.notFound('Assembly not found');
  }

  async mappingsFor(userId: string): Promise<PriceMapping[]> {
    const rows = await this.dataSource.getRepository(PriceMappingRow).findBy({ userId });
    return rows.map((r) => ({
      sourceKey: r.sourceKey,
      targetKind: r.targetKind,
      targetCode: r.targetCode,
      targetName: r.targetName,
    }));
  }

  async listMappings() {
    const userId = actingUserId();
    return this.dataSource
      .getRepository(PriceMappingRow)
      .find({ where: { userId }, order: { updatedAt: 'DESC', id: 'ASC' } });
  }

  /** Remembers (or changes) the user's choice for a source. */
  async remember(userId: string, mapping: PriceMapping & { targetName: string }) {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(PriceMappingRow)
      .values({ userId, ...mapping, updatedAt: new Date() })
      .orUpdate(['target_kind', 'target_code', 'target_name', 'updated_at'], ['user_id', 'source_key'])
      .execute();
  }

  async deleteMapping(id: string) {
    const userId = actingUserId();
    const result = isId(id) ? await this.dataSource.getRepository(PriceMappingRow).delete({ id, userId }) : undefined;
    if (!result?.affected) throw RpcErrors.notFound('Remembered choice not found');
  }
}
