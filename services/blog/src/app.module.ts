import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';
import { BLOG_CONFIG, loadBlogConfig } from './config';
import { BlogPost } from './posts/blog-post.entity';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';
import { PostsGrpcController } from './posts/posts.grpc.controller';
import { ScheduledPublisher } from './posts/scheduled-publisher';
import { BlogAnalytics } from './analytics/blog-analytics.entity';
import { AnalyticsService } from './analytics/analytics.service';
import { SeoKeyword } from './keywords/seo-keyword.entity';
import { ContentImportService } from './content/content-import.service';
import { BlogLifecycle } from './blog.lifecycle';
import { CreateBlog1763800700000 } from './migrations/1763800700000-create-blog';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'blog',
      entities: [BlogPost, BlogAnalytics, SeoKeyword],
      migrations: [CreateBlog1763800700000],
    }),
  ],
  controllers: [PostsGrpcController],
  providers: [
    { provide: BLOG_CONFIG, useFactory: loadBlogConfig },
    PostsRepository,
    PostsService,
    AnalyticsService,
    ScheduledPublisher,
    ContentImportService,
    BlogLifecycle,
  ],
})
export class AppModule {}
