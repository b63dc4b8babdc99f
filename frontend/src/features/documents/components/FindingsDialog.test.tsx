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

  it('shows each PDF page’s scale note, whether the analysis holds the scale (issue 16) or the bare note (before it)', async () => {
    const pages = [
      {
        number: 1,
        text: '',
        sheetNumber: 'A101',
        scale: { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, source: 'scale-note' },
      },
      { number: 2, text: '', sheetNumber: 'A102', scale: '1:50' },
      { number: 3, text: '', sheetNumber: 'A103', scale: null },
    ];
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'analyzed', kind: 'pdf', quantities: [], pages }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    render(
      <AppProvider>
        <MemoryRouter>
          <FindingsDialog document={{ ...sheet, filename: 'plans.pdf', filetype: 'pdf' }} onClose={() => undefined} />
        </MemoryRouter>
      </AppProvider>,
    );
    const table = (await screen.findByText('A101')).closest('table')!;
    expect(within(table).getByText(`1/4" = 1'-0"`)).toBeTruthy();
    expect(within(table).getByText('1:50')).toBeTruthy();
  });
});
