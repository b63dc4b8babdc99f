import { useQueryClient } from '@tanstack/react-query';
import { extractMaterials, newMaterials } from '@kerf/takeoff';
import { Bot, Calculator, MessagesSquare, Send } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { apiRequest } from '@/lib/api-client';
import {
  messagesQueryKey,
  sendMessage,
  useMessages,
  type ChatMessage,
  type ChatSource,
} from '@/features/chat/api/messages';
import { processingStore, stepAt, STEP_MS } from '@/features/chat/lib/processing';
import { createMaterial, materialsQueryKey, type Material } from '@/features/materials/api/materials';

const sourceText = (source: ChatSource) =>
  [
    source.filename,
    source.sheet && `sheet ${source.sheet}`,
    source.page !== undefined && `page ${source.page}`,
    source.layer && `layer ${source.layer}`,
    source.block && `block ${source.block}`,
  ]
    .filter(Boolean)
    .join(' · ');

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.sender === 'user';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap',
          mine ? 'bg-primary text-primary-foreground' : 'border bg-background',
        )}
        data-testid={mine ? 'user-message' : 'ai-message'}
      >
        {message.content}
        {!mine && message.metadata.quantities?.length ? (
          <ul className="mt-2 grid gap-0.5 border-t pt-1.5 text-xs text-muted-foreground" aria-label="Sources">
            {message.metadata.quantities.map((quantity, i) => (
              <li key={i}>
                {quantity.quantity} {quantity.unit} {quantity.description}: {sourceText(quantity.source)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** The chat panel (SPEC §2, §4): the conversation, the input, the processing indicator and the Estimates button. */
export function ChatPanel({ projectId, className }: { projectId: string; className?: string }) {
  const queryClient = useQueryClient();
  const { data: messages, isPending } = useMessages(projectId);
  const [text, setText] = useState('');
  const [startedAt, setStartedAt] = useState<number | null>(() => processingStore.since(projectId));
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), STEP_MS / 3);
    return () => clearInterval(timer);
  }, [startedAt]);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages?.length, startedAt]);

  const grow = () => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 150)}px`;
  };

  /** SPEC §4: the last ai message's quantities become materials, none twice. */
  const addMaterials = async (list: ChatMessage[]) => {
    const reply = [...list].reverse().find((message) => message.sender === 'ai');
    if (!reply) return;
    const extracted = extractMaterials(reply.content);
    if (!extracted.length) return;
    const current = (await (
      await apiRequest('GET', `/api/materials?projectId=${encodeURIComponent(projectId)}`)
    ).json()) as Material[];
    for (const material of newMaterials(extracted, current))
      await createMaterial(projectId, { ...material, source: 'ai' }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: materialsQueryKey(projectId) });
  };

  const send = async () => {
    const content = text.trim();
    if (!content || startedAt !== null) return;
    processingStore.start(projectId);
    setStartedAt(Date.now());
    setNow(Date.now());
    try {
      const list = await sendMessage(projectId, content);
      queryClient.setQueryData(messagesQueryKey(projectId), list);
      setText('');
      requestAnimationFrame(grow);
      await addMaterials(list);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to send message',
        description: 'Your message is kept: send it again.',
      });
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(projectId) });
    } finally {
      processingStore.clear(projectId);
      setStartedAt(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <section aria-labelledby="chat-panel-title" className={cn('flex min-h-0 flex-col', className)}>
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
        ) : !messages?.length && startedAt === null ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
            <Bot className="size-8 text-primary" aria-hidden />
            <p className="text-sm font-medium">Ask about your drawings</p>
            <p className="max-w-sm text-xs text-muted-foreground">
              For example: “How many doors are there?”, “How long are the walls?”, “What is the area of the rooms?” or
              “How much concrete for a 6 inch slab?”. Every number comes with the drawing it was read from.
            </p>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Messages">
            {messages?.map((message) => (
              <Bubble key={message.id} message={message} />
            ))}
          </ul>
        )}
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
      <div className="flex items-end gap-2 border-t p-3">
        <Textarea
          ref={input}
          aria-label="Message"
          placeholder="Ask about quantities in your documents…"
          rows={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            grow();
          }}
          onKeyDown={onKeyDown}
          className="max-h-[150px] min-h-9 resize-none"
        />
        <Button size="icon" aria-label="Send" disabled={!text.trim() || startedAt !== null} onClick={() => void send()}>
          <Send />
        </Button>
      </div>
    </section>
  );
}
