import { useQueryClient } from '@tanstack/react-query';
import { Bot, Calculator, MessagesSquare, Paperclip, Send } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { messagesQueryKey, sendFileMessage, sendMessage, useMessages } from '@/features/chat/api/messages';
import { DocumentPicker } from '@/features/chat/components/DocumentPicker';
import { MessageBubble } from '@/features/chat/components/MessageBubble';
import {
  ATTACHMENT_ACCEPT,
  INVALID_FILE_HELP,
  attachmentOutcome,
  invalidFileTitle,
  sortAttachments,
} from '@/features/chat/lib/attachments';
import { chosenDocuments, selectedDocumentIds } from '@/features/chat/lib/document-selection';
import { orphanSettled, processingStore, stepAt, STEP_MS, useProcessingSince } from '@/features/chat/lib/processing';
import {
  UploadError,
  documentsQueryKey,
  uploadDocuments,
  useDocuments,
  type ProjectDocument,
  MAX_FILE_MB,
  tooLarge,
  uploadFailureMessage,
} from '@/features/documents';
import { formatSize } from '@/lib/format-size';
import { materialsQueryKey } from '@/features/materials';

/** SPEC §5, §9: the input grows with its text up to 150 px, then scrolls. */
const INPUT_MAX_PX = 150;

type Upload = { name: string; index: number; total: number; progress: number };

const choiceKey = (projectId: string) => `kerf:chat-documents:${projectId}`;

function storedChoice(projectId: string): string[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(choiceKey(projectId)) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The chat panel (SPEC §2, §4, §5): the conversation, attachments, the documents to read, the input and the Estimates button. */
export function ChatPanel({ projectId, className }: { projectId: string; className?: string }) {
  // One conversation per project: switching projects starts from that project's own state.
  return <Conversation key={projectId} projectId={projectId} className={className} />;
}

function Conversation({ projectId, className }: { projectId: string; className?: string }) {
  const queryClient = useQueryClient();
  const { data: messages, isPending, isFetching, dataUpdatedAt } = useMessages(projectId);
  const { data: documents } = useDocuments(projectId);
  const [text, setText] = useState('');
  const startedAt = useProcessingSince(projectId);
  const [now, setNow] = useState(() => Date.now());
  const [upload, setUpload] = useState<Upload | null>(null);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => storedChoice(projectId));
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);

  const byId = useMemo(() => new Map((documents ?? []).map((document) => [document.id, document])), [documents]);
  const busy = startedAt !== null;
  // A send that a reload interrupted: this page is not awaiting it, so it watches the messages for its reply.
  const orphaned = busy && !processingStore.awaiting(projectId);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), STEP_MS / 3);
    return () => clearInterval(timer);
  }, [startedAt]);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages?.length, startedAt, upload?.index]);

  const choose = (next: string[]) => {
    setChosen(next);
    if (next.length) sessionStorage.setItem(choiceKey(projectId), JSON.stringify(next));
    else sessionStorage.removeItem(choiceKey(projectId));
  };

  const grow = () => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    // Empty, it keeps its one row (Chromium counts a wrapped placeholder in scrollHeight).
    if (element.value) element.style.height = `${Math.min(element.scrollHeight, INPUT_MAX_PX)}px`;
  };

  // Cleared once sent, the input shrinks back in the same commit that shows the reply (a frame later, the
  // reply was on screen beside an input still 150 px tall).
  useLayoutEffect(() => {
    if (text === '') grow();
  }, [text]);

  /**
   * SPEC §4: the reply's quantities become materials. The server proposes them
   * with the reply (one per source, none twice, annotation left out); the list is read again.
   */
  const refreshMaterials = () => queryClient.invalidateQueries({ queryKey: materialsQueryKey(projectId) });

  useEffect(() => {
    if (!orphaned) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: messagesQueryKey(projectId) }),
      STEP_MS,
    );
    return () => clearInterval(timer);
  }, [orphaned, projectId, queryClient]);
  useEffect(() => {
    // Settle only on a list read after the send began, so a cached list does not end it early.
    if (!orphaned || startedAt === null || isFetching || dataUpdatedAt < startedAt) return;
    if (!orphanSettled(messages, startedAt, now)) return;
    processingStore.clear(projectId);
    if (messages?.at(-1)?.sender === 'ai') void refreshMaterials().catch(() => undefined);
    // refreshMaterials reads only stable values of this project.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orphaned, startedAt, isFetching, dataUpdatedAt, messages, now, projectId]);

  const send = async () => {
    const content = text.trim();
    if (!content || processingStore.since(projectId) !== null) return;
    processingStore.start(projectId);
    setNow(Date.now());
    try {
      const list = await sendMessage(projectId, content, selectedDocumentIds(chosen, documents ?? []));
      queryClient.setQueryData(messagesQueryKey(projectId), list);
      setText('');
      await refreshMaterials();
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to send message',
        description: 'Your message is kept: send it again.',
      });
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(projectId) });
    } finally {
      processingStore.clear(projectId);
    }
  };

  /** SPEC §5, §8: supported files are stored as documents of the project one at a time, each posted as a file message. */
  const attach = async (files: File[]) => {
    if (!files.length || upload) return;
    const { valid, invalid } = sortAttachments(files);
    if (invalid.length)
      toast({
        variant: 'destructive',
        title: invalidFileTitle(invalid.map((file) => file.name).join(', ')),
        description: INVALID_FILE_HELP,
      });
    if (!valid.length) return;
    let uploaded = 0;
    let failed = 0;
    let reason: string | undefined;
    const added: string[] = [];
    for (const [index, file] of valid.entries()) {
      // SPEC §9: the client limit of 1024 MB per file holds here too; such a file is not sent.
      if (tooLarge([file]).length) {
        failed += 1;
        reason = `${file.name} (${formatSize(file.size)}) is over the ${MAX_FILE_MB} MB limit.`;
        continue;
      }
      setUpload({ name: file.name, index, total: valid.length, progress: 0 });
      try {
        const [document] = await uploadDocuments([file], projectId, 'project', (progress) =>
          setUpload({ name: file.name, index, total: valid.length, progress }),
        );
        if (!document) throw new UploadError('http', 500, {});
        added.push(document.id);
        const list = await sendFileMessage(projectId, document.id, document.filename || file.name);
        queryClient.setQueryData(messagesQueryKey(projectId), list);
        uploaded += 1;
      } catch (error) {
        failed += 1;
        reason =
          error instanceof UploadError
            ? uploadFailureMessage(error).description
            : `${file.name} was stored but could not be posted to the chat.`;
      } finally {
        await queryClient.invalidateQueries({ queryKey: documentsQueryKey(projectId) });
      }
    }
    setUpload(null);
    // A file attached while a subset is chosen is one the user means to ask about.
    const current = chosenDocuments(
      chosen,
      queryClient.getQueryData<ProjectDocument[]>(documentsQueryKey(projectId)) ?? [],
    );
    if (current.length && added.length) choose([...current, ...added.filter((id) => !current.includes(id))]);
    const outcome = attachmentOutcome(uploaded, failed, reason);
    if (outcome)
      toast({
        variant: outcome.destructive ? 'destructive' : 'default',
        title: outcome.title,
        description: outcome.description,
      });
    if (failed) await queryClient.invalidateQueries({ queryKey: messagesQueryKey(projectId) });
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    void attach(files);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    void attach(Array.from(event.dataTransfer.files));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (the textarea's own behaviour) breaks the line; Enter that ends an IME composition does neither.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <section
      aria-labelledby="chat-panel-title"
      className={cn('relative flex min-h-0 flex-col', className)}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <header className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 id="chat-panel-title" className="flex items-center gap-2 text-sm font-semibold">
          <MessagesSquare className="size-4 text-muted-foreground" aria-hidden />
          Assistant
        </h2>
        <Button asChild size="sm" variant="outline">
          <Link to={paths.app.estimates.getHref(projectId)}>
            <Calculator />
            Estimates
          </Link>
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {isPending ? (
          <Spinner />
        ) : !messages?.length && !busy && !upload ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
            <Bot className="size-8 text-primary" aria-hidden />
            <p className="text-sm font-medium">Ask about your drawings</p>
            <p className="max-w-sm text-xs text-muted-foreground">
              For example: “How many doors are there?”, “How long are the walls?”, “What is the area of the rooms?” or
              “How much concrete for a 6 inch slab?”. Every number comes with the drawing it was read from. Attach
              drawings with the paper clip.
            </p>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Messages">
            {messages?.map((message) => (
              <MessageBubble key={message.id} message={message} documents={byId} />
            ))}
          </ul>
        )}
        {upload ? (
          <div role="status" className="mt-2 grid gap-1 text-sm text-muted-foreground" data-testid="chat-upload">
            <span className="flex min-w-0 items-center gap-2">
              <Spinner />
              <span className="truncate">
                Uploading {upload.name}
                {upload.total > 1 ? ` (${upload.index + 1} of ${upload.total})` : ''}…{' '}
                {Math.round(upload.progress * 100)}%
              </span>
            </span>
            <span className="h-1 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full bg-primary transition-[width]"
                style={{ width: `${Math.round(upload.progress * 100)}%` }}
              />
            </span>
          </div>
        ) : null}
        {startedAt !== null ? (
          <p
            role="status"
            className="mt-2 flex items-center gap-2 text-sm text-muted-foreground"
            data-testid="chat-processing"
          >
            <Spinner />
            {stepAt(startedAt, now)}
          </p>
        ) : null}
        <div ref={end} />
      </div>
      <div className="grid gap-1 border-t px-3 pt-1.5 pb-3">
        <div className="flex min-w-0 items-center">
          <DocumentPicker documents={documents ?? []} chosen={chosen} onChange={choose} />
        </div>
        <div className="flex items-end gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Attach files"
            title="Attach PDF, image, Word, DWG or DXF files"
            disabled={upload !== null}
            onClick={() => picker.current?.click()}
          >
            {upload ? <Spinner /> : <Paperclip />}
          </Button>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="hidden"
            aria-label="Attach files to the chat"
            data-testid="chat-file-input"
            onChange={onPick}
          />
          <Textarea
            ref={input}
            aria-label="Message"
            placeholder="Ask about your drawings…"
            rows={1}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              grow();
            }}
            onKeyDown={onKeyDown}
            className="max-h-[150px] min-h-9 resize-none overflow-y-auto"
          />
          <Button size="icon" aria-label="Send" disabled={!text.trim() || busy} onClick={() => void send()}>
            <Send />
          </Button>
        </div>
      </div>
      {dragging ? (
        <div className="pointer-events-none absolute inset-2 grid place-items-center rounded-lg border-2 border-dashed border-primary bg-background/85 text-sm font-medium text-primary">
          Drop files to attach them
        </div>
      ) : null}
    </section>
  );
}
