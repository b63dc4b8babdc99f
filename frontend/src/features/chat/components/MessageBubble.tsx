import { formatQuantity } from '@kerf/takeoff';
import { FileText, Loader2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import type { ChatMessage, ChatSource } from '@/features/chat/api/messages';
import type { ProjectDocument } from '@/features/documents';
import { formatSize } from '@/lib/format-size';
import { viewerHref } from '@/features/viewer';

const sourceText = (source: ChatSource) =>
  [
    source.filename,
    source.sheet && `sheet ${source.sheet}`,
    source.page !== undefined && `page ${source.page}`,
    source.room && `room ${source.room}`,
    source.layer && `layer ${source.layer}`,
    source.block && `block ${source.block}`,
  ]
    .filter(Boolean)
    .join(' · ');

const STATUS: Record<ProjectDocument['status'], string> = {
  pending: 'Waiting to be read',
  processing: 'Being read',
  analyzed: 'Analyzed',
  failed: 'Could not be read',
};

/** A chat attachment: the document it became, with its kind, size and whether Kerf has read it yet. */
function FileBubble({ message, document }: { message: ChatMessage; document: ProjectDocument | undefined }) {
  const name = document?.filename ?? message.content;
  const working = document?.status === 'pending' || document?.status === 'processing';
  return (
    <li className="flex justify-end">
      <div
        className="flex max-w-[85%] min-w-0 items-center gap-2.5 rounded-lg border bg-background px-3 py-2 shadow-xs"
        data-testid="file-message"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-md bg-primary/10 text-primary">
          <FileText className="size-4" aria-hidden />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium" title={name}>
            {name}
          </span>
          <span
            className={cn(
              'flex items-center gap-1 text-xs text-muted-foreground',
              document?.status === 'failed' && 'text-destructive',
            )}
          >
            {working ? <Loader2 className="size-3 animate-spin" aria-hidden /> : null}
            {document
              ? `${document.filetype.toUpperCase()} · ${formatSize(document.filesize)} · ${STATUS[document.status]}`
              : 'No longer in the project'}
          </span>
        </span>
      </div>
    </li>
  );
}

/** One message: the user's question, a file the user attached, or a reply with the source of each quantity. */
export function MessageBubble({
  message,
  documents,
}: {
  message: ChatMessage;
  documents: Map<string, ProjectDocument>;
}) {
  if (message.type === 'file')
    return (
      <FileBubble message={message} document={message.documentId ? documents.get(message.documentId) : undefined} />
    );
  const mine = message.sender === 'user';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] min-w-0 rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-primary text-primary-foreground' : 'border bg-background',
        )}
        data-testid={mine ? 'user-message' : 'ai-message'}
      >
        {message.content}
        {!mine && message.metadata.quantities?.length ? (
          <ul className="mt-2 grid gap-0.5 border-t pt-1.5 text-xs text-muted-foreground" aria-label="Sources">
            {message.metadata.quantities.map((quantity, i) => (
              <li key={i}>
                {formatQuantity(quantity.quantity, quantity.unit)} {quantity.unit}{' '}
                {quantity.figure === 'linework' && !/linework/.test(quantity.description)
                  ? `${quantity.description} linework`
                  : quantity.description}
                :{' '}
                {quantity.source?.documentId ? (
                  <Link
                    className="underline underline-offset-2 hover:text-foreground"
                    to={viewerHref(message.projectId, quantity.source)}
                  >
                    {sourceText(quantity.source)}
                  </Link>
                ) : quantity.source ? (
                  sourceText(quantity.source)
                ) : (
                  'no source given'
                )}
                {quantity.verified === false ? (
                  <span className="ml-1 font-medium text-amber-700">(not found in the analyses: check it)</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
