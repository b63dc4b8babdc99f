import { resolve } from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@kerf/platform';

/** services/blog/content, from the compiled dist/src/config.js. */
const DEFAULT_CONTENT_DIR = resolve(__dirname, '../../content');

/** The blog's own variables, beside the platform's. */
export const blogConfigSchema = z.object({
  /** Folder of Markdown articles imported at start. */
  BLOG_CONTENT_DIR: z.string().min(1).default(DEFAULT_CONTENT_DIR),
  /** How often drafts whose scheduled time has come are published, in ms. */
  BLOG_PUBLISH_INTERVAL_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(100).default(30_000),
});

export type BlogConfig = z.infer<typeof blogConfigSchema>;
export const BLOG_CONFIG = Symbol('BLOG_CONFIG');

export function loadBlogConfig(): BlogConfig {
  return loadConfig(blogConfigSchema);
}
