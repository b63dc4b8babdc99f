import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter, whenRouterReady } from '@/app/router';
import { seedQueriesFromPage } from '@/app/server-data';
import { queryClient } from '@/lib/query-client';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

seedQueriesFromPage(queryClient);
const router = createAppRouter();
void whenRouterReady(router).then(() => {
  const root = createRoot(container);
  // A transition renders in small slices, so the first render never holds the
  // main thread long enough to delay a tap or a scroll.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
