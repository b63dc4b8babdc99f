import { FolderPlus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** SPEC §2: the main area with no project selected. */
export function NoProjectSelected({ hasProjects, onCreate }: { hasProjects: boolean; onCreate: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <FolderPlus className="size-7" aria-hidden />
      </div>
      <div className="flex flex-col gap-1.5">
        <h1 className="text-xl font-semibold tracking-tight">No Project Selected</h1>
        <p className="max-w-sm text-sm text-muted-foreground">
          {hasProjects
            ? 'Choose a project from the list, or create a new one for your next job.'
            : 'Create your first project to keep its drawings, notes and estimates in one place.'}
        </p>
      </div>
      <Button onClick={onCreate}>
        <Plus />
        Create New Project
      </Button>
    </div>
  );
}
