import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { RoomBoundary } from '@/features/viewer/lib/boundaries';
import { distance } from '@/features/viewer/lib/geometry';
import { formatQuantity } from '@/features/viewer/lib/takeoff';

type Props = {
  pageNumber: number;
  lines: readonly RoomBoundary[];
  feetPerPoint: number | null;
  busy: boolean;
  onRemove: (index: number) => void;
};

/** The room boundaries drawn on the page, each with its length and a button that takes it away. */
export function BoundaryList({ pageNumber, lines, feetPerPoint, busy, onRemove }: Props) {
  if (!lines.length) return null;
  return (
    <section aria-label="Room boundaries" className="border-b p-3">
      <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Room boundaries</h2>
      <p className="mb-1 text-xs text-muted-foreground">
        Drawn on page {pageNumber}: the rooms are measured with them as walls.
      </p>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
        {lines.map((line, index) => (
          <li key={index} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
            <span className="size-2.5 shrink-0 rounded-sm bg-orange-500" aria-hidden />
            <span className="min-w-0 flex-1 truncate">Boundary {index + 1}</span>
            {feetPerPoint ? (
              <span className="text-xs text-muted-foreground tabular-nums">
                {formatQuantity(distance(line.from, line.to) * feetPerPoint)} ft
              </span>
            ) : null}
            <Button
              variant="ghost"
              size="icon"
              className="size-7 shrink-0"
              title="Remove this boundary"
              aria-label={`Remove boundary ${index + 1}`}
              disabled={busy}
              onClick={() => onRemove(index)}
            >
              <X />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
