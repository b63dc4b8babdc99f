import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppRoutes, type PageRoute } from '@/app/router';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { DashboardRoute } from '@/features/dashboard/routes/Dashboard';
import { readBody, routeRelativeFetchesTo, startServer, type TestServer } from '@/testing/http-server';

const screens: PageRoute[] = [
  { path: paths.app.dashboard.path, element: <DashboardRoute /> },
  { path: paths.pricing.path, element: <h1>Pricing screen</h1> },
];

const DAY_MS = 86_400_000;
const trialUser = {
  id: 'u1',
  username: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Builder',
  subscriptionTier: 'free',
  subscriptionExpiresAt: new Date(Date.now() + 5 * DAY_MS).toISOString(),
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const project = (id: string, name: string, createdAt: string, updatedAt: string, userId = 'u1') => ({
  id,
  userId,
  name,
  description: null,
  createdAt,
  updatedAt,
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Answer = { status: number; body: unknown };

async function gateway(options: { user: unknown; projects?: unknown[]; onCreate?: (body: unknown) => Answer }) {
  server = await startServer(async (req, res) => {
    const send = ({ status, body }: Answer) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/user') return send({ status: 200, body: options.user });
    if (req.url === '/api/projects' && req.method === 'GET') return send({ status: 200, body: options.projects ?? [] });
    if (req.url === '/api/projects' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as unknown;
      return send(options.onCreate?.(body) ?? { status: 500, body: { message: 'no' } });
    }
    const notes = /^\/api\/projects\/([^/]+)\/notes$/.exec(req.url ?? '');
    if (notes && req.method === 'GET') return send({ status: 200, body: { content: '', updatedAt: null } });
    send({ status: 404, body: { message: 'Not found' } });
  });
  routeRelativeFetchesTo(server.url);
}

function openDashboard() {
  const router = createMemoryRouter(createAppRoutes(screens), { initialEntries: ['/dashboard'] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { path: () => router.state.location.pathname };
}

describe('dashboard', () => {
  it('sends a user with no tier and no unexpired date to /pricing (SPEC §4)', async () => {
    await gateway({ user: { ...trialUser, subscriptionExpiresAt: new Date(Date.now() - DAY_MS).toISOString() } });
    const app = openDashboard();
    expect(await screen.findByRole('heading', { name: 'Pricing screen' })).toBeInTheDocument();
    expect(app.path()).toBe('/pricing');
  });

  it('lists own projects newest first, auto-selects the most recently updated, and hides foreign ones', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await gateway({
      user: trialUser,
      projects: [
        project('p2', 'Maple Street duplex', '2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z'),
        project('px', 'Someone else', '2026-03-03T00:00:00Z', '2026-03-09T00:00:00Z', 'u2'),
        project('p1', 'Riverside warehouse slab', '2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z'),
      ],
    });
    openDashboard();
    expect(await screen.findByTestId('project-title')).toHaveTextContent('Riverside warehouse slab');
    const list = screen.getAllByRole('list', { name: 'Projects' })[0]!;
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Maple Street duplex'),
      expect.stringContaining('Riverside warehouse slab'),
    ]);
    expect(items[0]).toHaveTextContent('Mar 2, 2026');
    expect(screen.queryByText('Someone else')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/security warning/i), ['px']);
    expect(screen.getAllByText(/^Trial ends /)[0]).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Upgrade' })[0]).toHaveAttribute('href', '/subscribe');
  });

  it("requires a project name: 'Project name is required'", async () => {
    const onCreate = vi.fn();
    await gateway({ user: trialUser, onCreate });
    openDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByLabelText('Project name'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await within(dialog).findByText('Project name is required')).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("turns TRIAL_REQUIRED into the 'Trial Required' toast and the move to /pricing", async () => {
    await gateway({
      user: trialUser,
      onCreate: () => ({
        status: 403,
        body: { message: 'You need to start your 7-day free trial before creating projects.', code: 'TRIAL_REQUIRED' },
      }),
    });
    const app = openDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByLabelText('Project name'), 'Garage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Trial Required')).toBeInTheDocument();
    expect(screen.getByText('You need to start your 7-day free trial before creating projects.')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/pricing'));
  });

  it("shows 'Error' / 'Failed to create project. Please try again.' when creation fails", async () => {
    await gateway({ user: trialUser, onCreate: () => ({ status: 503, body: { message: 'down' } }) });
    openDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByLabelText('Project name'), 'Garage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Failed to create project. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it("creates a project, says 'Project Created' and selects it", async () => {
    let created: unknown;
    const listed = [project('p1', 'Older job', '2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z')];
    await gateway({
      user: trialUser,
      projects: listed,
      onCreate: (body) => {
        created = body;
        const garage = project('p9', 'Garage', new Date().toISOString(), new Date().toISOString());
        listed.unshift(garage);
        return { status: 201, body: garage };
      },
    });
    openDashboard();
    expect(await screen.findByTestId('project-title')).toHaveTextContent('Older job');
    await userEvent.click(screen.getAllByRole('button', { name: 'New Project' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByLabelText('Project name'), '  Garage ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Project Created')).toBeInTheDocument();
    expect(created).toEqual({ name: 'Garage' });
    await waitFor(() => expect(screen.getByTestId('project-title')).toHaveTextContent('Garage'));
  });
});
