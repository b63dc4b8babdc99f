import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { Project } from '../projects/project.entity';

const ACTIVITY_EVENTS = ['document-uploaded', 'document-deleted', 'message-posted'] as const;
type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

/**
 * A project's updatedAt follows its documents and messages as well as its note,
 * so "most recently updated" is the project the user last worked in. The time
 * is the event's own, and only ever moves forward: a late or repeated event
 * changes nothing.
 */
async function touchProject(event: EventEnvelope<ActivityEvent>, manager: EntityManager): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(Project)
    .set({ updatedAt: () => 'GREATEST(updated_at, :at)' })
    .where('id = :id', { id: event.data.projectId })
    .setParameters({ at: new Date(event.occurredAt) })
    .execute();
}

@Injectable()
export class OnProjectActivityHandler implements EventHandler<ActivityEvent> {
  readonly eventTypes = ACTIVITY_EVENTS;
  handle = touchProject;
}
