import { ChevronLeft, ChevronRight, Search, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePosts } from '../api/get-posts';
import { isSearchable, useSearchPosts } from '../api/search-posts';
import { BLOG_PAGE_SIZE, type BlogPost } from '../api/types';
import { PostCard, PostCardSkeleton } from '../components/PostCard';

/** SPEC §9: six skeletons while loading. */
const SKELETONS = 6;
const SEARCH_DELAY_MS = 250;

export const BLOG_TITLE = 'Construction Estimating & Takeoff Blog | Kerf';
export const BLOG_DESCRIPTION =
  'Practical guides for contractors and estimators: construction takeoff, material quantities, drawing scales, waste factors, markup and bidding.';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function BlogListRoute() {
  usePageMeta({ title: BLOG_TITLE, description: BLOG_DESCRIPTION, canonical: paths.blog.list.getHref() });

  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const listTop = useRef<HTMLDivElement>(null);

  const query = useDebounced(searchText, SEARCH_DELAY_MS);
  const searching = isSearchable(searchText) && isSearchable(query);
  const postsQuery = usePosts(page, category);
  const searchQuery = useSearchPosts(query);
  const categories = postsQuery.data?.categories ?? [];

  let posts: BlogPost[] | undefined;
  let loading: boolean;
  let failed: string | null = null;
  if (searching) {
    loading = searchQuery.isPending;
    if (searchQuery.isError) failed = 'Search failed';
    posts = searchQuery.data?.filter((post) => !category || post.category === category);
  } else {
    loading = postsQuery.isPending || postsQuery.isPlaceholderData;
    if (postsQuery.isError) failed = 'Failed to fetch blog posts';
    posts = postsQuery.data?.posts;
  }

  const chooseCategory = (next: string | null) => {
    setCategory(next);
    setPage(1);
  };
  const clearSearch = () => {
    setSearchText('');
    chooseCategory(null);
  };
  const goToPage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <PublicLayout>
      <section className="border-b bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Kerf Blog</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Guides for estimators and contractors
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
            Practical, worked examples on takeoff, material quantities, pricing and bidding.
          </p>
          <form role="search" className="relative mt-8 max-w-xl" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="blog-search" className="sr-only">
              Search articles
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="blog-search"
              type="search"
              placeholder="Search articles…"
              autoComplete="off"
              className="h-11 bg-white pl-9 text-base md:text-base"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </form>
        </div>
      </section>

      <div ref={listTop} className="mx-auto max-w-6xl scroll-mt-16 px-4 py-10 sm:px-6">
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={category === null ? 'default' : 'outline'}
            aria-pressed={category === null}
            onClick={() => chooseCategory(null)}
          >
            All Categories
          </Button>
          {categories.map(({ category: name, count }) => (
            <Button
              key={name}
              size="sm"
              variant={category === name ? 'default' : 'outline'}
              aria-pressed={category === name}
              onClick={() => chooseCategory(name)}
            >
              {name}
              <span className={cn('tabular-nums', category === name ? 'opacity-90' : 'text-muted-foreground')}>
                ({count})
              </span>
            </Button>
          ))}
        </div>

        <div aria-live="polite" aria-busy={loading} className="mt-8">
          {failed ? (
            <div className="rounded-xl border border-dashed px-6 py-16 text-center">
              <p className="text-lg font-semibold text-slate-900">{failed}</p>
              <p className="mt-1 text-sm text-muted-foreground">Check your connection and try again.</p>
              <Button
                className="mt-6"
                variant="outline"
                onClick={() => void (searching ? searchQuery.refetch() : postsQuery.refetch())}
              >
                Try again
              </Button>
            </div>
          ) : loading || !posts ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <PostCardSkeleton key={i} />
              ))}
            </div>
          ) : posts.length === 0 ? (
            <div className="rounded-xl border border-dashed px-6 py-16 text-center">
              <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
              <p className="mt-4 text-lg font-semibold text-slate-900">
                {searching ? 'No search results found' : 'No blog posts available'}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                {searching ? 'Try different words, or browse every article.' : 'New articles are on their way.'}
              </p>
              <Button className="mt-6" variant="outline" onClick={clearSearch}>
                Clear Search
              </Button>
            </div>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
          )}
        </div>

        {!searching && !failed && (
          <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
            <Button variant="outline" disabled={page <= 1 || loading} onClick={() => goToPage(page - 1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="min-w-16 text-center text-sm font-medium text-slate-700" aria-current="page">
              Page {page}
            </span>
            <Button
              variant="outline"
              disabled={loading || (posts?.length ?? 0) < BLOG_PAGE_SIZE}
              onClick={() => goToPage(page + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </div>
    </PublicLayout>
  );
}
