import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import type { ProjectDocument } from '@/features/documents/api/documents';
import { FindingsDialog } from '@/features/documents/components/FindingsDialog';

const sheet: ProjectDocument = {
  id: 'd1',
  projectId: 'p1',
  filename: 'base-takeoff.xlsx',
  filetype: 'xlsx',
  filesize: 2048,
  documentType: 'project',
  uploadedAt: '2026-01-01T00:00:00.000Z',
  status: 'analyzed',
  error: null,
  sha256: '',
};

afterEach(() => vi.unstubAllGlobals());

describe('FindingsDialog', () => {
  it('shows the first 500 quantity lines of a large sheet and says how many more there are', async () => {
    const quantities = Array.from({ length: 1_200 }, (_, i) => ({
      description: `Vinyl base, room ${i + 1}`,
      quantity: 12,
      unit: 'ft',
      source: { sheet: 'Takeoff', row: i + 2 },
    }));
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'analyzed', kind: 'xlsx', quantities }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    render(
      <AppProvider>
        <MemoryRouter>
          <FindingsDialog document={sheet} onClose={() => undefined} />
        </MemoryRouter>
      </AppProvider>,
    );
    const last = await screen.findByText('Vinyl base, room 500');
    const table = last.closest('table')!;
    expect(within(table).queryByText('Vinyl base, room 501')).toBeNull();
    expect(within(table).getByText('and 700 more, not shown here: ask the assistant about them')).toBeTruthy();
  });
});
