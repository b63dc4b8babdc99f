import { Badge } from '@/components/ui/badge';

/** SPEC §9: a card shows up to 3 tags and '+N more'; the post page shows them all. */
export const CARD_TAG_LIMIT = 3;

export function PostTags({ tags, limit }: { tags: string[]; limit?: number }) {
  if (tags.length === 0) return null;
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  const more = tags.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="outline" className="font-normal text-muted-foreground">
            {tag}
          </Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge variant="outline" className="font-normal text-muted-foreground">
            +{more} more
          </Badge>
        </li>
      )}
    </ul>
  );
}
