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
import { toast } from '@/components/ui/use-toast';
import { useDeleteProject } from '@/features/projects/api/delete-project';
import type { Project } from '@/features/projects/lib/project-list';

type DeleteProjectDialogProps = {
  open: boolean;
  /** The project to delete (kept while the dialog animates closed). */
  project: Project | null;
  onClose: () => void;
  onDeleted: (project: Project) => void;
};

/** SPEC §2: the delete project confirmation. */
export function DeleteProjectDialog({ open, project, onClose, onDeleted }: DeleteProjectDialogProps) {
  const deleteProject = useDeleteProject();

  const confirm = async () => {
    if (!project) return;
    try {
      await deleteProject.mutateAsync(project.id);
      toast({ title: 'Project deleted', description: project.name });
      onClose();
      onDeleted(project);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to delete project',
        description: 'An error occurred while deleting the project.',
      });
    }
  };

  return (
    <Dialog open={open && project !== null} onOpenChange={(open) => !open && !deleteProject.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete project?</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{project?.name}</span> and everything in it (documents,
            conversation, materials, notes and estimates) will be permanently deleted. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={deleteProject.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={deleteProject.isPending}>
            {deleteProject.isPending && <Spinner size="sm" className="text-current" label="Deleting" />}
            Delete Project
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
