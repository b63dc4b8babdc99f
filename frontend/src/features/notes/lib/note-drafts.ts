import { fitsKeepalive, type Note, type NoteSaveQueue } from '@/features/notes/lib/note-save-queue';

/** What the notes panel shows for one project. */
export type NoteDraft = {
  /** The text in the box. */
  text: string;
  /** The text the server has, as far as this tab knows. */
  saved: string;
  /** When the server last saved it (SPEC §2: the last-saved time); null if never. */
  savedAt: string | null;
  /** Saves on their way. */
  saving: number;
  /** The last save failed and nothing has been saved since. */
  failed: boolean;
};

export function isDirty(draft: NoteDraft | undefined): boolean {
  return draft !== undefined && draft.text !== draft.saved;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/**
 * The notes being edited, per project, kept outside the panel so that text
 * typed and left is never lost: it outlives the panel (switching projects
 * saves it on the way out, and a failed save keeps it for the next try), and
 * whatever is unsaved when the tab closes is sent with keepalive.
 */
export class NoteDrafts {
  private readonly drafts = new Map<string, NoteDraft>();
  private readonly listeners = new Set<() => void>();
  /** The text last sent for each project as the page went away, so it is sent once. */
  private readonly sentOnUnload = new Map<string, string>();

  constructor(private readonly queue: NoteSaveQueue) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(projectId: string): NoteDraft | undefined {
    return this.drafts.get(projectId);
  }

  isDirty(projectId: string): boolean {
    return isDirty(this.drafts.get(projectId));
  }

  /**
   * The server's copy arrived. It replaces the text unless the user has
   * unsaved changes or a save is on its way, and never with an older copy
   * than the one last saved.
   */
  receive(projectId: string, note: Note): void {
    const draft = this.drafts.get(projectId);
    if (!draft) {
      this.set(projectId, {
        text: note.content,
        saved: note.content,
        savedAt: note.updatedAt,
        saving: 0,
        failed: false,
      });
      return;
    }
    if (isDirty(draft) || draft.saving > 0 || time(note.updatedAt) < time(draft.savedAt)) return;
    if (note.content === draft.saved && note.updatedAt === draft.savedAt) return;
    this.set(projectId, { ...draft, text: note.content, saved: note.content, savedAt: note.updatedAt });
  }

  edit(projectId: string, text: string): void {
    const draft = this.drafts.get(projectId);
    if (!draft || draft.text === text) return;
    this.set(projectId, { ...draft, text });
  }

  /** Saves the text as it is now. Rejects when the save fails; the text stays. */
  async save(projectId: string): Promise<Note> {
    const draft = this.drafts.get(projectId);
    if (!draft) throw new Error('The note has not loaded yet.');
    const text = draft.text;
    this.update(projectId, (d) => ({ ...d, saving: d.saving + 1 }));
    try {
      const note = await this.queue.save(projectId, text);
      this.update(projectId, (d) => ({
        ...d,
        saved: note.content,
        savedAt: note.updatedAt,
        saving: d.saving - 1,
        failed: false,
      }));
      return note;
    } catch (error) {
      this.update(projectId, (d) => ({ ...d, saving: d.saving - 1, failed: true }));
      throw error;
    }
  }

  /** Saves every note with unsaved text (before logging out, for example). */
  async saveAll(): Promise<void> {
    const dirty = [...this.drafts.keys()].filter((id) => this.isDirty(id));
    await Promise.allSettled(dirty.map((id) => this.save(id)));
    await this.queue.allSettled();
  }

  /**
   * The page is going away: send each unsaved note with keepalive. Returns
   * false if some note is too large for that, so the caller can ask the user
   * to stay.
   */
  saveOnUnload(): boolean {
    let allSent = true;
    for (const [projectId, draft] of this.drafts) {
      if (!isDirty(draft) || this.sentOnUnload.get(projectId) === draft.text) continue;
      if (this.queue.saveOnUnload(projectId, draft.text)) this.sentOnUnload.set(projectId, draft.text);
      else allSent = false;
    }
    return allSent;
  }

  /** True when some unsaved note is too large to be sent as the page closes. */
  hasUnsendable(): boolean {
    return [...this.drafts.values()].some((draft) => isDirty(draft) && !fitsKeepalive(draft.text));
  }

  /** Forgets a project's note (the project was deleted). */
  forget(projectId: string): void {
    if (this.drafts.delete(projectId)) this.emit();
  }

  private update(projectId: string, change: (draft: NoteDraft) => NoteDraft): void {
    const draft = this.drafts.get(projectId);
    if (draft) this.set(projectId, change(draft));
  }

  private set(projectId: string, draft: NoteDraft): void {
    this.drafts.set(projectId, draft);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
