import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { BlogPost } from '../api/types';
import { PostMeta } from './PostMeta';
import { CARD_TAG_LIMIT, PostTags } from './PostTags';

/** A card of the blog list: category, title, excerpt, date, reading time, tags, Read More. */
export function PostCard({ post }: { post: BlogPost }) {
  const href = paths.blog.post.getHref(post.slug);
  return (
    <Card data-testid="blog-card" className="h-full gap-4 transition-shadow hover:shadow-md">
      <CardHeader className="gap-3">
        <Badge variant="secondary">{post.category}</Badge>
        <h2 className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={href} className="rounded-sm hover:text-primary">
            {post.title}
          </Link>
        </h2>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="line-clamp-3 text-sm leading-6 text-muted-foreground">{post.excerpt}</p>
        <PostMeta post={post} />
        <PostTags tags={post.tags} limit={CARD_TAG_LIMIT} />
      </CardContent>
      <CardFooter>
        <Link
          to={href}
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary hover:underline hover:underline-offset-4"
        >
          Read More<span className="sr-only">: {post.title}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card data-testid="blog-card-skeleton" className="h-full gap-4" aria-hidden="true">
      <CardHeader className="gap-3">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-2/3" />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="space-y-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
        <Skeleton className="h-4 w-1/2" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-5 w-14" />
        </div>
      </CardContent>
      <CardFooter>
        <Skeleton className="h-5 w-24" />
      </CardFooter>
    </Card>
  );
}
