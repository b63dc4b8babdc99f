import { Injectable } from '@nestjs/common';
import type { EventHandler } from '@kerf/platform';
import { AnalysisQueue } from './analysis-queue';

/**
 * document-uploaded starts the analysis. The upload stored the document as
 * pending in the same transaction as the event, so the queue finds it; the
 * event only wakes the queue now rather than at its next poll.
 */
@Injectable()
export class OnDocumentUploadedHandler implements EventHandler<'document-uploaded'> {
  readonly eventType = 'document-uploaded' as const;

  constructor(private readonly queue: AnalysisQueue) {}

  async handle(): Promise<void> {
    setImmediate(() => this.queue.wake());
  }
}
