import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppRoutes, type PageRoute } from '@/app/router';
import { paths } from '@/config/paths';
import { LoginRoute } from '@/features/auth/routes/Login';
import { createQueryClient } from '@/lib/query-client';
import { readBody, routeRelativeFetchesTo, startServer, type TestServer } from '@/testing/http-server';

// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const screens: PageRoute[] = [
  { path: paths.auth.login.path, element: <LoginRoute /> },
  { path: paths.app.dashboard.path, element: <h1>Dashboard screen</h1> },
  { path: paths.app.settings.path, element: <h1>Settings screen</h1> },
  { path: paths.pricing.path, element: <h1>Pricing screen</h1> },
];

const ada = {
  id: 'u1',
  username: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Builder',
  subscriptionTier: 'free',
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  window.localStorage.clear();
});

/** A gateway where nobody is signed in until /api/login or /api/register succeeds; records what was sent. */
async function gateway(loginStatus = 200) {
  const sent: Record<string, unknown> = {};
  let signedIn = false;
  server = await startServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/user') {
      res.statusCode = signedIn ? 200 : 401;
      res.end(signedIn ? JSON.stringify(ada) : '{"message":"Not authenticated"}');
    } else if (req.url === '/api/login' || req.url === '/api/register') {
      sent[req.url] = JSON.parse(await readBody(req));
      const ok = req.url === '/api/register' || loginStatus === 200;
      signedIn = ok;
      res.statusCode = ok ? (req.url === '/api/register' ? 201 : 200) : loginStatus;
      res.end(ok ? JSON.stringify(ada) : '{"message":"Invalid email or password."}');
    } else {
      res.statusCode = 404;
      res.end('{"message":"Not found"}');
    }
  });
  routeRelativeFetchesTo(server.url);
  return sent;
}

function openApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(screens), { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { currentUrl: () => `${router.state.location.pathname}${router.state.location.search}` };
}

describe('/login', () => {
  it('logs in, sends only username and password, and goes to the redirect target', async () => {
    const sent = await gateway();
    const app = openApp('/login?redirect=/settings');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Poured-Slab-2026');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Settings screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/settings');
    expect(sent['/api/login']).toEqual({ username: 'ada@example.com', password: 'Poured-Slab-2026' });
    expect(await screen.findByText('Welcome back, Ada')).toBeInTheDocument();
    expect(window.localStorage.getItem('kerf:remembered-email')).toBe('ada@example.com');
  });

  it('goes to /dashboard after login when the redirect points at another site', async () => {
    await gateway();
    const app = openApp('/login?redirect=//evil.example/x');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Poured-Slab-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/dashboard');
  });

  it('registers and lands on /pricing, not on the dashboard', async () => {
    const sent = await gateway();
    const app = openApp('/login');
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Builder');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Poured-Slab-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Poured-Slab-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Pricing screen' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/pricing');
    expect(sent['/api/register']).toEqual({
      username: 'ada@example.com',
      password: 'Poured-Slab-2026',
      firstName: 'Ada',
      lastName: 'Builder',
    });
    expect(await screen.findByText('Account created')).toBeInTheDocument();
  });

  it('shows the server message when login fails and stays on /login', async () => {
    await gateway(401);
    const app = openApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/login');
  });

  it('fills in the remembered e-mail', async () => {
    window.localStorage.setItem('kerf:remembered-email', 'ada@example.com');
    await gateway();
    openApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });
});
