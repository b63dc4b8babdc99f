import { Inject, Injectable } from '@nestjs/common';
import { DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import { S3_CLIENT, S3_CONFIG, type EventHandler, type S3Config } from '@kerf/platform';
import { Document } from './document.entity';

/**
 * A deleted project takes its documents with it: the stored objects first
 * (a failure retries the event), then the rows, analyses and searchable text.
 */
@Injectable()
export class OnProjectDeletedHandler implements EventHandler<'project-deleted'> {
  readonly eventTypes = ['project-deleted'] as const;

  constructor(
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
  ) {}

  async handle(event: EventEnvelope<'project-deleted'>, manager: EntityManager): Promise<void> {
    const documents = await manager.find(Document, { where: { projectId: event.data.projectId } });
    for (let i = 0; i < documents.length; i += 1000) {
      const batch = documents.slice(i, i + 1000);
      await this.s3.send(
        new DeleteObjectsCommand({
          Bucket: this.s3Config.S3_BUCKET,
          Delete: { Objects: batch.map((document) => ({ Key: document.storageKey })), Quiet: true },
        }),
      );
    }
    await manager.delete(Document, { projectId: event.data.projectId });
  }
}
