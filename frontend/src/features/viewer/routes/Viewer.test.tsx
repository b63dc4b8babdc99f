import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { paths } from '@/config/paths';
import type { ProjectDocument } from '@/features/documents';
import type { TakeoffItem, ViewerAnalysis } from '@/features/viewer/api/viewer';
import { ViewerRoute } from './Viewer';

const drawing: ProjectDocument = {
  id: 'd2',
  projectId: 'p1',
  filename: 'floorplan.dxf',
  filetype: 'dxf',
  filesize: 2048,
  documentType: 'project',
  uploadedAt: '2026-01-01T00:00:00.000Z',
  status: 'analyzed',
  error: null,
  sha256: '',
  reanalysis: null,
};

/** An analysis from before the PDF takeoff: rooms without outlines, blocks, no pages or symbols. */
const olderAnalysis: ViewerAnalysis = {
  status: 'analyzed',
  kind: 'dxf',
  quantities: [],
  rooms: [
    { name: 'KITCHEN', areaSqFt: 150, perimeterFt: 50, layer: 'A-AREA' },
    { name: 'BATH', areaSqFt: 40.5, perimeterFt: 26, layer: 'A-AREA' },
  ],
  layers: [{ name: 'A-WALL', lengthFt: 212.25, areaSqFt: 0, entityCount: 31 }],
  blocks: [{ name: 'CHAIR', count: 4, totalCount: 6 }],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function renderViewer(url: string, items?: TakeoffItem[]) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input);
    if (items && path.startsWith('/api/takeoff-items?')) return json(items);
    if (items && path.startsWith('/api/takeoff-items/') && init?.method === 'PATCH') {
      const changes = JSON.parse(String(init.body)) as Partial<TakeoffItem>;
      sent.push(changes);
      return json({ ...items[0], ...changes });
    }
    if (path === '/api/documents/d2') return json(drawing);
    if (path === '/api/documents/d2/analysis') return json(olderAnalysis);
    // The takeoff items' service is not on this server: the screen says so and carries on.
    if (path.startsWith('/api/takeoff-items')) return json({ message: 'Cannot GET /api/takeoff-items' }, 404);
    if (path === '/api/materials/from-takeoff') {
      sent.push(JSON.parse(String(init?.body)));
      return json({ id: 'm1' }, 201);
    }
    return json({ message: 'unexpected' }, 500);
  });
  const router = createMemoryRouter([{ path: paths.app.viewer.path, element: <ViewerRoute /> }], {
    initialEntries: [url],
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, sent };
}

describe('the viewer with a DXF and an older analysis', () => {
  it('says when the drawing’s lines cannot be read, lists its takeoff totalled, and keeps working without takeoff items', async () => {
    renderViewer('/dashboard/projects/p1/documents/d2?item=room%3AKITCHEN');
    expect(await screen.findByTestId('viewer-no-geometry')).toHaveTextContent("The drawing's lines could not be read");
    const rooms = await screen.findByRole('region', { name: /Rooms/ });
    expect(within(rooms).getByRole('heading')).toHaveTextContent('190.5 SF');
    // Opened at an item (a chat source): it is the selected row.
    expect(within(rooms).getByRole('button', { name: /^KITCHEN/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: /Lengths by layer/ })).toHaveTextContent('212.25 LF');
    expect(screen.getByRole('region', { name: /Symbol counts/ })).toHaveTextContent('6 EA');
    expect(await screen.findByText(/Your measurements could not be loaded/)).toBeInTheDocument();
  });

  it('selects a row into the URL and sends a symbol group to materials', async () => {
    const { router, sent } = renderViewer('/dashboard/projects/p1/documents/d2');
    fireEvent.click(await screen.findByRole('button', { name: /^BATH/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&item=room%3ABATH'));
    fireEvent.click(screen.getByRole('button', { name: 'Send CHAIR to materials' }));
    await waitFor(() => expect(sent).toEqual([{ documentId: 'd2', symbol: 'CHAIR' }]));
    expect(await screen.findByText('Sent to materials')).toBeInTheDocument();
  });
});

describe("the user's own measurements", () => {
  it('lists them with their totals and renames one through PATCH', async () => {
    const item: TakeoffItem = {
      id: 'i1',
      documentId: 'd2',
      projectId: 'p1',
      page: 1,
      kind: 'length',
      name: 'Length 1',
      category: null,
      points: [
        [0, 0],
        [180, 0],
      ],
      holes: [],
      quantity: '10.00',
      unit: 'LF',
      createdAt: '',
      updatedAt: '',
    };
    const { sent } = renderViewer('/dashboard/projects/p1/documents/d2', [item]);
    const mine = await screen.findByRole('region', { name: /Your measurements/ });
    expect(within(mine).getByRole('heading')).toHaveTextContent('10 LF');
    fireEvent.click(within(mine).getByRole('button', { name: 'Rename Length 1' }));
    const input = within(mine).getByRole('textbox', { name: 'New name for Length 1' });
    fireEvent.change(input, { target: { value: 'Base, corridor' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(sent).toEqual([{ name: 'Base, corridor' }]));
    expect(await within(mine).findByRole('button', { name: /^Base, corridor/ })).toBeInTheDocument();
  });
});
