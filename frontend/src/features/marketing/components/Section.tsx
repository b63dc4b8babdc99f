import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A page band with an eyebrow, heading and intro, as the marketing pages use it. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-16 py-16 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg leading-8 text-muted-foreground">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

/** The label every demo panel carries: its numbers are examples, not results. */
export function IllustrativeLabel() {
  return (
    <span className="shrink-0 rounded-full border border-amber-300 whitespace-nowrap bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">
      Illustrative example
    </span>
  );
}
