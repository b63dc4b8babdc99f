import type { Post } from '@kerf/contracts/generated/kerf/blog';

/** SPEC §3 blog_posts as the screens read it. */
export interface BlogPostResponse {
  id: string;
  title: string;
  slug: string;
  content?: string;
  excerpt: string;
  metaDescription: string | null;
  keywords: string[];
  seoKeywords: string[];
  category: string;
  tags: string[];
  featuredImage: string | null;
  status: string;
  publishedAt: string | null;
  scheduledFor: string | null;
  readingTime: number;
  viewCount: number;
  generatedByAI: boolean;
  authorId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A post for a list (no body) or, with `withContent`, for its own page. */
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
