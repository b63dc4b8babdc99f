import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface PrerenderedPage {
  title: string;
  description: string;
  html: string;
  /** As rendered for a visitor known to be signed out (older builds lack it). */
  htmlSignedOut?: string;
}

/**
 * The marketing pages the frontend build rendered (frontend/dist/prerendered.json,
 * written by frontend/scripts/prerender.mjs). Read again when the build changes.
 */
export class PrerenderedPages {
  private cached?: { mtimeMs: number; pages: Record<string, PrerenderedPage> };

  constructor(private readonly staticDir: string | undefined) {}

  get(path: string): PrerenderedPage | undefined {
    if (!this.staticDir) return undefined;
    const file = join(this.staticDir, 'prerendered.json');
    try {
      const { mtimeMs } = statSync(file);
      if (this.cached?.mtimeMs !== mtimeMs) {
        this.cached = { mtimeMs, pages: JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPage> };
      }
      return this.cached.pages[path];
    } catch {
      return undefined;
    }
  }
}
