import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { routeRelativeFetchesTo, startServer, type TestServer } from '@/testing/http-server';
import type { BlogPost } from '../api/types';
import { BlogListRoute } from './BlogList';

function post(n: number, category = 'Takeoff Basics'): BlogPost {
  return {
    id: `id-${n}`,
    title: `Article ${n}`,
    slug: `article-${n}`,
    excerpt: `Excerpt ${n}`,
    metaDescription: null,
    keywords: [],
    seoKeywords: [],
    category,
    tags: ['a', 'b', 'c', 'd'],
    featuredImage: null,
    status: 'published',
    publishedAt: '2026-06-02T09:00:00Z',
    scheduledFor: null,
    readingTime: 4,
    viewCount: 0,
    generatedByAI: false,
    authorId: null,
    createdAt: '2026-06-01T00:00:00Z',
    updatedAt: '2026-06-01T00:00:00Z',
  };
}

let server: TestServer | undefined;
const searches: string[] = [];

afterEach(async () => {
  await server?.close();
  server = undefined;
  searches.length = 0;
});

/** A gateway with 15 posts: 12 on page 1, 3 on page 2. */
async function blogGateway(options: { hold?: Promise<void>; results?: BlogPost[] } = {}) {
  server = await startServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/user') {
      res.statusCode = 401;
      res.end('{"message":"Not authenticated"}');
    } else if (url.pathname === '/api/blog/posts') {
      await options.hold;
      const page = Number(url.searchParams.get('page'));
      const posts = page === 1 ? Array.from({ length: 12 }, (_, i) => post(i + 1)) : [13, 14, 15].map((n) => post(n));
      res.end(JSON.stringify({ posts, categories: [{ category: 'Takeoff Basics', count: 15 }] }));
    } else if (url.pathname === '/api/blog/search') {
      searches.push(url.searchParams.get('q')!);
      res.end(JSON.stringify({ posts: options.results ?? [] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  routeRelativeFetchesTo(server.url);
}

function openBlog() {
  const router = createMemoryRouter([{ path: '/blog', Component: BlogListRoute }], { initialEntries: ['/blog'] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('blog list (SPEC §2, §5)', () => {
  it('shows six skeletons while loading, then the cards, and pages with Previous and Next', async () => {
    let release = () => {};
    await blogGateway({ hold: new Promise<void>((resolve) => (release = resolve)) });
    openBlog();
    expect(await screen.findAllByTestId('blog-card-skeleton')).toHaveLength(6);
    release();
    expect(await screen.findAllByTestId('blog-card')).toHaveLength(12);

    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Takeoff Basics/ })).toHaveTextContent('Takeoff Basics(15)');
    expect(within(screen.getAllByTestId('blog-card')[0]!).getByText('+1 more')).toBeInTheDocument();

    await userEvent.click(next);
    await waitFor(() => expect(screen.getAllByTestId('blog-card')).toHaveLength(3));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('searches only from 3 characters, hides paging meanwhile, and offers Clear Search when nothing matches', async () => {
    await blogGateway({ results: [] });
    openBlog();
    await screen.findAllByTestId('blog-card');
    const box = screen.getByRole('searchbox', { name: 'Search articles' });

    await userEvent.type(box, 'co');
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();

    await userEvent.type(box, 'n');
    expect(await screen.findByText('No search results found')).toBeInTheDocument();
    expect(searches).toEqual(['con']);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(box).toHaveValue('');
    expect(await screen.findAllByTestId('blog-card')).toHaveLength(12);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });
});
