import { useQueryClient } from '@tanstack/react-query';
import { Eye, FileStack, FileText, Loader2, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { projectsQueryKey } from '@/features/projects';
import {
  UploadError,
  deleteDocument,
  documentsQueryKey,
  uploadDocuments,
  useDocuments,
  type ProjectDocument,
} from '@/features/documents/api/documents';
import {
  ACCEPT,
  LARGE_FILE_MB,
  MAX_FILE_MB,
  isLarge,
  tooLarge,
  uploadFailureMessage,
} from '@/features/documents/lib/upload-messages';
import { formatSize } from '@/lib/format-size';
import { FindingsDialog } from './FindingsDialog';
import { DOCUMENT_STATUS, REANALYSIS_STATUS } from '@/features/documents/lib/document-status';

type DocumentType = 'project' | 'bid';

function DocumentRow({
  document,
  onOpen,
  onDelete,
}: {
  document: ProjectDocument;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const viewer = paths.app.viewer.getHref(document.projectId, document.id);
  const status = document.reanalysis ? REANALYSIS_STATUS : DOCUMENT_STATUS[document.status];
  const working = document.status === 'pending' || document.status === 'processing' || !!document.reanalysis;
  return (
    <li className="flex items-center gap-2 rounded-md border bg-background px-2.5 py-2">
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 text-left"
        aria-label={`View findings of ${document.filename}`}
      >
        <span className="block truncate text-sm font-medium hover:underline">{document.filename}</span>
        <span className="block text-xs text-muted-foreground">
          {document.filetype.toUpperCase()} · {formatSize(document.filesize)}
        </span>
      </button>
      <Badge variant={status.variant} className="shrink-0" title={document.error ?? undefined}>
        {working ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {status.label}
      </Badge>
      <Button variant="ghost" size="icon" className="size-7 shrink-0" asChild>
        <Link to={viewer} aria-label={`Open ${document.filename} in the viewer`} title="Open in the viewer">
          <Eye />
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={`Delete ${document.filename}`}
        onClick={onDelete}
      >
        <Trash2 />
      </Button>
    </li>
  );
}

/** The documents panel (SPEC §2, §5, §8, §9): project and bid files, upload, analysis status, findings, delete. */
export function DocumentsPanel({ projectId, className }: { projectId: string; className?: string }) {
  const queryClient = useQueryClient();
  const { data: documents, isPending } = useDocuments(projectId);
  const [tab, setTab] = useState<DocumentType>('project');
  const [progress, setProgress] = useState<number | null>(null);
  const [open, setOpen] = useState<ProjectDocument | null>(null);
  const [deleting, setDeleting] = useState<ProjectDocument | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentsQueryKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
    ]);

  const upload = async (files: File[]) => {
    if (!files.length) return;
    const refused = tooLarge(files);
    if (refused.length) {
      toast({
        variant: 'destructive',
        title: 'Files too large',
        description: `${refused.map((file) => `${file.name} (${formatSize(file.size)})`).join(', ')}: files can be at most ${MAX_FILE_MB} MB. Nothing was uploaded.`,
      });
      return;
    }
    if (isLarge(files))
      toast({
        title: 'Large File Upload',
        description: `Files over ${LARGE_FILE_MB} MB take a while to upload. Keep this page open until it finishes.`,
        duration: 10_000,
      });
    setProgress(0);
    try {
      const stored = await uploadDocuments(files, projectId, tab, setProgress);
      toast({
        title: stored.length === 1 ? 'Document uploaded' : 'Documents uploaded',
        description: `${stored.length} file${stored.length === 1 ? '' : 's'} uploaded. Kerf is reading ${stored.length === 1 ? 'it' : 'them'} now.`,
        duration: 6_000,
      });
    } catch (error) {
      const message = uploadFailureMessage(
        error instanceof UploadError ? error : new UploadError('network', 0, {}),
        files.length,
      );
      toast({
        variant: 'destructive',
        title: message.title,
        description: message.description,
        duration: message.duration,
        action: message.upgrade ? (
          <ToastAction altText="Upgrade to Premium" asChild>
            <Link to={paths.app.subscribe.getHref()}>Upgrade to Premium</Link>
          </ToastAction>
        ) : undefined,
      });
    } finally {
      setProgress(null);
      await refresh();
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    void upload(files);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deleteDocument(deleting.id);
      toast({ title: 'File deleted', description: `${deleting.filename} was deleted.` });
      setDeleting(null);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Delete failed',
        description: `${deleting.filename} could not be deleted. Please try again.`,
      });
    } finally {
      setDeleteBusy(false);
      await refresh();
    }
  };

  const list = (type: DocumentType) => {
    const shown = (documents ?? []).filter((document) => (document.documentType || 'project') === type);
    if (isPending) return <Spinner />;
    if (!shown.length)
      return (
        <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center">
          <FileText className="size-5 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">{type === 'bid' ? 'No bid documents yet' : 'No project files yet'}</p>
          <p className="max-w-xs text-xs text-muted-foreground">
            Upload drawings (PDF, DWG, DXF), specs and spreadsheets: Kerf reads their quantities.
          </p>
        </div>
      );
    return (
      <ul className="grid grid-cols-1 gap-1.5" aria-label={type === 'bid' ? 'Bid documents' : 'Project files'}>
        {shown.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            onOpen={() => setOpen(document)}
            onDelete={() => setDeleting(document)}
          />
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="documents-panel-title" className={cn('flex min-h-0 flex-col', className)}>
      <header className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 id="documents-panel-title" className="flex items-center gap-2 text-sm font-semibold">
          <FileStack className="size-4 text-muted-foreground" aria-hidden />
          Documents
        </h2>
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={progress !== null}>
          {progress !== null ? <Spinner /> : <Upload />}
          Upload
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="hidden"
          aria-label="Upload documents"
          data-testid="documents-file-input"
          onChange={onPick}
        />
      </header>
      {progress !== null ? (
        <div className="grid gap-1 px-4 pt-2" role="status" aria-label="Upload progress">
          <div className="h-1.5 overflow-hidden rounded-full bg-muted">
            <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">Uploading… {Math.round(progress * 100)}%</p>
        </div>
      ) : null}
      <Tabs value={tab} onValueChange={(value) => setTab(value as DocumentType)} className="min-h-0 flex-1 p-3">
        <TabsList className="w-full">
          <TabsTrigger value="project">Project Files</TabsTrigger>
          <TabsTrigger value="bid">Bid Documents</TabsTrigger>
        </TabsList>
        <TabsContent value="project" className="min-h-0 overflow-y-auto">
          {list('project')}
        </TabsContent>
        <TabsContent value="bid" className="min-h-0 overflow-y-auto">
          {list('bid')}
        </TabsContent>
      </Tabs>
      <FindingsDialog document={open} onClose={() => setOpen(null)} />
      <Dialog open={!!deleting} onOpenChange={(value) => !value && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this file?</DialogTitle>
            <DialogDescription>
              {deleting?.filename} and what Kerf read in it will be deleted. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={deleteBusy} onClick={() => void confirmDelete()}>
              {deleteBusy ? <Spinner /> : <Trash2 />}
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
