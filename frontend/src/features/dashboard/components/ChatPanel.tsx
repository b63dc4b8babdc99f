import { Calculator, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * The chat panel's place (SPEC §2). Its header carries the Estimates button;
 * the conversation itself arrives with the assistant and document upload.
 */
export function ChatPanel({ projectId, className }: { projectId: string; className?: string }) {
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
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MessagesSquare className="size-6" aria-hidden />
        </div>
        <h3 className="text-base font-semibold">The assistant is coming soon</h3>
        <p className="max-w-sm text-sm text-muted-foreground">
          You will ask it here for quantities and it will answer from your documents. Meanwhile, upload drawings to see
          what Kerf reads in them, and keep the materials list by hand.
        </p>
      </div>
    </section>
  );
}
