import { cn } from '@/lib/cn';

/** Kerf's mark: a saw kerf cut through a plank. Decorative; the name beside it is the label. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M8 22.5 16 9.5l8 13" fill="none" stroke="white" strokeWidth="2.6" strokeLinejoin="round" />
      <path d="M11.5 17.5h9" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
