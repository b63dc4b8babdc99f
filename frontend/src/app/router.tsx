import { useEffect, useState } from 'react';
import {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigationType,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { accessOf, paths, type RouteAccess, type RoutePath } from '@/config/paths';
import { RedirectIfSignedIn } from '@/features/auth/components/RedirectIfSignedIn';
import { RequireAuth } from '@/features/auth/components/RequireAuth';
import { RouteError } from '@/features/errors/components/RouteError';

/** A screen at one of the paths of src/config/paths.ts. */
export type PageRoute = Omit<NonIndexRouteObject, 'path' | 'index'> & { path: RoutePath };

/**
 * The screens that exist. Each later screen adds one entry, loaded on demand so
 * the first page stays small, for example:
 *
 *   {
 *     path: paths.app.dashboard.path,
 *     lazy: () => import('@/features/dashboard/routes/Dashboard').then((m) => ({ Component: m.DashboardRoute })),
 *   },
 *
 * Who may open it comes from paths.ts: the router puts it behind RequireAuth or
 * RedirectIfSignedIn as its access says.
 */
export const pageRoutes: PageRoute[] = [
  // Public site and blog.
  {
    path: paths.home.path,
    lazy: () => import('@/features/marketing/routes/Landing').then((m) => ({ Component: m.LandingRoute })),
  },
  {
    path: paths.features.path,
    lazy: () => import('@/features/marketing/routes/Features').then((m) => ({ Component: m.FeaturesRoute })),
  },
  {
    path: paths.about.path,
    lazy: () => import('@/features/marketing/routes/About').then((m) => ({ Component: m.AboutRoute })),
  },
  {
    path: paths.contact.path,
    lazy: () => import('@/features/marketing/routes/Contact').then((m) => ({ Component: m.ContactRoute })),
  },
  {
    path: paths.blog.list.path,
    lazy: () => import('@/features/blog/routes/BlogList').then((m) => ({ Component: m.BlogListRoute })),
  },
  {
    path: paths.blog.post.path,
    lazy: () => import('@/features/blog/routes/BlogPost').then((m) => ({ Component: m.BlogPostRoute })),
  },
  // Subscriptions.
  {
    path: paths.pricing.path,
    lazy: () => import('@/features/billing/routes/Pricing').then((m) => ({ Component: m.PricingRoute })),
  },
  {
    path: paths.app.subscribe.path,
    lazy: () => import('@/features/billing/routes/Subscribe').then((m) => ({ Component: m.SubscribeRoute })),
  },
  {
    path: paths.app.subscriptionSuccess.path,
    lazy: () =>
      import('@/features/billing/routes/SubscriptionSuccess').then((m) => ({ Component: m.SubscriptionSuccessRoute })),
  },
  // Accounts.
  {
    path: paths.auth.login.path,
    lazy: () => import('@/features/auth/routes/Login').then((m) => ({ Component: m.LoginRoute })),
  },
  {
    path: paths.auth.forgotPassword.path,
    lazy: () => import('@/features/auth/routes/ForgotPassword').then((m) => ({ Component: m.ForgotPasswordRoute })),
  },
  {
    path: paths.auth.resetPassword.path,
    lazy: () => import('@/features/auth/routes/ResetPassword').then((m) => ({ Component: m.ResetPasswordRoute })),
  },
  {
    path: paths.app.settings.path,
    lazy: () => import('@/features/settings/routes/Settings').then((m) => ({ Component: m.SettingsRoute })),
  },
  {
    path: paths.app.dashboard.path,
    lazy: () => import('@/features/dashboard/routes/Dashboard').then((m) => ({ Component: m.DashboardRoute })),
  },
  {
    path: paths.app.viewer.path,
    lazy: () => import('@/features/viewer/routes/Viewer').then((m) => ({ Component: m.ViewerRoute })),
  },
  {
    path: paths.app.estimates.path,
    lazy: () => import('@/features/estimates/routes/Estimates').then((m) => ({ Component: m.EstimatesRoute })),
  },
];

/** The route tree for the given screens: guards from paths.ts, then the not-found screen. */
/**
 * A page reached by a link or a redirect opens at its top; back and forward keep
 * the browser's own scroll restoration. (React Router's ScrollRestoration does
 * the same with 7 KB more script on every public page.)
 */
function ScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function createAppRoutes(pages: readonly PageRoute[] = pageRoutes): RouteObject[] {
  const withAccess = (access: RouteAccess): RouteObject[] => pages.filter((page) => accessOf(page.path) === access);

  return [
    {
      // A new page starts at its top (a footer link must not land at the next page's bottom);
      // back and forward return to where the page was left.
      element: (
        <>
          <ScrollToTopOnNewPage />
          <Outlet />
        </>
      ),
      errorElement: <RouteError />,
      HydrateFallback: PageSpinner,
      children: [
        ...withAccess('public'),
        { element: <RedirectIfSignedIn />, children: withAccess('signed-out') },
        { element: <RequireAuth />, children: withAccess('signed-in') },
        {
          path: '*',
          lazy: () => import('@/features/errors/routes/NotFound').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ];
}

export type AppDataRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppDataRouter {
  return createBrowserRouter(createAppRoutes());
}

/**
 * Resolves once the first screen's code has loaded. Rendering after that shows
 * the screen straight away (no spinner), so a page the server already rendered
 * (the blog) is replaced by the same content rather than flashing.
 */
export function whenRouterReady(router: AppDataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function AppRouter({ router: given }: { router?: AppDataRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return <RouterProvider router={router} />;
}
