import type { Note } from '@kerf/contracts/http';

/** A project's note as the gateway returns it (docs/spec.md §7). */
export type { Note };

export type SendNote = (projectId: string, content: string, options: { keepalive: boolean }) => Promise<Note>;

/**
 * The saves of one project's note go out one at a time, in the order they were
 * asked for, so an earlier save that is slow can never land after a later one
 * and undo it. A read of the note waits for the saves asked for before it
 * (`settled`), so switching back to a project shows what was just typed.
 */
export class NoteSaveQueue {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly send: SendNote) {}

  save(projectId: string, content: string): Promise<Note> {
    const previous = this.tails.get(projectId) ?? Promise.resolve();
    const sent = previous.then(() => this.send(projectId, content, { keepalive: false }));
    const tail = sent.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(projectId, tail);
    void tail.then(() => {
      if (this.tails.get(projectId) === tail) this.tails.delete(projectId);
    });
    return sent;
  }

  /**
   * The page is going away: start the request now, in this task, with
   * `keepalive` so the browser finishes it after the page is gone. It cannot
   * wait for earlier saves, which by then are already on the wire.
   */
  saveOnUnload(projectId: string, content: string): boolean {
    if (!fitsKeepalive(content)) return false;
    void this.send(projectId, content, { keepalive: true }).catch(() => undefined);
    return true;
  }

  /** Resolves once every save asked for so far for the project has settled. */
  settled(projectId: string): Promise<void> {
    return this.tails.get(projectId) ?? Promise.resolve();
  }

  /** Resolves once every save asked for so far, of any project, has settled. */
  async allSettled(): Promise<void> {
    await Promise.all([...this.tails.values()]);
  }
}

/**
 * Browsers cap the bodies of keepalive requests in flight at 64 KiB; a note
 * larger than that cannot be sent as the page closes (the panel warns instead).
 */
export const KEEPALIVE_BODY_LIMIT = 60 * 1024;

export function fitsKeepalive(content: string): boolean {
  return new TextEncoder().encode(JSON.stringify({ content })).length <= KEEPALIVE_BODY_LIMIT;
}
