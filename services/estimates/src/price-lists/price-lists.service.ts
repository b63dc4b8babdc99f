import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { priceListFormat, priceListName } from '@kerf/contracts/http';
import { RpcErrors, parseRequest, actingUserId, isId } from '@kerf/platform';
import { PriceList } from './price-list.entity';
import { MAX_ITEMS, parseCsv, rowsToItems, validateItem, xlsxToRows } from './import';
import type { PriceItem } from '../engine/catalogue';

// The name and format as the /api contract words them (libs/contracts/src/http/price-lists.ts).
const name = priceListName;
const item = z.object({
  code: z.string().optional(),
  division: z.string().optional(),
  name: z.string().optional(),
  unit: z.string().optional(),
  materialCost: z.string().optional(),
  laborHours: z.string().optional(),
  equipmentCost: z.string().optional(),
});
const createSchema = z.object({
  name,
  format: priceListFormat,
  content: z.instanceof(Uint8Array).optional(),
  items: z.array(item).max(MAX_ITEMS, `A price list holds at most ${MAX_ITEMS} items.`).default([]),
});
const updateSchema = z.object({
  id: z.string(),
  name: name.optional(),
  replaceItems: z.boolean().default(false),
  items: z.array(item).max(MAX_ITEMS, `A price list holds at most ${MAX_ITEMS} items.`).default([]),
});

@Injectable()
export class PriceListsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(): Promise<PriceList[]> {
    return this.dataSource
      .getRepository(PriceList)
      .find({ where: { userId: actingUserId() }, order: { createdAt: 'DESC' } });
  }

  async create(request: unknown): Promise<PriceList> {
    const userId = actingUserId();
    const input = parseRequest(createSchema, request);
    let items: PriceItem[];
    if (input.format === 'items') items = input.items.map((i, n) => validateItem(i, n + 1));
    else {
      if (!input.content?.length) throw RpcErrors.invalid('Choose a CSV or XLSX file to import.');
      const rows = input.format === 'csv' ? parseCsv(input.content) : await xlsxToRows(input.content);
      items = rowsToItems(rows);
    }
    const repo = this.dataSource.getRepository(PriceList);
    return repo.save(repo.create({ userId, name: input.name, items }));
  }

  async update(request: unknown): Promise<PriceList> {
    const input = parseRequest(updateSchema, request);
    const list = await this.owned(input.id);
    if (input.name !== undefined) list.name = input.name;
    if (input.replaceItems) list.items = input.items.map((i, n) => validateItem(i, n + 1));
    list.updatedAt = new Date();
    return this.dataSource.getRepository(PriceList).save(list);
  }

  async delete(id: string): Promise<void> {
    const list = await this.owned(id);
    await this.dataSource.getRepository(PriceList).delete({ id: list.id });
  }

  private async owned(id: string): Promise<PriceList> {
    const userId = actingUserId();
    const list = isId(id) ? await this.dataSource.getRepository(PriceList).findOneBy({ id, userId }) : null;
    if (!list) throw RpcErrors.notFound('Price list not found');
    return list;
  }
}
