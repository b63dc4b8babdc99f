import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppRoutes, pageRoutes, type PageRoute } from '@/app/router';
import { allRoutes, paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { routeRelativeFetchesTo, startServer, type TestServer } from '@/testing/http-server';

// Stand-ins for screens later issues build: the guards around them are real.
const screens: PageRoute[] = [
  { path: paths.auth.login.path, element: <h1>Login screen</h1> },
  { path: paths.app.dashboard.path, element: <h1>Dashboard screen</h1> },
  { path: paths.app.estimates.path, element: <h1>Estimates screen</h1> },
  { path: paths.pricing.path, element: <h1>Pricing screen</h1> },
];

const user = {
  id: 'u1',
  username: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Builder',
  subscriptionTier: 'quarterly',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A gateway whose GET /api/user answers as given. */
async function gatewayAnswering(status: number, hold?: Promise<void>) {
  server = await startServer(async (req, res) => {
    if (req.url !== '/api/user') {
      res.statusCode = 404;
      res.end();
      return;
    }
    await hold;
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(status === 200 ? JSON.stringify(user) : '{"message":"Not authenticated"}');
  });
  routeRelativeFetchesTo(server.url);
}

function openApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(screens), { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { currentUrl };
}

describe('routing rules (SPEC §2)', () => {
  it('sends a signed-out visitor from /dashboard to /login, keeping the page in ?redirect=', async () => {
    await gatewayAnswering(401);
    const app = openApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();
    expect(app.currentUrl()).toBe('/login?redirect=/dashboard');
  });

  it('keeps the project and the query string of a signed-in-only page in ?redirect=', async () => {
    await gatewayAnswering(401);
    const app = openApp('/estimates/42?tab=terms');

    await screen.findByRole('heading', { name: 'Login screen' });
    expect(app.currentUrl()).toBe('/login?redirect=/estimates/42%3Ftab%3Dterms');
    expect(new URLSearchParams(app.currentUrl().split('?')[1]).get('redirect')).toBe('/estimates/42?tab=terms');
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    await gatewayAnswering(200);
    const app = openApp('/login');

    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/dashboard');
  });

  it('lets a signed-in user open a signed-in-only page', async () => {
    await gatewayAnswering(200);
    const app = openApp('/estimates/42');

    expect(await screen.findByRole('heading', { name: 'Estimates screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/estimates/42');
  });

  it('lets a signed-out visitor open /login', async () => {
    await gatewayAnswering(401);
    openApp('/login');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  });

  it('shows a public page without waiting for the current user', async () => {
    let release = () => {};
    await gatewayAnswering(
      401,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    openApp('/pricing');

    expect(await screen.findByRole('heading', { name: 'Pricing screen' })).toBeInTheDocument();
    release();
  });

  it('fills the page with a spinner while the current user is loading', async () => {
    let release = () => {};
    await gatewayAnswering(
      200,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    openApp('/dashboard');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('treats an unreachable gateway as signed out instead of spinning forever', async () => {
    await gatewayAnswering(401);
    await server?.close(); // nothing listens on that port any more
    server = undefined;
    const app = openApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/login?redirect=/dashboard');
  });

  it('treats a failing gateway (502) as signed out', async () => {
    await gatewayAnswering(502);
    const app = openApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/login?redirect=/dashboard');
  });

  it('shows the not-found screen for an unknown path', async () => {
    await gatewayAnswering(401);
    openApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('paths', () => {
  it('has a screen for every path the app links to (the footer reaches /contact, not the 404)', () => {
    const screens = new Set(pageRoutes.map((page) => page.path));
    expect(allRoutes.filter((route) => !screens.has(route.path)).map((route) => route.path)).toEqual([]);
  });

  it('opens the contact page for a signed-out visitor', async () => {
    await gatewayAnswering(401);
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: ['/contact'] });
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Talk to the people who build Kerf' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('builds the login address with a readable redirect', () => {
    expect(paths.auth.login.getHref('/pricing')).toBe('/login?redirect=/pricing');
    expect(paths.auth.login.getHref()).toBe('/login');
  });

  it('escapes a project id in the estimates address', () => {
    expect(paths.app.estimates.getHref('a/b')).toBe('/estimates/a%2Fb');
  });
});
