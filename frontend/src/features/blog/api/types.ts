import type { BlogList, BlogPost, CategoryCount } from '@kerf/contracts/http';

/** A blog post as the gateway answers it (docs/spec.md §3 blog_posts); lists leave out `content`. */
export type { BlogPost, CategoryCount };

/** docs/spec.md §3 "Blog list response". */
export type BlogListResponse = BlogList;

/** SPEC §9: 12 posts a page; search from 3 characters. */
export const BLOG_PAGE_SIZE = 12;
export const SEARCH_MIN_LENGTH = 3;

/**
 * Published posts change rarely; the server may have put the first answer in
 * the page already. A minute of freshness keeps the page from asking again
 * (and a post from counting a second view) as soon as it is shown.
 */
export const BLOG_STALE_TIME = 60_000;
