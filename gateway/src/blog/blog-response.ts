import type { Post } from '@kerf/contracts/generated/kerf/blog';
import type { BlogPost } from '@kerf/contracts/http';

/** The blog post of libs/contracts/src/http/blog.ts; the pages the gateway renders read it too. */
export type BlogPostResponse = BlogPost;

/**
 * A post for a list (no body) or, with `withContent`, for its own page: the service's
 * names and empty strings become the API's (`generatedByAI`, null).
 */
export function toPostResponse(post: Post, withContent = false): BlogPostResponse {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    ...(withContent ? { content: post.content } : {}),
    excerpt: post.excerpt,
    metaDescription: post.metaDescription || null,
    keywords: post.keywords ?? [],
    seoKeywords: post.seoKeywords ?? [],
    category: post.category,
    tags: post.tags ?? [],
    featuredImage: post.featuredImage ?? null,
    status: post.status,
    publishedAt: post.publishedAt || null,
    scheduledFor: post.scheduledFor || null,
    readingTime: post.readingTime,
    viewCount: post.viewCount,
    generatedByAI: post.generatedByAi,
    authorId: post.authorId ?? null,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}
