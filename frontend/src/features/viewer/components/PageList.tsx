import { cn } from '@/lib/cn';

type Props = {
  pageCount: number;
  pageNumber: number;
  /** A page's sheet number and title, as the analysis read them ('' when unknown). */
  pageLabel: (page: number) => string;
  onGoTo: (page: number) => void;
};

/** The pages of a PDF set with their sheet numbers and titles, beside the sheet on wide screens. */
export function PageList({ pageCount, pageNumber, pageLabel, onGoTo }: Props) {
  return (
    <nav aria-label="Pages" className="hidden w-52 shrink-0 overflow-y-auto border-r p-2 lg:block">
      <ol className="grid grid-cols-[minmax(0,1fr)] gap-1">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((page) => (
          <li key={page}>
            <button
              type="button"
              aria-current={page === pageNumber ? 'page' : undefined}
              className={cn(
                'w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted',
                page === pageNumber && 'bg-primary/10 font-medium text-primary',
              )}
              onClick={() => onGoTo(page)}
            >
              <span className="block">Page {page}</span>
              {pageLabel(page) ? (
                <span className="block truncate text-xs text-muted-foreground">{pageLabel(page)}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The page picker in the header on narrow screens, where the page list is hidden. */
export function PageSelect({ pageCount, pageNumber, pageLabel, onGoTo }: Props) {
  return (
    <select
      aria-label="Page"
      className="h-8 max-w-32 shrink-0 rounded-md border bg-background px-1 text-sm lg:hidden"
      value={pageNumber}
      onChange={(event) => onGoTo(Number(event.target.value))}
    >
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((page) => (
        <option key={page} value={page}>
          {`Page ${page}${pageLabel(page) ? ` · ${pageLabel(page)}` : ''}`}
        </option>
      ))}
    </select>
  );
}
