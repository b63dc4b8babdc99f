import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { BlogPostNotFoundError, usePost } from '../api/get-post';
import type { BlogPost } from '../api/types';
import { articleBodyClass } from '../components/format';
import { PostMeta } from '../components/PostMeta';
import { PostTags } from '../components/PostTags';
import { ShareButton } from '../components/ShareButton';

function BackToBlog() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to={paths.blog.list.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to Blog
      </Link>
    </Button>
  );
}

function Article({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex items-center justify-between gap-4">
        <BackToBlog />
        <ShareButton title={post.title} text={post.excerpt} size="sm" aria-label="Share">
          Share
        </ShareButton>
      </div>

      <header className="mt-6 space-y-4 border-b pb-8">
        <Badge variant="secondary">{post.category}</Badge>
        <h1 className="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
        <p className="text-lg leading-8 text-muted-foreground">{post.excerpt}</p>
        <PostMeta post={post} showViews />
        <PostTags tags={post.tags} />
      </header>

      <div
        data-testid="article-body"
        className={`mt-8 ${articleBodyClass}`}
        // Sanitised by the blog service when it was imported (no scripts, handlers or styles).
        dangerouslySetInnerHTML={{ __html: post.content ?? '' }}
      />

      {post.keywords.length > 0 && (
        <section aria-labelledby="keywords-heading" className="mt-12 border-t pt-8">
          <h2 id="keywords-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
            Keywords
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {post.keywords.map((keyword) => (
              <li key={keyword} className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
                {keyword}
              </li>
            ))}
          </ul>
        </section>
      )}

      <aside className="mt-12 flex flex-col items-start gap-4 rounded-xl border bg-slate-50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">Found this useful?</p>
          <p className="text-sm text-muted-foreground">Pass it on to your team, or keep reading.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ShareButton title={post.title} text={post.excerpt}>
            Share Article
          </ShareButton>
          <Button asChild>
            <Link to={paths.blog.list.getHref()}>Browse All Articles</Link>
          </Button>
        </div>
      </aside>
    </article>
  );
}

function ArticleSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12" aria-busy="true" aria-label="Loading article">
      <Skeleton className="h-8 w-32" />
      <div className="mt-6 space-y-4 border-b pb-8">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <div className="mt-8 space-y-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
    </div>
  );
}

function Problem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <FileQuestion className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-muted-foreground">{text}</p>
      <div className="mt-8 flex gap-3">
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button asChild>
          <Link to={paths.blog.list.getHref()}>Browse All Articles</Link>
        </Button>
      </div>
    </div>
  );
}

export function BlogPostRoute() {
  const { slug = '' } = useParams();
  const { data: post, isPending, error, refetch } = usePost(slug);

  usePageMeta({
    title: post ? `${post.title} | Kerf Blog` : 'Kerf Blog',
    description: post ? (post.metaDescription ?? post.excerpt) : undefined,
    canonical: paths.blog.post.getHref(slug),
  });

  return (
    <PublicLayout>
      {post ? (
        <Article post={post} />
      ) : isPending ? (
        <ArticleSkeleton />
      ) : error instanceof BlogPostNotFoundError ? (
        <Problem
          title="Blog Post Not Found"
          text="The article you are looking for does not exist or is no longer published."
        />
      ) : (
        <Problem
          title="Failed to fetch blog post"
          text="Check your connection and try again."
          onRetry={() => void refetch()}
        />
      )}
    </PublicLayout>
  );
}
