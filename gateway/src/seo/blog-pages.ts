import type { BlogPostResponse } from '../blog/blog-response';
import { badgeClass, buttonClass, escapeHtml as e, icon } from './html';

// Server-rendered markup of the public layout and the blog screens. It mirrors
// frontend/src/components/layout/PublicLayout.tsx and frontend/src/features/blog
// so the page reads the same before and after the app takes over.

export interface CategoryCount {
  category: string;
  count: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Jun 2, 2026' in UTC, as the app writes it. */
export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

function formatViews(count: number): string {
  return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${count === 1 ? 'view' : 'views'}`;
}

const NAV = [
  ['Features', '/features'],
  ['Pricing', '/pricing'],
  ['About', '/about'],
  ['Blog', '/blog'],
] as const;

const FOOTER = [
  [
    'Product',
    [
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Dashboard', '/dashboard'],
      ['Upgrade', '/subscribe'],
    ],
  ],
  [
    'Company',
    [
      ['About Us', '/about'],
      ['Sign In', '/login'],
    ],
  ],
  [
    'Resources',
    [
      ['Blog', '/blog'],
      ['Contact Us', '/contact'],
    ],
  ],
] as const;

const LOGO =
  '<svg viewBox="0 0 32 32" aria-hidden="true" class="size-8 shrink-0"><rect width="32" height="32" rx="7" class="fill-primary"></rect><path d="M8 22.5 16 9.5l8 13" fill="none" stroke="white" stroke-width="2.6" stroke-linejoin="round"></path><path d="M11.5 17.5h9" stroke="white" stroke-width="2.2" stroke-linecap="round"></path></svg>';

function navLink(label: string, href: string, active: boolean): string {
  const state = active ? 'text-foreground' : 'text-muted-foreground';
  return `<a href="${href}" class="rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground ${state}${active ? ' active' : ''}"${active ? ' aria-current="page"' : ''}>${label}</a>`;
}

/** Log in and Sign up for a visitor known to be signed out; an empty slot while it is not known. */
function accountActions(signedOut: boolean): string {
  const classes = 'hidden min-w-44 items-center justify-end gap-2 md:flex';
  if (!signedOut) return `<div class="h-9 ${classes}" aria-hidden="true"></div>`;
  return `<div class="${classes}"><a class="${buttonClass.ghost}" href="/login">Log in</a><a class="${buttonClass.default}" href="/login">Sign up</a></div>`;
}

/** The public layout around a page body. */
export function publicLayout(body: string, options: { activePath: string; signedOut: boolean }): string {
  const year = new Date().getUTCFullYear();
  const nav = NAV.map(([label, href]) => navLink(label, href, options.activePath.startsWith(href))).join('');
  const footerColumns = FOOTER.map(
    ([heading, links]) =>
      `<div><h2 class="text-sm font-semibold text-white">${heading}</h2><ul class="mt-3 space-y-2 text-sm">${links
        .map(
          ([label, href]) =>
            `<li><a class="rounded-sm text-slate-300 transition-colors hover:text-white" href="${href}">${label}</a></li>`,
        )
        .join('')}</ul></div>`,
  ).join('');
  return `<div class="flex min-h-dvh flex-col bg-background">
<a href="#main" class="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow">Skip to content</a>
<header class="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80"><div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"><div class="flex items-center gap-2.5"><a class="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight" href="/">${LOGO}<span>Kerf</span></a><span class="${badgeClass.alpha}">Alpha</span></div><nav aria-label="Main" class="hidden items-center gap-1 md:flex">${nav}</nav>${accountActions(options.signedOut)}<button type="button" class="${buttonClass.ghostIcon}" aria-expanded="false" aria-label="Open menu">${icon('menu', 'size-5')}</button></div></header>
<main id="main" class="flex-1">${body}</main>
<footer class="border-t bg-slate-950 text-slate-300"><div class="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]"><div class="col-span-2 space-y-3 sm:col-span-3 md:col-span-1"><a class="flex items-center gap-2 text-lg font-bold text-white" href="/">${LOGO}<span>Kerf</span></a><p class="max-w-xs text-sm leading-6 text-slate-400">AI construction document analysis, material takeoff and estimating for contractors and estimators.</p></div>${footerColumns}</div><div class="border-t border-slate-800"><p class="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">© ${year} Kerf. All rights reserved.</p></div></footer>
</div>`;
}

function postMeta(post: BlogPostResponse, showViews: boolean): string {
  const views = formatViews(post.viewCount);
  return `<div class="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground"><span class="inline-flex items-center gap-1.5">${icon('calendar', 'size-4')}<time datetime="${e(post.publishedAt ?? '')}">${formatPostDate(post.publishedAt)}</time></span><span class="inline-flex items-center gap-1.5">${icon('clock', 'size-4')}${post.readingTime} min read</span>${
    showViews ? `<span class="inline-flex items-center gap-1.5">${icon('eye', 'size-4')}${views}</span>` : ''
  }</div>`;
}

function postTags(tags: string[], limit?: number): string {
  if (tags.length === 0) return '';
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  const more = tags.length - shown.length;
  const items = shown.map((tag) => `<li><span class="${badgeClass.outlineMuted}">${e(tag)}</span></li>`);
  if (more > 0) items.push(`<li><span class="${badgeClass.outlineMuted}">+${more} more</span></li>`);
  return `<ul class="flex flex-wrap gap-1.5" aria-label="Tags">${items.join('')}</ul>`;
}

function postCard(post: BlogPostResponse): string {
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  return `<div data-slot="card" data-testid="blog-card" class="flex flex-col rounded-xl border bg-card py-6 text-card-foreground shadow-sm h-full gap-4 transition-shadow hover:shadow-md"><div data-slot="card-header" class="@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start px-6 gap-3"><span class="${badgeClass.secondary}">${e(post.category)}</span><h2 class="text-lg leading-snug font-semibold text-slate-900"><a class="rounded-sm hover:text-primary" href="${href}">${e(post.title)}</a></h2></div><div data-slot="card-content" class="px-6 flex flex-1 flex-col gap-4"><p class="line-clamp-3 text-sm leading-6 text-muted-foreground">${e(post.excerpt)}</p>${postMeta(post, false)}${postTags(post.tags, 3)}</div><div data-slot="card-footer" class="flex items-center px-6"><a class="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary hover:underline hover:underline-offset-4" href="${href}">Read More<span class="sr-only">: ${e(post.title)}</span>${icon('arrow-right', 'size-4')}</a></div></div>`;
}

/** /blog: the heading, search box, categories, the first page of cards and paging. */
export function blogListBody(posts: BlogPostResponse[], categories: CategoryCount[], pageSize: number): string {
  const categoryButtons = [
    `<button type="button" class="${buttonClass.defaultSm}" aria-pressed="true">All Categories</button>`,
    ...categories.map(
      ({ category, count }) =>
        `<button type="button" class="${buttonClass.outlineSm}" aria-pressed="false">${e(category)}<span class="tabular-nums text-muted-foreground">(${count})</span></button>`,
    ),
  ].join('');
  const list =
    posts.length === 0
      ? `<div class="rounded-xl border border-dashed px-6 py-16 text-center"><p class="mt-4 text-lg font-semibold text-slate-900">No blog posts available</p><p class="mt-1 text-sm text-muted-foreground">New articles are on their way.</p></div>`
      : `<div class="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">${posts.map(postCard).join('')}</div>`;
  const nextDisabled = posts.length < pageSize ? ' disabled' : '';
  return `<section class="border-b bg-slate-50"><div class="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16"><p class="text-sm font-semibold tracking-wide text-primary uppercase">Kerf Blog</p><h1 class="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Guides for estimators and contractors</h1><p class="mt-3 max-w-2xl text-lg text-muted-foreground">Practical, worked examples on takeoff, material quantities, pricing and bidding.</p><form role="search" class="relative mt-8 max-w-xl" action="/blog" method="get"><label for="blog-search" class="sr-only">Search articles</label>${icon('search', 'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground')}<input id="blog-search" type="search" placeholder="Search articles…" autocomplete="off" class="flex w-full min-w-0 rounded-md border border-input px-3 py-1 shadow-xs outline-none placeholder:text-muted-foreground h-11 bg-white pl-9 text-base md:text-base"></form></div></section>
<div class="mx-auto max-w-6xl scroll-mt-16 px-4 py-10 sm:px-6"><div role="group" aria-label="Categories" class="flex flex-wrap gap-2">${categoryButtons}</div><div aria-live="polite" aria-busy="false" class="mt-8">${list}</div><nav aria-label="Pagination" class="mt-10 flex items-center justify-center gap-4"><button type="button" class="${buttonClass.outline}" disabled>${icon('chevron-left')}Previous</button><span class="min-w-16 text-center text-sm font-medium text-slate-700" aria-current="page">Page 1</span><button type="button" class="${buttonClass.outline}"${nextDisabled}>Next${icon('chevron-right')}</button></nav></div>`;
}

/** The article body typography (frontend/src/features/blog/components/format.ts articleBodyClass). */
export const ARTICLE_BODY_CLASS = [
  'text-base leading-7 text-slate-700 sm:text-[1.0625rem] sm:leading-8',
  '[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_p]:my-5 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-accent-foreground',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-2 [&_li]:pl-1',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-slate-800',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:text-slate-100',
  '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:table',
  '[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_hr]:my-10 [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
].join(' ');

function shareButton(label: string, className: string, ariaLabel?: string): string {
  return `<button type="button" class="${className}"${ariaLabel ? ` aria-label="${ariaLabel}"` : ''}>${icon('share-2')}${label}</button>`;
}

/** /blog/{slug}: the whole article, as the post screen shows it. */
export function postBody(post: BlogPostResponse): string {
  const keywords =
    post.keywords.length === 0
      ? ''
      : `<section aria-labelledby="keywords-heading" class="mt-12 border-t pt-8"><h2 id="keywords-heading" class="text-sm font-semibold tracking-wide text-slate-900 uppercase">Keywords</h2><ul class="mt-3 flex flex-wrap gap-2">${post.keywords
          .map((k) => `<li class="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">${e(k)}</li>`)
          .join('')}</ul></section>`;
  return `<article class="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12"><div class="flex items-center justify-between gap-4"><a class="${buttonClass.ghostSm}" href="/blog">${icon('arrow-left')}Back to Blog</a>${shareButton('Share', buttonClass.outlineSm, 'Share')}</div><header class="mt-6 space-y-4 border-b pb-8"><span class="${badgeClass.secondary}">${e(post.category)}</span><h1 class="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl">${e(post.title)}</h1><p class="text-lg leading-8 text-muted-foreground">${e(post.excerpt)}</p>${postMeta(post, true)}${postTags(post.tags)}</header><div data-testid="article-body" class="mt-8 ${ARTICLE_BODY_CLASS}">${post.content ?? ''}</div>${keywords}<aside class="mt-12 flex flex-col items-start gap-4 rounded-xl border bg-slate-50 p-6 sm:flex-row sm:items-center sm:justify-between"><div><p class="font-semibold text-slate-900">Found this useful?</p><p class="text-sm text-muted-foreground">Pass it on to your team, or keep reading.</p></div><div class="flex flex-wrap gap-3">${shareButton('Share Article', buttonClass.outline)}<a class="${buttonClass.default}" href="/blog">Browse All Articles</a></div></aside></article>`;
}

export function postNotFoundBody(): string {
  return `<div class="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">${icon('file-question-mark', 'size-12 text-muted-foreground')}<h1 class="mt-4 text-2xl font-bold text-slate-900">Blog Post Not Found</h1><p class="mt-2 text-muted-foreground">The article you are looking for does not exist or is no longer published.</p><div class="mt-8 flex gap-3"><a class="${buttonClass.default}" href="/blog">Browse All Articles</a></div></div>`;
}
