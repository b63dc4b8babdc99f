import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRoutes, whenRouterReady } from '@/app/router';
import { paths } from '@/config/paths';
import { aboutMeta, featuresMeta, landingMeta, pricingMeta } from '@/features/marketing/meta';
import { createQueryClient } from '@/lib/query-client';
import type { PageMeta } from '@/lib/use-page-meta';

/**
 * The marketing pages rendered at build time (scripts/prerender.mjs). They
 * hold no per-visitor data, so the gateway serves the same HTML to everyone
 * and the app hydrates it: text and layout are there before any JavaScript.
 */
export const prerenderedPages: Record<string, PageMeta> = {
  [paths.home.getHref()]: landingMeta,
  [paths.features.getHref()]: featuresMeta,
  [paths.about.getHref()]: aboutMeta,
  // The plans are the same for everyone; only the button under them depends on who is signed in,
  // and it stays empty until the app knows (as it does on its own first render).
  [paths.pricing.getHref()]: pricingMeta,
};

/** Public pages whose screens render per visitor: the gateway writes only their head tags. */
export const headOnlyPages: Record<string, PageMeta> = {};

/** The markup of #root for a page, exactly as the app's first render on the client produces it. */
export async function renderPage(url: string): Promise<string> {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  await whenRouterReady(router);
  // The same tree as src/app/main.tsx renders, so hydration matches (and useId agrees).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}
