import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRoutes, whenRouterReady } from '@/app/router';
import { WhenMounted } from '@/app/when-mounted';
import { paths } from '@/config/paths';
import { userQueryKey } from '@/features/auth/api/get-user';
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
  // The plans are the same for everyone; only the button under them depends on who is signed in:
  // empty while the app asks, 'Sign Up & Start Trial' in the signed-out rendering.
  [paths.pricing.getHref()]: pricingMeta,
};

/** Public pages whose screens render per visitor: the gateway writes only their head tags. */
export const headOnlyPages: Record<string, PageMeta> = {};

/**
 * The markup of #root for a page, exactly as the app's first render on the
 * client produces it: by default as while it asks who is signed in; with
 * `signedOut`, as for a visitor the gateway knows is signed out (it seeds that
 * answer into the page, so the app's first render starts from it).
 */
export async function renderPage(url: string, { signedOut = false } = {}): Promise<string> {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  await whenRouterReady(router);
  const queryClient = createQueryClient();
  if (signedOut) queryClient.setQueryData(userQueryKey, null);
  // The same tree as src/app/boot.tsx renders, so hydration matches (and useId agrees).
  const { prelude } = await prerenderToNodeStream(
    <WhenMounted onMounted={() => undefined}>
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>
    </WhenMounted>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}
