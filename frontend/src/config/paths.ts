/**
 * Every route of SPEC §2, with who may open it:
 * - 'public': anyone;
 * - 'signed-in': signed-in users only (others go to /login?redirect=<path>);
 * - 'signed-out': visitors only (a signed-in user goes to /dashboard).
 * The router puts each registered screen behind the guard its access names.
 */
export type RouteAccess = 'public' | 'signed-in' | 'signed-out';

type RouteDef<P extends string, A extends unknown[]> = {
  readonly path: P;
  readonly access: RouteAccess;
  readonly getHref: (...args: A) => string;
};

function route<const P extends string, A extends unknown[]>(
  path: P,
  access: RouteAccess,
  getHref: (...args: A) => string,
): RouteDef<P, A> {
  return { path, access, getHref };
}

/** Encodes a value for a query string, leaving '/' readable (`?redirect=/pricing`). */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

export const paths = {
  home: route('/', 'public', () => '/'),
  features: route('/features', 'public', () => '/features'),
  pricing: route('/pricing', 'public', () => '/pricing'),
  about: route('/about', 'public', () => '/about'),
  // Linked from the footer; SPEC leaves its layout open, it is reachable by anyone.
  contact: route('/contact', 'public', () => '/contact'),

  blog: {
    list: route('/blog', 'public', () => '/blog'),
    post: route('/blog/:slug', 'public', (slug: string) => `/blog/${encodeURIComponent(slug)}`),
  },

  auth: {
    login: route('/login', 'signed-out', (redirectTo?: string | null) =>
      redirectTo ? `/login?redirect=${queryValue(redirectTo)}` : '/login',
    ),
    forgotPassword: route('/forgot-password', 'public', () => '/forgot-password'),
    resetPassword: route('/reset-password', 'public', (token?: string) =>
      token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password',
    ),
  },

  app: {
    dashboard: route('/dashboard', 'signed-in', () => '/dashboard'),
    estimates: route(
      '/estimates/:projectId',
      'signed-in',
      (projectId: string | number) => `/estimates/${encodeURIComponent(String(projectId))}`,
    ),
    /** Issue 17: a document in the sheet viewer, at a page and a selected takeoff row (`room:Office`, `item:<id>`). */
    viewer: route(
      '/dashboard/projects/:projectId/documents/:documentId',
      'signed-in',
      (projectId: string, documentId: string, at: { page?: number; item?: string } = {}) => {
        const query = new URLSearchParams();
        if (at.page !== undefined) query.set('page', String(at.page));
        if (at.item) query.set('item', at.item);
        const search = query.toString();
        return `/dashboard/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}${search ? `?${search}` : ''}`;
      },
    ),
    settings: route('/settings', 'signed-in', () => '/settings'),
    subscribe: route('/subscribe', 'signed-in', () => '/subscribe'),
    subscriptionSuccess: route('/subscription-success', 'signed-in', () => '/subscription-success'),
  },
} as const;

export const allRoutes = [
  paths.home,
  paths.features,
  paths.pricing,
  paths.about,
  paths.contact,
  paths.blog.list,
  paths.blog.post,
  paths.auth.login,
  paths.auth.forgotPassword,
  paths.auth.resetPassword,
  paths.app.dashboard,
  paths.app.estimates,
  paths.app.viewer,
  paths.app.settings,
  paths.app.subscribe,
  paths.app.subscriptionSuccess,
] as const;

/** A route pattern of SPEC §2, e.g. '/estimates/:projectId'. */
export type RoutePath = (typeof allRoutes)[number]['path'];

export function accessOf(path: RoutePath): RouteAccess {
  const found = allRoutes.find((r) => r.path === path);
  if (!found) throw new Error(`Unknown route ${path}: add it to src/config/paths.ts`);
  return found.access;
}
