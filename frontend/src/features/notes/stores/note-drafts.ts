import { useCallback, useSyncExternalStore } from 'react';
import { noteSaves } from '@/features/notes/api/save-notes';
import { NoteDrafts, type NoteDraft } from '@/features/notes/lib/note-drafts';

/** The notes being edited in this tab (one store for the app). */
export const noteDrafts = new NoteDrafts(noteSaves);

export function useNoteDraft(projectId: string): NoteDraft | undefined {
  const get = useCallback(() => noteDrafts.get(projectId), [projectId]);
  return useSyncExternalStore(noteDrafts.subscribe, get, get);
}

/** Saves every note with unsaved text and waits for every save on its way. */
export function saveAllNotes(): Promise<void> {
  return noteDrafts.saveAll();
}

/** Forgets a deleted project's note so nothing tries to save it. */
export function forgetNote(projectId: string): void {
  noteDrafts.forget(projectId);
}
