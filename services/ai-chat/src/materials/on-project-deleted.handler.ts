import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { Material } from './material.entity';
import { Message } from '../messages/message.entity';

/** A deleted project takes its messages and materials list with it. */
@Injectable()
export class OnProjectDeletedHandler implements EventHandler<'project-deleted'> {
  readonly eventTypes = ['project-deleted'] as const;

  async handle(event: EventEnvelope<'project-deleted'>, manager: EntityManager): Promise<void> {
    await manager.delete(Material, { projectId: event.data.projectId });
    await manager.delete(Message, { projectId: event.data.projectId });
  }
}
