import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { ChatPanel } from '@/features/chat/components/ChatPanel';
import type { ChatMessage } from '@/features/chat/api/messages';
import { UploadError, uploadDocuments, type ProjectDocument } from '@/features/documents';

vi.mock('@/features/documents/api/documents', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/documents/api/documents')>()),
  uploadDocuments: vi.fn(),
}));
const upload = vi.mocked(uploadDocuments);

const document = (id: string, filename: string, projectId = 'p1'): ProjectDocument => ({
  id,
  projectId,
  filename,
  filetype: filename.split('.').pop()!,
  filesize: 2048,
  documentType: 'project',
  uploadedAt: '2026-01-01T00:00:00.000Z',
  status: 'analyzed',
  error: null,
  sha256: '',
  reanalysis: null,
});

/** A gateway in memory: the project's documents and messages; each text send waits for `answer`. */
function gateway() {
  const documents: Record<string, ProjectDocument[]> = { p1: [], p2: [] };
  const messages: Record<string, ChatMessage[]> = { p1: [], p2: [] };
  const posts: Array<Record<string, unknown>> = [];
  let release: (() => void) | null = null;
  const held = { text: false };
  const message = (projectId: string, fields: Partial<ChatMessage>): ChatMessage => ({
    id: crypto.randomUUID(),
    projectId,
    content: '',
    sender: 'user',
    type: 'text',
    documentId: null,
    metadata: {},
    createdAt: new Date().toISOString(),
    ...fields,
  });
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://kerf.test');
    const projectId = url.searchParams.get('projectId') ?? '';
    if (url.pathname === '/api/documents') return json(documents[projectId] ?? []);
    if (url.pathname === '/api/materials') return json([]);
    if (url.pathname === '/api/messages' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown> & { projectId: string; content: string };
      posts.push(body);
      const list = messages[body.projectId]!;
      if (body.type === 'file') {
        list.push(
          message(body.projectId, { type: 'file', content: body.content, documentId: String(body.documentId) }),
        );
        return json(list);
      }
      list.push(message(body.projectId, { content: body.content }));
      if (held.text) await new Promise<void>((resolve) => (release = resolve));
      list.push(message(body.projectId, { sender: 'ai', content: 'There are 3 doors.' }));
      return json(list);
    }
    if (url.pathname === '/api/messages') return json(messages[projectId] ?? []);
    return new Response('{}', { status: 404 });
  });
  return { documents, messages, posts, held, answer: () => release?.() };
}

function renderPanel(projectId: string) {
  const queryClient = createQueryClient();
  const tree = (id: string) => (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter>
        <ChatPanel projectId={id} />
      </MemoryRouter>
    </AppProvider>
  );
  const view = render(tree(projectId));
  return { ...view, show: (id: string) => view.rerender(tree(id)) };
}

const file = (name: string, type = '') => new File(['x'], name, { type });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  upload.mockReset();
});

describe('chat attachments', () => {
  it('refuses unsupported files by name and sends the others one at a time as file messages', async () => {
    const api = gateway();
    let active = 0;
    let most = 0;
    upload.mockImplementation(async (files, projectId) => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 10));
      active -= 1;
      const stored = document(`d-${files[0]!.name}`, files[0]!.name, projectId);
      api.documents[projectId]!.push(stored);
      return [stored];
    });
    renderPanel('p1');
    await userEvent.upload(
      screen.getByTestId('chat-file-input'),
      [file('plan.dxf'), file('setup.exe'), file('specs.pdf')],
      {
        applyAccept: false,
      },
    );

    expect(await screen.findByText('Invalid file: setup.exe')).toBeInTheDocument();
    expect(
      screen.getByText('Please upload supported files only (PDF, image, Word doc, DWG, or DXF).'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('file-message')).toHaveLength(2));
    expect(upload.mock.calls.map(([files, projectId]) => [files.map((f) => f.name), projectId])).toEqual([
      [['plan.dxf'], 'p1'],
      [['specs.pdf'], 'p1'],
    ]);
    expect(most).toBe(1);
    expect(api.posts).toEqual([
      { content: 'plan.dxf', projectId: 'p1', type: 'file', documentId: 'd-plan.dxf' },
      { content: 'specs.pdf', projectId: 'p1', type: 'file', documentId: 'd-specs.pdf' },
    ]);
    expect(within(screen.getAllByTestId('file-message')[0]!).getByText('plan.dxf')).toBeInTheDocument();
  });

  it("counts the files that failed in 'Partial upload success'", async () => {
    gateway();
    upload
      .mockResolvedValueOnce([document('d1', 'a.dxf')])
      .mockRejectedValueOnce(new UploadError('http', 400, { message: 'The file type of b.pdf does not match' }))
      .mockResolvedValueOnce([document('d3', 'c.png')]);
    renderPanel('p1');
    await userEvent.upload(screen.getByTestId('chat-file-input'), [file('a.dxf'), file('b.pdf'), file('c.png')]);
    expect(await screen.findByText('Partial upload success')).toBeInTheDocument();
    expect(screen.getByText('2 uploaded, 1 failed')).toBeInTheDocument();
  });

  it("says 'Upload failed' when none of the files went through", async () => {
    gateway();
    upload.mockRejectedValue(new UploadError('network', 0, {}));
    renderPanel('p1');
    await userEvent.upload(screen.getByTestId('chat-file-input'), [file('a.dxf')]);
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText(/^None of the selected files could be uploaded\./)).toBeInTheDocument();
  });
  it('does not send a file over the 1024 MB client limit', async () => {
    gateway();
    const huge = file('scan.pdf', 'application/pdf');
    Object.defineProperty(huge, 'size', { value: 1025 * 1024 * 1024 });
    renderPanel('p1');
    await userEvent.upload(screen.getByTestId('chat-file-input'), [huge]);
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    // Anchored: the toast's screen-reader announcement holds the same words after 'Notification'.
    expect(
      screen.getByText(
        /^None of the selected files could be uploaded\. scan\.pdf \(1025\.0 MB\) is over the 1024 MB limit\.$/,
      ),
    ).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('the documents the assistant reads', () => {
  it('sends selectedDocumentIds only when a subset is chosen', async () => {
    const api = gateway();
    api.documents.p1 = [document('d1', 'plan.dxf'), document('d2', 'specs.pdf')];
    renderPanel('p1');
    const box = screen.getByRole('textbox', { name: 'Message' });

    await userEvent.click(
      await screen.findByRole('button', { name: /Documents the assistant reads: All documents \(2\)/ }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: /specs\.pdf/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Documents the assistant reads: specs.pdf' })).toBeInTheDocument();
    await userEvent.type(box, 'How many doors?{Enter}');
    await screen.findByText('There are 3 doors.');
    expect(api.posts.at(-1)).toEqual({
      content: 'How many doors?',
      projectId: 'p1',
      type: 'text',
      selectedDocumentIds: ['d2'],
    });

    await userEvent.click(screen.getByRole('button', { name: /Documents the assistant reads/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /All documents/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.type(box, 'And windows?{Enter}');
    await waitFor(() => expect(api.posts).toHaveLength(2));
    expect(api.posts.at(-1)).toEqual({ content: 'And windows?', projectId: 'p1', type: 'text' });
  });
});

describe('the processing indicator', () => {
  it('belongs to the project whose question is awaited', async () => {
    const api = gateway();
    api.held.text = true;
    const panel = renderPanel('p1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'How many doors?{Enter}');
    expect(await screen.findByText('Preparing your request...')).toBeInTheDocument();
    expect(sessionStorage.getItem('kerf:chat-processing:p1')).not.toBeNull();

    panel.show('p2');
    await waitFor(() => expect(screen.queryByTestId('chat-processing')).not.toBeInTheDocument());
    const other = screen.getByRole('textbox', { name: 'Message' });
    expect(other).toHaveValue('');
    await userEvent.type(other, 'x');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();

    panel.show('p1');
    expect(await screen.findByText('Preparing your request...')).toBeInTheDocument();
    api.answer();
    await screen.findByText('There are 3 doors.');
    await waitFor(() => expect(screen.queryByTestId('chat-processing')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('kerf:chat-processing:p1')).toBeNull();
  });
});
