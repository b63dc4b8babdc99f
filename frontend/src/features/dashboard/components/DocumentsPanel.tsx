import { FileStack, FileText } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';

function EmptyDocuments({ title }: { title: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center">
      <FileText className="size-5 text-muted-foreground" aria-hidden />
      <p className="text-sm font-medium">{title}</p>
      <p className="max-w-xs text-xs text-muted-foreground">
        Uploading drawings and specs arrives in an upcoming release.
      </p>
    </div>
  );
}

/** The documents panel's place (SPEC §2: project and bid tabs); the documents issue fills it. */
export function DocumentsPanel({ className }: { className?: string }) {
  return (
    <section aria-labelledby="documents-panel-title" className={cn('flex min-h-0 flex-col', className)}>
      <header className="flex items-center gap-2 border-b px-4 py-2.5">
        <h2 id="documents-panel-title" className="flex items-center gap-2 text-sm font-semibold">
          <FileStack className="size-4 text-muted-foreground" aria-hidden />
          Documents
        </h2>
      </header>
      <Tabs defaultValue="project" className="min-h-0 flex-1 p-3">
        <TabsList className="w-full">
          <TabsTrigger value="project">Project Files</TabsTrigger>
          <TabsTrigger value="bid">Bid Documents</TabsTrigger>
        </TabsList>
        <TabsContent value="project" className="min-h-0">
          <EmptyDocuments title="No project files yet" />
        </TabsContent>
        <TabsContent value="bid" className="min-h-0">
          <EmptyDocuments title="No bid documents yet" />
        </TabsContent>
      </Tabs>
    </section>
  );
}
