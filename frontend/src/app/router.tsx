import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
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
  {
    path: paths.app.dashboard.path,
    lazy: () => import('@/features/dashboard/routes/Dashboard').then((m) => ({ Component: m.DashboardRoute })),
  },
];

/** The route tree for the given screens: guards from paths.ts, then the not-found screen. */
export function createAppRoutes(pages: readonly PageRoute[] = pageRoutes): RouteObject[] {
  const withAccess = (access: RouteAccess): RouteObject[] => pages.filter((page) => accessOf(page.path) === access);

  return [
    {
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

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
