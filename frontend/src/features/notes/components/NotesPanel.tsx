import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Check, LoaderCircle, NotebookPen, Save } from 'lucide-react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notesQueryKey, useNotes } from '@/features/notes/api/get-notes';
import { isDirty, type NoteDraft } from '@/features/notes/lib/note-drafts';
import type { Note } from '@/features/notes/lib/note-save-queue';
import { formatSavedAt } from '@/features/notes/lib/saved-time';
import { noteDrafts, useNoteDraft } from '@/features/notes/stores/note-drafts';

/** SPEC §4 and §9: auto-save fires 2 seconds after the text changes, if it differs from the saved content. */
export const AUTO_SAVE_DELAY_MS = 2000;

function saveFailed(error: unknown) {
  // A refused save says nothing useful here; a check that failed before sending does.
  const detail = error instanceof Error && !(error instanceof ApiError) ? error.message : null;
  toast({
    variant: 'destructive',
    title: 'Failed to save notes',
    description: detail ?? 'Your text is still here. Check your connection and try saving again.',
  });
}

/** The project's one note (SPEC §2): a text area, auto-save, a manual save, and the last-saved time. */
export function NotesPanel({ projectId, className }: { projectId: string; className?: string }) {
  const queryClient = useQueryClient();
  const notes = useNotes(projectId);
  const draft = useNoteDraft(projectId);
  const textareaId = useId();

  // The server's copy goes into the draft store, which keeps unsaved text over it.
  useEffect(() => {
    if (notes.data) noteDrafts.receive(projectId, notes.data);
  }, [notes.data, projectId]);

  const save = async (): Promise<Note> => {
    await queryClient.cancelQueries({ queryKey: notesQueryKey(projectId) });
    const note = await noteDrafts.save(projectId);
    queryClient.setQueryData(notesQueryKey(projectId), note);
    return note;
  };

  // Auto-save 2 s after the last change that differs from what is saved.
  const text = draft?.text;
  const saved = draft?.saved;
  useEffect(() => {
    if (text === undefined || text === saved) return;
    const timer = setTimeout(() => {
      save().catch(saveFailed);
    }, AUTO_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // `save` only closes over projectId and the query client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, saved, projectId]);

  // Switching project (or leaving the dashboard) saves what is unsaved on the way out.
  useEffect(
    () => () => {
      if (!noteDrafts.isDirty(projectId)) return;
      noteDrafts
        .save(projectId)
        .then((note) => queryClient.setQueryData(notesQueryKey(projectId), note))
        .catch(saveFailed);
    },
    [projectId, queryClient],
  );

  // Closing or reloading the tab: unsaved notes go out with keepalive; one too large for that makes the browser ask.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (noteDrafts.hasUnsendable()) {
        event.preventDefault();
        event.returnValue = '';
        return;
      }
      noteDrafts.saveOnUnload();
    };
    const onPageHide = () => {
      noteDrafts.saveOnUnload();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') noteDrafts.saveOnUnload();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);

  const saveNow = () => {
    save()
      .then(() => toast({ title: 'Notes saved' }))
      .catch(saveFailed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      saveNow();
    }
  };

  return (
    <section aria-labelledby={`${textareaId}-title`} className={cn('flex min-h-0 flex-col', className)}>
      <header className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 id={`${textareaId}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <NotebookPen className="size-4 text-muted-foreground" aria-hidden />
          Notes
        </h2>
        <Button size="sm" variant="outline" onClick={saveNow} disabled={!draft || draft.saving > 0}>
          <Save />
          Save
        </Button>
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
        {notes.isError && !draft ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center text-sm text-muted-foreground">
            <AlertCircle className="size-5 text-destructive" aria-hidden />
            <p>The notes could not be loaded.</p>
            <Button size="sm" variant="outline" onClick={() => void notes.refetch()}>
              Try again
            </Button>
          </div>
        ) : !draft ? (
          <Skeleton className="flex-1" aria-label="Loading notes" />
        ) : (
          <>
            <label htmlFor={textareaId} className="sr-only">
              Project notes
            </label>
            <Textarea
              id={textareaId}
              value={draft.text}
              onChange={(event) => noteDrafts.edit(projectId, event.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Site conditions, scope questions, supplier quotes, reminders…"
              className="min-h-32 flex-1 resize-none bg-background leading-relaxed"
              spellCheck
            />
            <SaveStatus draft={draft} />
          </>
        )}
      </div>
    </section>
  );
}

function SaveStatus({ draft }: { draft: NoteDraft }) {
  let icon = <Check className="size-3.5 text-emerald-600" aria-hidden />;
  let state: string | null = null;
  if (draft.saving > 0) {
    icon = <LoaderCircle className="size-3.5 animate-spin" aria-hidden />;
    state = 'Saving…';
  } else if (draft.failed && isDirty(draft)) {
    icon = <AlertCircle className="size-3.5 text-destructive" aria-hidden />;
    state = 'Not saved. Press Save to try again';
  } else if (isDirty(draft)) {
    icon = <span className="mx-[3px] size-2 rounded-full bg-amber-500" aria-hidden />;
    state = 'Unsaved changes';
  } else if (!draft.savedAt) {
    icon = <span className="mx-[3px] size-2 rounded-full bg-muted-foreground/40" aria-hidden />;
    state = 'Not saved yet';
  }
  const lastSaved = draft.savedAt ? `Last saved ${formatSavedAt(draft.savedAt)}` : null;
  return (
    <p
      className="flex items-center gap-1.5 text-xs text-muted-foreground"
      aria-live="polite"
      data-testid="notes-status"
    >
      {icon}
      <span>{[state, lastSaved].filter(Boolean).join(' · ')}</span>
    </p>
  );
}
