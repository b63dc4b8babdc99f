import { createHash } from 'node:crypto';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Bump when rendering or sanitising changes, so every imported post is rendered again. */
export const RENDER_VERSION = '1';

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const WORDS_PER_MINUTE = 200;

const list = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: 'expected a list' })
  .transform((value) => [
    ...new Set((Array.isArray(value) ? value.map(String) : value.split(',')).map((v) => v.trim()).filter(Boolean)),
  ]);

const frontMatterSchema = z.object({
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(200),
  slug: z.string().regex(SLUG, 'slug must be lower-case words joined by hyphens').optional(),
  excerpt: z.string().trim().min(1).max(500).optional(),
  metaDescription: z.string().trim().min(1).max(320).optional(),
  category: z.string({ error: 'category is required' }).trim().min(1, 'category is required').max(60),
  tags: list.default([]),
  keywords: list.default([]),
  seoKeywords: list.default([]),
  featuredImage: z.string().trim().min(1).optional(),
  status: z.enum(['draft', 'published'], { error: 'status must be draft or published' }).default('draft'),
  publishedAt: z.coerce.date({ error: 'publishedAt must be a date' }).optional(),
  scheduledFor: z.coerce.date({ error: 'scheduledFor must be a date' }).optional(),
  generatedByAI: z.boolean().default(false),
});

/** A post as the import writes it. */
export interface PostSource {
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  metaDescription: string;
  keywords: string[];
  seoKeywords: string[];
  category: string;
  tags: string[];
  featuredImage: string | null;
  status: 'draft' | 'published';
  publishedAt: Date | null;
  scheduledFor: Date | null;
  readingTime: number;
  generatedByAi: boolean;
  sourceHash: string;
}

export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

/** 'Reading Drawing Scales' -> 'reading-drawing-scales'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const markdown = new Marked({
  gfm: true,
  renderer: {
    // Section headings get ids so a reader can link to them.
    heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { tokens, depth }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      const id = slugify(inner.replace(/<[^>]*>/g, ''));
      return `<h${depth}${id ? ` id="${id}"` : ''}>${inner}</h${depth}>\n`;
    },
  },
});

/**
 * Keeps the tags an article needs and nothing that runs: no scripts, styles,
 * event handlers, iframes or javascript: links. The page's own h1 is the title,
 * so a body h1 becomes an h2.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      h2: ['id'],
      h3: ['id'],
      h4: ['id'],
      h5: ['id'],
      h6: ['id'],
      th: ['align', 'colspan', 'rowspan'],
      td: ['align', 'colspan', 'rowspan'],
      code: ['class'],
      ol: ['start'],
    },
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      h1: sanitizeHtml.simpleTransform('h2', {}),
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? '');
        return {
          tagName,
          attribs: external ? { ...attribs, rel: 'nofollow noopener noreferrer' } : attribs,
        };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });
}

/** Plain text of an HTML fragment, whitespace collapsed. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Minutes to read at 200 words a minute, at least 1. */
export function readingTimeOf(html: string): number {
  const words = htmlToText(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Cuts text at a word boundary to at most `max` characters, adding an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

/** Splits '---\n<yaml>\n---\n<markdown>' into its two parts. */
function splitFrontMatter(raw: string): { data: unknown; body: string } {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(text);
  if (!match) throw new ContentFileError('the file must start with front matter between --- lines');
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    throw new ContentFileError(`front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return { data: data ?? {}, body: match[2]! };
}

/**
 * Reads one Markdown article with front matter into the post it becomes: HTML
 * rendered and sanitised, reading time counted, excerpt and meta description
 * filled in when the file leaves them out. The slug is the front matter's, else
 * the file name's.
 */
export function parseArticle(raw: string, fileName: string): PostSource {
  const { data, body } = splitFrontMatter(raw);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new ContentFileError(field ? `${field}: ${issue.message}` : issue.message);
  }
  const meta = parsed.data;
  const slug = meta.slug ?? slugify(fileName.replace(/\.md$/i, ''));
  if (!SLUG.test(slug)) throw new ContentFileError(`cannot make a slug from the file name ${fileName}`);

  const content = sanitizeArticleHtml(markdown.parse(body, { async: false }));
  const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(content)?.[1] ?? '';
  const excerpt = meta.excerpt ?? truncate(htmlToText(firstParagraph), 300);
  return {
    slug,
    title: meta.title,
    content,
    excerpt,
    metaDescription: meta.metaDescription ?? truncate(excerpt, 160),
    keywords: meta.keywords,
    seoKeywords: meta.seoKeywords,
    category: meta.category,
    tags: meta.tags,
    featuredImage: meta.featuredImage ?? null,
    status: meta.status,
    publishedAt: meta.publishedAt ?? null,
    scheduledFor: meta.scheduledFor ?? null,
    readingTime: readingTimeOf(content),
    generatedByAi: meta.generatedByAI,
    sourceHash: createHash('sha256').update(`${RENDER_VERSION}\n${raw}`).digest('hex'),
  };
}
