import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import type { DocumentAnalysis, ProjectDocument } from '@/features/documents/api/documents';
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
  reanalysis: null,
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

const plan: ProjectDocument = { ...sheet, id: 'd2', filename: 'floorplan.dxf', filetype: 'dxf' };

const WARNING =
  "The drawing's header says it is in millimetres ($INSUNITS = 4), but 63 of its 63 readable dimensions only make sense in inches.";

function drawingAnalysis(unit: 'mm' | 'in', wallFt: number): DocumentAnalysis {
  return {
    status: 'analyzed',
    kind: 'dxf',
    revision: unit === 'mm' ? 1 : 2,
    units:
      unit === 'mm'
        ? { source: 'mm', usedAs: 'mm', suggested: 'in' }
        : {
            source: 'mm',
            usedAs: 'in',
            override: { unit: 'in', setBy: 'Ada Lovelace', setAt: '2026-03-04T10:00:00Z' },
          },
    overrides: unit === 'mm' ? {} : { units: { unit: 'in', setBy: 'Ada Lovelace', setAt: '2026-03-04T10:00:00Z' } },
    reanalysis: null,
    reanalysisError: null,
    warnings: [
      unit === 'mm'
        ? WARNING
        : "Drawing units set to inches by Ada Lovelace on March 4, 2026; the file's header says millimetres.",
    ],
    layers: [{ name: 'A-WALL', lengthFt: wallFt, areaSqFt: 0, entityCount: 177 }],
    quantities: [],
  };
}

describe('FindingsDialog drawing units', () => {
  it('offers the units the dimensions suggest in one click, and shows the figures recomputed in them', async () => {
    const calls: Array<{ method: string; url: string; body?: string }> = [];
    let stored = drawingAnalysis('mm', 28.2);
    // After the PUT, the server answers two reads with the previous figures while it redoes the analysis.
    let readsWhileRedoing = 0;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body as string | undefined });
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (method === 'PUT') {
        // The correction is stored at once; the figures are the previous ones until it is redone.
        stored = { ...stored, reanalysis: 'pending', overrides: drawingAnalysis('in', 0).overrides };
        readsWhileRedoing = 2;
        return json(stored);
      }
      if (stored.reanalysis && readsWhileRedoing-- <= 0) stored = drawingAnalysis('in', 716.3);
      return json(url.endsWith('/analysis') ? stored : []);
    });
    render(
      <AppProvider>
        <MemoryRouter>
          <FindingsDialog document={plan} onClose={() => undefined} />
        </MemoryRouter>
      </AppProvider>,
    );
    const warning = (await screen.findByText(WARNING, { exact: false })).closest('[role="alert"]') as HTMLElement;
    expect(within(warning).getByRole('combobox', { name: 'Drawing units' })).toBeTruthy();
    fireEvent.click(within(warning).getByRole('button', { name: 'Use inches' }));
    await screen.findByText(/Recomputing in inches/);
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/documents/d2/units',
      body: JSON.stringify({ units: 'in' }),
    });
    await screen.findByText(/Drawing units set to inches by Ada Lovelace on March 4, 2026/, {}, { timeout: 5_000 });
    await waitFor(() => expect(screen.getByRole('cell', { name: '716.3' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });
});

describe('FindingsDialog layers', () => {
  it('gives a wall layer its walls, each once, as the viewer and the assistant do, with the lines drawn beside', async () => {
    vi.stubGlobal(
      'fetch',
      async (url: string) =>
        new Response(
          JSON.stringify(
            url.endsWith('/analysis')
              ? {
                  status: 'analyzed',
                  kind: 'pdf',
                  quantities: [],
                  layers: [
                    {
                      name: 'walls round the measured spaces',
                      page: 1,
                      lengthFt: 312.09,
                      wallLengthFt: 225.88,
                      areaSqFt: 0,
                      entityCount: 36,
                    },
                    { name: 'stroke #000000 0.45 pt', page: 1, lengthFt: 26.7, areaSqFt: 0, entityCount: 6 },
                  ],
                }
              : [],
          ),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    render(
      <AppProvider>
        <MemoryRouter>
          <FindingsDialog
            document={{ ...sheet, id: 'd3', filename: 'A101.pdf', filetype: 'pdf' }}
            onClose={() => undefined}
          />
        </MemoryRouter>
      </AppProvider>,
    );
    const walls = (
      await screen.findByRole('cell', {
        name: 'walls round the measured spaces (walls, each once; 312.09 ft of lines drawn)',
      })
    ).closest('tr') as HTMLElement;
    expect(within(walls).getByRole('cell', { name: '225.88' })).toBeTruthy();
    const other = screen.getByRole('cell', { name: 'stroke #000000 0.45 pt' }).closest('tr') as HTMLElement;
    expect(within(other).getByRole('cell', { name: '26.7' })).toBeTruthy();
  });
});
