import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, jsonForScript } from './html';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** Further tags for <head> (Open Graph, JSON-LD), already escaped. */
  extra?: string[];
}

export interface ServerQuery {
  key: unknown[];
  data: unknown;
}

/** A minimal document when no built app is present (the API-only gateway still answers crawlers). */
const FALLBACK = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Kerf</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The built app's index.html with a page's head tags and first paint put in:
 * title, meta description, canonical link and any extra tags; the page markup
 * inside #root; and the query answers the app should start from. The file is
 * read again when it changes (a rebuild while the gateway runs).
 */
export class HtmlShell {
  private cached?: { mtimeMs: number; html: string };

  constructor(private readonly staticDir: string | undefined) {}

  private template(): string {
    if (!this.staticDir) return FALLBACK;
    const file = join(this.staticDir, 'index.html');
    try {
      const { mtimeMs } = statSync(file);
      if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return this.cached.html;
    } catch {
      return FALLBACK;
    }
  }

  /**
   * The page. `prerendered` marks markup the app's own build rendered
   * (frontend/src/app/prerender.tsx), which the app hydrates rather than replaces.
   */
  render(head: PageHead, body: string, queries: ServerQuery[] = [], prerendered = false): string {
    const tags = [
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
      `<link rel="alternate" type="application/rss+xml" title="Kerf Blog" href="/rss.xml" />`,
      ...(head.extra ?? []),
      ...(queries.length > 0
        ? [`<script type="application/json" id="kerf-data">${jsonForScript({ queries })}</script>`]
        : []),
    ].join('\n    ');
    return this.template()
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
      .replace(/\s*<link\s+rel="canonical"[\s\S]*?\/?>/, '')
      .replace('</head>', () => `    ${tags}\n  </head>`)
      .replace(
        /<div id="root">\s*<\/div>/,
        () => `<div id="root"${prerendered ? ' data-prerendered=""' : ''}>${body}</div>`,
      );
  }
}
