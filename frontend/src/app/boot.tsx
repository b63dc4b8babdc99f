import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter, whenRouterReady } from '@/app/router';
import { seedQueriesFromPage } from '@/app/server-data';
import { WhenMounted } from '@/app/when-mounted';
import { queryClient } from '@/lib/query-client';

/** Starts the app in `container`; resolves once it is on screen and answering. */
export function boot(container: HTMLElement): Promise<void> {
  seedQueriesFromPage(queryClient);
  const router = createAppRouter();
  return new Promise((mounted) => {
    const app = (
      <WhenMounted onMounted={mounted}>
        <StrictMode>
          <AppProvider>
            <AppRouter router={router} />
          </AppProvider>
        </StrictMode>
      </WhenMounted>
    );
    void whenRouterReady(router).then(() => {
      if (container.hasAttribute('data-prerendered')) {
        // The gateway sent this page as the build rendered it (src/app/prerender.tsx): attach to it.
        // In a transition, hydration works in small slices too.
        startTransition(() => void hydrateRoot(container, app));
        return;
      }
      // Otherwise replace what is there (the gateway's blog markup, or nothing). A
      // transition renders in small slices, so this never holds the main thread
      // long enough to delay a tap or a scroll.
      const root = createRoot(container);
      startTransition(() => root.render(app));
    });
  });
}
