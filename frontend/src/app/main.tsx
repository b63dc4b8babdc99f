import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter, whenRouterReady } from '@/app/router';
import { seedQueriesFromPage } from '@/app/server-data';
import { queryClient } from '@/lib/query-client';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

seedQueriesFromPage(queryClient);
const router = createAppRouter();
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
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
