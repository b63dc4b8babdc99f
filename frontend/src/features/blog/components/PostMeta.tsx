import { Calendar, Clock, Eye } from 'lucide-react';
import type { BlogPost } from '../api/types';
import { formatPostDate, formatReadingTime, formatViews } from './format';

/** Date, reading time and (on the post page) view count, on one line. */
export function PostMeta({ post, showViews = false }: { post: BlogPost; showViews?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="size-4" aria-hidden="true" />
        <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden="true" />
        {formatReadingTime(post.readingTime)}
      </span>
      {showViews && (
        <span className="inline-flex items-center gap-1.5">
          <Eye className="size-4" aria-hidden="true" />
          {formatViews(post.viewCount)}
        </span>
      )}
    </div>
  );
}
