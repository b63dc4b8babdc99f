import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@kerf/platform';
import { AnalyticsService } from '../analytics/analytics.service';
import { PostsRepository } from './posts.repository';

/** Publishes drafts when their scheduledFor time comes, and keeps keyword usage current. */
@Injectable()
export class ScheduledPublisher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(AnalyticsService) private readonly analytics: AnalyticsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** One pass: publish what is due; recount keywords when anything changed (or when forced). */
  async tick(force = false): Promise<void> {
    const published = await this.posts.publishDue();
    if (published.length > 0) this.logger.info({ slugs: published }, 'scheduled blog posts published');
    if (published.length > 0 || force) await this.posts.refreshKeywordUsage();
    await this.analytics.forgetOldVisitors();
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'scheduled publishing failed; will retry'))
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
