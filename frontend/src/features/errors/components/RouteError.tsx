import { RotateCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/**
 * Shown when a screen throws while rendering or its code fails to load (for
 * example after a deploy replaced the chunk files): offers a reload instead of
 * a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4">
          <div className="flex items-center gap-2">
            <TriangleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
          </div>
          <p className="text-sm text-slate-600">This page could not be shown. Reloading usually fixes it.</p>
          {detail && <p className="font-mono text-xs break-words text-muted-foreground">{detail}</p>}
          <Button onClick={() => window.location.reload()}>
            <RotateCw />
            Reload page
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
