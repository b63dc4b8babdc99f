import { Badge } from '@/components/ui/badge';

/** The product logo: Kerf's mark, its name, and the Alpha label (SPEC §1). */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path d="M9 7h4v7.2L19.6 7H25l-7.6 8.3L25.4 25h-5.1l-5.6-7.1L13 19.7V25H9z" fill="#fff" />
      </svg>
      <span className="text-lg font-bold tracking-tight">Kerf</span>
      <Badge variant="outline" className="px-1.5 py-0 text-[10px] tracking-wide text-muted-foreground uppercase">
        Alpha
      </Badge>
    </span>
  );
}
