import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { createProjectInputSchema, useCreateProject } from '@/features/projects/api/create-project';
import { ApiError } from '@/lib/api-error';
import type { Project } from '@/features/projects/lib/project-list';

type CreateProjectDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (project: Project) => void;
};

/** SPEC §2 and §5: Create New Project, name required and description optional. */
export function CreateProjectDialog({ open, onOpenChange, onCreated }: CreateProjectDialogProps) {
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const form = useForm({
    resolver: zodResolver(createProjectInputSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const project = await createProject.mutateAsync(input);
      toast({ title: 'Project Created', description: project.name });
      form.reset();
      onCreated(project);
      onOpenChange(false);
    } catch (error) {
      const answered = error instanceof ApiError ? error : undefined;
      if (answered?.code === 'TRIAL_REQUIRED') {
        toast({
          variant: 'destructive',
          title: 'Trial Required',
          description: 'You need to start your 7-day free trial before creating projects.',
        });
        onOpenChange(false);
        void navigate(paths.pricing.getHref());
        return;
      }
      if (answered?.status === 400 && answered.body.errors?.name) {
        form.setError('name', { message: answered.body.errors.name });
        return;
      }
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to create project. Please try again.' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Project</DialogTitle>
          <DialogDescription>A project holds the drawings, notes and estimates of one job.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="project-name">Project name</Label>
            <Input
              id="project-name"
              autoFocus
              autoComplete="off"
              placeholder="e.g. Riverside warehouse slab"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'project-name-error' : undefined}
              {...form.register('name')}
            />
            {errors.name && (
              <p id="project-name-error" role="alert" className="text-sm text-destructive">
                {errors.name.message}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="project-description">
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id="project-description"
              rows={3}
              placeholder="Scope, client, address…"
              aria-invalid={errors.description ? true : undefined}
              {...form.register('description')}
            />
            {errors.description && (
              <p role="alert" className="text-sm text-destructive">
                {errors.description.message}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner size="sm" className="text-current" label="Creating" />}
              Create Project
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
