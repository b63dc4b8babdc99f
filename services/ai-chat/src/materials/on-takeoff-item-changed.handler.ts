import { Inject, Injectable } from '@nestjs/common';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { Material } from './material.entity';
import { DOCUMENTS, type Documents } from '@kerf/platform';

/**
 * Issue 17: a hand takeoff item changed (its points, or its page recalibrated):
 * the materials sent from it take its new quantity, read from documents as the
 * material's owner, unless the user has edited the quantity by hand. A deleted
 * item leaves its materials as they are; a redelivered event sets the same
 * quantity again.
 */
@Injectable()
export class OnTakeoffItemChangedHandler implements EventHandler<'takeoff-item-changed'> {
  readonly eventTypes = ['takeoff-item-changed'] as const;

  constructor(@Inject(DOCUMENTS) private readonly documents: Documents) {}

  async handle(event: EventEnvelope<'takeoff-item-changed'>, manager: EntityManager): Promise<void> {
    const { itemId, documentId, projectId } = event.data;
    const following = await manager
      .getRepository(Material)
      .createQueryBuilder('m')
      .setLock('pessimistic_write')
      .where(`m.project_id = :projectId AND m.edited = false`, { projectId })
      .andWhere(`m.origin->>'documentId' = :documentId AND m.origin->>'kind' = 'item' AND m.origin->>'ref' = :itemId`, {
        documentId,
        itemId,
      })
      .getMany();
    if (!following.length) return;
    let item;
    try {
      item = await this.documents.getTakeoffItem({ id: itemId }, { userId: following[0]!.userId });
    } catch (error) {
      if ((error as { code?: number }).code === GrpcStatus.NOT_FOUND) return;
      throw error;
    }
    for (const material of following) {
      if (Number(material.quantity) === Number(item.quantity) && material.unit === item.unit) continue;
      material.quantity = item.quantity;
      material.unit = item.unit;
      await manager.save(material);
    }
  }
}
