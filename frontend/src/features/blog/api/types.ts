/** A blog post as the gateway answers it (SPEC §3 blog_posts). Lists leave out `content`. */
export type BlogPost = {
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
};

export type CategoryCount = { category: string; count: number };

/** SPEC §3 "Blog list response". */
export type BlogListResponse = { posts: BlogPost[]; categories: CategoryCount[] };

/** SPEC §9: 12 posts a page; search from 3 characters. */
export const BLOG_PAGE_SIZE = 12;
export const SEARCH_MIN_LENGTH = 3;

/**
 * Published posts change rarely; the server may have put the first answer in
 * the page already. A minute of freshness keeps the page from asking again
 * (and a post from counting a second view) as soon as it is shown.
 */
export const BLOG_STALE_TIME = 60_000;
