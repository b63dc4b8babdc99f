import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { MaterialsPanel } from '@/features/materials/components/MaterialsPanel';
import type { Material } from '@/features/materials/api/materials';

const material = (fields: Partial<Material>): Material => ({
  id: crypto.randomUUID(),
  projectId: 'p1',
  name: 'Walls (A-WALL)',
  quantity: '716.29984',
  unit: 'ft',
  category: 'Walls',
  notes: null,
  source: 'ai',
  origin: { documentId: 'd1', documentName: 'plan.dxf', kind: 'layer', ref: 'A-WALL', dimension: 'length' },
  status: 'proposed',
  edited: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** The materials routes of the gateway, in memory. */
function gateway(list: Material[]) {
  const calls: Array<[string, string, unknown]> = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://kerf.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push([method, url.pathname, body]);
    if (url.pathname === '/api/materials' && method === 'GET') return json(list);
    if (url.pathname === '/api/materials/keep') {
      const ids = (body?.ids as string[] | undefined) ?? list.map((m) => m.id);
      for (const m of list) if (ids.includes(m.id)) m.status = 'kept';
      return json(list);
    }
    if (url.pathname.startsWith('/api/materials/') && method === 'DELETE') {
      list.splice(
        list.findIndex((m) => url.pathname.endsWith(m.id)),
        1,
      );
      return json({ success: true });
    }
    if (url.pathname === '/api/materials' && method === 'POST') {
      const created = material({ ...(body as Partial<Material>), id: crypto.randomUUID() });
      list.push(created);
      return json(created, 201);
    }
    return json({}, 404);
  });
  return calls;
}

function renderPanel() {
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <MaterialsPanel projectId="p1" />
      </MemoryRouter>
    </AppProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the materials panel', () => {
  it('shows proposed materials with their source and rounded quantities, kept one at a time or all at once', async () => {
    const list = [
      material({}),
      material({ name: 'Doors (PUERTA)', quantity: '3', unit: 'ea', category: 'Doors & windows', origin: null }),
    ];
    const calls = gateway(list);
    renderPanel();
    const walls = (await screen.findByText('Walls (A-WALL)')).closest('li')!;
    expect(within(walls).getByTestId('material-quantity').textContent).toBe('716.3 ft');
    expect(within(walls).getByTestId('material-source').textContent).toBe('plan.dxf · layer A-WALL');
    expect(within(walls).getByText('Proposed')).toBeTruthy();
    expect(screen.getByText(/2 materials proposed/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Keep Walls (A-WALL)' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep all (1)' })).toBeTruthy());
    expect(calls).toContainEqual(['POST', '/api/materials/keep', { projectId: 'p1', ids: [list[0]!.id] }]);
    await userEvent.click(screen.getByRole('button', { name: 'Keep all (1)' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Keep all/ })).toBeNull());
    expect(calls).toContainEqual(['POST', '/api/materials/keep', { projectId: 'p1' }]);
    expect(screen.queryByText('Proposed')).toBeNull();
  });

  it('deletes at once and brings the line back, source and status included, on Undo', async () => {
    const list = [material({})];
    const calls = gateway(list);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Walls (A-WALL)' }));
    await waitFor(() => expect(screen.queryByText('Walls (A-WALL)')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByText('Walls (A-WALL)');
    const restored = calls.find(([method, path]) => method === 'POST' && path === '/api/materials')![2];
    expect(restored).toMatchObject({
      name: 'Walls (A-WALL)',
      quantity: '716.29984',
      status: 'proposed',
      origin: { documentId: 'd1', kind: 'layer', ref: 'A-WALL' },
    });
  });
});
