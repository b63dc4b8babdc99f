import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { LogoMark } from '@/components/layout/Logo';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The frame of the sign-in screens: the mark, one card, and the way back to the public site. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-8 sm:justify-center sm:py-12">
      <Link
        to={paths.home.getHref()}
        className="mb-6 flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LogoMark />
        Kerf
      </Link>
      <Card className="w-full max-w-md gap-5">{children}</Card>
      <Link
        to={paths.home.getHref()}
        className="mt-6 inline-flex items-center gap-1.5 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
    </main>
  );
}
