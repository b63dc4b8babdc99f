import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { BLOG_CONFIG, type BlogConfig } from './config';
import { ContentImportService } from './content/content-import.service';
import { ScheduledPublisher } from './posts/scheduled-publisher';

/**
 * At start, before the service answers: import the content folder, publish what
 * is due, recount keywords; then publish scheduled posts as their time comes.
 */
@Injectable()
export class BlogLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(BLOG_CONFIG) private readonly config: BlogConfig,
    @Inject(ContentImportService) private readonly importer: ContentImportService,
    @Inject(ScheduledPublisher) private readonly publisher: ScheduledPublisher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.importer.importFolder(this.config.BLOG_CONTENT_DIR);
    await this.publisher.tick(true);
    this.publisher.start(this.config.BLOG_PUBLISH_INTERVAL_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.publisher.stop();
  }
}
