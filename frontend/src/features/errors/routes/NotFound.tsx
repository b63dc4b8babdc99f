import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** SPEC §2: unknown paths show a red alert icon, the heading and the hint, word for word. */
export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent>
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-red-500" />
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </main>
  );
}
