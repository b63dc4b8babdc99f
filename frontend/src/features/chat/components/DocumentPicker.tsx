import { ChevronDown, Files } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { type ProjectDocument, DOCUMENT_STATUS } from '@/features/documents';
import { formatSize } from '@/lib/format-size';
import { chosenDocuments, selectionLabel, toggleDocument } from '@/features/chat/lib/document-selection';

function Row({
  id,
  checked,
  onToggle,
  title,
  detail,
  badge,
}: {
  id: string;
  checked: boolean;
  onToggle: () => void;
  title: string;
  detail: string;
  badge?: { label: string; variant: 'default' | 'secondary' | 'destructive' };
}) {
  return (
    <li className="min-w-0">
      <label
        htmlFor={id}
        className={cn(
          'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 transition-colors hover:bg-accent',
          checked && 'border-primary/60 bg-primary/5',
        )}
      >
        <Checkbox id={id} checked={checked} onCheckedChange={onToggle} />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm font-medium break-all" title={title}>
            {title}
          </span>
          <span className="block text-xs text-muted-foreground">{detail}</span>
        </span>
        {badge ? (
          <Badge variant={badge.variant} className="shrink-0">
            {badge.label}
          </Badge>
        ) : null}
      </label>
    </li>
  );
}

/**
 * Which of the project's documents the assistant reads: a line above the
 * input saying it, opening a list to choose from. None chosen means all.
 */
export function DocumentPicker({
  documents,
  chosen,
  onChange,
}: {
  documents: ProjectDocument[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const ids = useId();
  const current = chosenDocuments(chosen, documents);
  const all = current.length === 0;
  const label = selectionLabel(chosen, documents);

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={cn(
          'h-7 max-w-full min-w-0 gap-1 px-2 text-xs text-muted-foreground',
          !all && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
        )}
        onClick={() => setOpen(true)}
        disabled={!documents.length}
        aria-label={`Documents the assistant reads: ${label}`}
        data-testid="document-picker"
      >
        <Files aria-hidden />
        <span className="shrink-0">Reading:</span>
        <span className={cn('truncate', !all && 'font-medium')}>{label}</span>
        <ChevronDown aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="gap-3 p-4 sm:p-6">
          <DialogHeader className="text-left">
            <DialogTitle>Documents to ask about</DialogTitle>
            <DialogDescription>
              The assistant answers from the documents you choose. With none chosen it reads all of them.
            </DialogDescription>
          </DialogHeader>
          <ul className="grid max-h-[min(55dvh,420px)] min-w-0 gap-1.5 overflow-y-auto" aria-label="Project documents">
            <Row
              id={`${ids}-all`}
              checked={all}
              onToggle={() => onChange([])}
              title="All documents"
              detail={`${documents.length} document${documents.length === 1 ? '' : 's'} in this project`}
            />
            {documents.map((document) => (
              <Row
                key={document.id}
                id={`${ids}-${document.id}`}
                checked={current.includes(document.id)}
                onToggle={() => onChange(toggleDocument(current, document.id))}
                title={document.filename}
                detail={`${document.filetype.toUpperCase()} · ${formatSize(document.filesize)}`}
                badge={DOCUMENT_STATUS[document.status]}
              />
            ))}
          </ul>
          <DialogFooter className="flex-row items-center justify-between gap-2 sm:justify-between">
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {all ? 'Reading all documents' : `Reading ${current.length} of ${documents.length}`}
            </p>
            <Button size="sm" onClick={() => setOpen(false)}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
