import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { BLOG_SERVICE_NAME, type Post, type PostList, type PostPage } from '@kerf/contracts/generated/kerf/blog';
import { PostsService } from './posts.service';
import type { PostRow } from './posts.repository';

const iso = (date: Date | null) => date?.toISOString() ?? '';

function toMessage(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content ?? '',
    excerpt: row.excerpt,
    metaDescription: row.meta_description ?? '',
    keywords: row.keywords,
    seoKeywords: row.seo_keywords,
    category: row.category,
    tags: row.tags,
    featuredImage: row.featured_image ?? undefined,
    status: row.status,
    publishedAt: iso(row.published_at),
    scheduledFor: iso(row.scheduled_for),
    readingTime: row.reading_time,
    viewCount: row.view_count,
    generatedByAi: row.generated_by_ai,
    authorId: row.author_id ?? undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

@Controller()
export class PostsGrpcController {
  constructor(@Inject(PostsService) private readonly posts: PostsService) {}

  @GrpcMethod(BLOG_SERVICE_NAME, 'listPosts')
  async listPosts(request: unknown): Promise<PostPage> {
    const { posts, categories } = await this.posts.listPage(request);
    return { posts: posts.map(toMessage), categories };
  }

  @GrpcMethod(BLOG_SERVICE_NAME, 'searchPosts')
  async searchPosts(request: unknown): Promise<PostList> {
    return { posts: (await this.posts.search(request)).map(toMessage) };
  }

  @GrpcMethod(BLOG_SERVICE_NAME, 'getPost')
  async getPost(request: unknown): Promise<Post> {
    return toMessage(await this.posts.get(request));
  }

  @GrpcMethod(BLOG_SERVICE_NAME, 'listPublished')
  async listPublished(): Promise<PostList> {
    return { posts: (await this.posts.listAllPublic()).map(toMessage) };
  }
}
