import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@kerf/platform';
import { PostsRepository } from '../posts/posts.repository';
import { ContentFileError, parseArticle } from './markdown';

export interface ImportSummary {
  inserted: string[];
  updated: string[];
  unchanged: number;
  failed: Array<{ file: string; error: string }>;
}

/**
 * Imports the Markdown articles of the content folder into blog_posts, by slug:
 * a new file adds a post, an edited file updates its post, an unchanged file
 * writes nothing. A file that cannot be read is logged with the reason and
 * skipped; the others still import. Posts whose file was removed stay as they are.
 */
@Injectable()
export class ContentImportService {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async importFolder(dir: string): Promise<ImportSummary> {
    const summary: ImportSummary = { inserted: [], updated: [], unchanged: 0, failed: [] };
    let files: string[];
    try {
      files = (await readdir(dir)).filter((name) => name.toLowerCase().endsWith('.md')).sort();
    } catch (error) {
      this.logger.warn({ dir, err: error }, 'blog content folder not readable; nothing imported');
      return summary;
    }
    const seen = new Map<string, string>();
    for (const file of files) {
      try {
        const source = parseArticle(await readFile(join(dir, file), 'utf8'), file);
        const other = seen.get(source.slug);
        if (other) throw new ContentFileError(`slug ${source.slug} is already used by ${other}`);
        seen.set(source.slug, file);
        const outcome = await this.posts.upsertFromSource(source, file);
        if (outcome === 'unchanged') summary.unchanged += 1;
        else summary[outcome].push(source.slug);
      } catch (error) {
        if (!(error instanceof ContentFileError)) throw error;
        summary.failed.push({ file, error: error.message });
        this.logger.error({ file, reason: error.message }, `blog content file skipped: ${file}: ${error.message}`);
      }
    }
    this.logger.info(
      {
        dir,
        inserted: summary.inserted.length,
        updated: summary.updated.length,
        unchanged: summary.unchanged,
        failed: summary.failed.length,
      },
      'blog content imported',
    );
    return summary;
  }
}
