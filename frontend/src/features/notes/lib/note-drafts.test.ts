import { describe, expect, it } from 'vitest';
import { NoteDrafts } from '@/features/notes/lib/note-drafts';
import { NoteSaveQueue, type Note } from '@/features/notes/lib/note-save-queue';

type Sent = {
  projectId: string;
  content: string;
  keepalive: boolean;
  resolve: (note: Note) => void;
  reject: (e: Error) => void;
};

/** A server stand-in whose answers the test releases one by one. */
function fakeServer() {
  const sent: Sent[] = [];
  let clock = 0;
  const queue = new NoteSaveQueue(
    (projectId, content, { keepalive }) =>
      new Promise<Note>((resolve, reject) => {
        sent.push({ projectId, content, keepalive, resolve, reject });
      }),
  );
  const answer = (index: number) => {
    const request = sent[index]!;
    request.resolve({
      content: request.content,
      updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString(),
    });
  };
  return { sent, queue, answer };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('note drafts', () => {
  it('sends saves of one note one at a time, in order, so a slow earlier save cannot undo a later one', async () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: '', updatedAt: null });
    drafts.edit('p1', 'first');
    const first = drafts.save('p1');
    drafts.edit('p1', 'first and second');
    const second = drafts.save('p1');
    await flush();
    expect(server.sent.map((s) => s.content)).toEqual(['first']);
    server.answer(0);
    await first;
    await flush();
    expect(server.sent.map((s) => s.content)).toEqual(['first', 'first and second']);
    server.answer(1);
    await second;
    expect(drafts.get('p1')).toMatchObject({ text: 'first and second', saved: 'first and second', saving: 0 });
    expect(drafts.isDirty('p1')).toBe(false);
  });

  it('keeps the text when a save fails, still unsaved', async () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: 'old', updatedAt: '2026-01-01T00:00:00.000Z' });
    drafts.edit('p1', 'typed');
    const save = drafts.save('p1');
    await flush();
    server.sent[0]!.reject(new Error('503: down'));
    await expect(save).rejects.toThrow('503');
    expect(drafts.get('p1')).toMatchObject({ text: 'typed', saved: 'old', failed: true });
    expect(drafts.isDirty('p1')).toBe(true);
  });

  it('does not let a server copy replace unsaved text, nor an older copy replace a newer save', async () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: 'v1', updatedAt: '2026-01-01T00:00:01.000Z' });
    drafts.edit('p1', 'typing');
    drafts.receive('p1', { content: 'from elsewhere', updatedAt: '2026-01-01T00:00:05.000Z' });
    expect(drafts.get('p1')?.text).toBe('typing');

    const save = drafts.save('p1');
    await flush();
    server.answer(0);
    await save;
    drafts.receive('p1', { content: 'v1', updatedAt: '2026-01-01T00:00:00.500Z' });
    expect(drafts.get('p1')?.text).toBe('typing');
    drafts.receive('p1', { content: 'newer', updatedAt: '2026-02-01T00:00:00.000Z' });
    expect(drafts.get('p1')).toMatchObject({ text: 'newer', saved: 'newer' });
  });

  it('a read waits for the saves before it', async () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: '', updatedAt: null });
    drafts.edit('p1', 'switch away right after typing');
    void drafts.save('p1');
    let settled = false;
    void server.queue.settled('p1').then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    server.answer(0);
    await flush();
    expect(settled).toBe(true);
  });

  it('sends unsaved notes with keepalive as the page goes away, once per text', () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: '', updatedAt: null });
    drafts.receive('p2', { content: 'clean', updatedAt: null });
    drafts.edit('p1', 'closing the tab now');
    expect(drafts.saveOnUnload()).toBe(true);
    expect(drafts.saveOnUnload()).toBe(true);
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]).toMatchObject({ projectId: 'p1', content: 'closing the tab now', keepalive: true });
  });

  it('reports a note too large for keepalive so the page can ask the user to stay', () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: '', updatedAt: null });
    drafts.edit('p1', 'x'.repeat(100_000));
    expect(drafts.hasUnsendable()).toBe(true);
    expect(drafts.saveOnUnload()).toBe(false);
    expect(server.sent).toHaveLength(0);
  });

  it('saveAll saves every unsaved note and waits for them', async () => {
    const server = fakeServer();
    const drafts = new NoteDrafts(server.queue);
    drafts.receive('p1', { content: '', updatedAt: null });
    drafts.receive('p2', { content: '', updatedAt: null });
    drafts.edit('p1', 'a');
    drafts.edit('p2', 'b');
    let done = false;
    const all = drafts.saveAll().then(() => (done = true));
    await flush();
    expect(server.sent.map((s) => s.content).sort()).toEqual(['a', 'b']);
    expect(done).toBe(false);
    server.answer(0);
    server.answer(1);
    await all;
    expect(drafts.isDirty('p1') || drafts.isDirty('p2')).toBe(false);
  });
});
