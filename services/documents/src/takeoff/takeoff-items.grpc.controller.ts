import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import {
  DOCUMENTS_SERVICE_NAME,
  type CreateTakeoffItemRequest,
  type ListTakeoffItemsRequest,
  type PagePoint,
  type PageRing,
  type ResolveTakeoffQuantityRequest,
  type TakeoffItem,
  type TakeoffItemId,
  type TakeoffItemList,
  type TakeoffQuantity,
  type UpdateTakeoffItemRequest,
} from '@kerf/contracts/generated/kerf/documents';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { TakeoffItemsService, toTakeoffItemMessage } from './takeoff-items.service';
import { TakeoffQuantityService } from './takeoff-quantity.service';
import { actingUserId } from '@kerf/platform';

const toPairs = (points: PagePoint[] | undefined) => (points ?? []).map((point) => [point.x, point.y]);
const toRings = (holes: PageRing[] | undefined) => (holes ?? []).map((ring) => toPairs(ring.points));

@Controller()
export class TakeoffItemsGrpcController {
  constructor(
    private readonly items: TakeoffItemsService,
    private readonly quantities: TakeoffQuantityService,
  ) {}

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'listTakeoffItems')
  async listTakeoffItems(request: ListTakeoffItemsRequest): Promise<TakeoffItemList> {
    const items = await this.items.list(actingUserId(), {
      documentId: request.documentId || undefined,
      projectId: request.projectId || undefined,
    });
    return { items: items.map(toTakeoffItemMessage) };
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'getTakeoffItem')
  async getTakeoffItem(request: TakeoffItemId): Promise<TakeoffItem> {
    return toTakeoffItemMessage(await this.items.get(actingUserId(), request.id ?? ''));
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'createTakeoffItem')
  async createTakeoffItem(request: CreateTakeoffItemRequest): Promise<TakeoffItem> {
    const item = await this.items.create(actingUserId(), {
      documentId: request.documentId ?? '',
      page: request.page ?? 0,
      kind: request.kind ?? '',
      name: request.name ?? '',
      category: request.category,
      points: toPairs(request.points),
      holes: toRings(request.holes),
    });
    return toTakeoffItemMessage(item);
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'updateTakeoffItem')
  async updateTakeoffItem(request: UpdateTakeoffItemRequest): Promise<TakeoffItem> {
    const item = await this.items.update(actingUserId(), {
      id: request.id ?? '',
      name: request.name,
      category: request.category,
      points: request.setPoints ? toPairs(request.points) : undefined,
      holes: request.setHoles ? toRings(request.holes) : undefined,
    });
    return toTakeoffItemMessage(item);
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'deleteTakeoffItem')
  async deleteTakeoffItem(request: TakeoffItemId): Promise<Empty> {
    await this.items.delete(actingUserId(), request.id ?? '');
    return {};
  }

  @GrpcMethod(DOCUMENTS_SERVICE_NAME, 'resolveTakeoffQuantity')
  async resolveTakeoffQuantity(request: ResolveTakeoffQuantityRequest): Promise<TakeoffQuantity> {
    return this.quantities.resolve(actingUserId(), request);
  }
}
