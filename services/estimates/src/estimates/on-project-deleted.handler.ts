import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { EstimatesService } from './estimates.service';

/** A deleted project takes its estimates and their PDF and XLSX files with it (idempotent). */
@Injectable()
export class OnProjectDeletedHandler implements EventHandler<'project-deleted'> {
  readonly eventTypes = ['project-deleted'] as const;

  constructor(@Inject(EstimatesService) private readonly estimates: EstimatesService) {}

  handle(event: EventEnvelope<'project-deleted'>, manager: EntityManager): Promise<void> {
    return this.estimates.deleteForProject(event.data.projectId, manager);
  }
}
