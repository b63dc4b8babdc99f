import { AlertCircle, FolderOpen, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatProjectDate, type Project } from '@/features/projects/lib/project-list';

type ProjectListProps = {
  projects: Project[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (project: Project) => void;
  onDelete: (project: Project) => void;
};

/** The sidebar's project list (SPEC §2): newest first, each with its 'MMM d, yyyy' date. */
export function ProjectList({
  projects,
  isLoading,
  isError,
  onRetry,
  selectedId,
  onSelect,
  onDelete,
}: ProjectListProps) {
  if (isLoading) {
    return (
      <div className="flex flex-col gap-2 px-1" aria-label="Loading projects">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertCircle className="size-4" aria-hidden />
          Projects could not be loaded.
        </p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!projects || projects.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 rounded-md border border-dashed px-3 py-6 text-center">
        <FolderOpen className="mb-1 size-5 text-muted-foreground" aria-hidden />
        <p className="text-sm font-medium">No projects yet</p>
        <p className="text-xs text-muted-foreground">Create one to start a takeoff.</p>
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-0.5" aria-label="Projects">
      {projects.map((project) => {
        const selected = project.id === selectedId;
        return (
          <li key={project.id} className="group relative">
            <button
              type="button"
              onClick={() => onSelect(project)}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'flex w-full flex-col gap-0.5 rounded-md border-l-2 py-2 pr-10 pl-3 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                selected
                  ? 'border-primary bg-accent text-accent-foreground'
                  : 'border-transparent text-foreground hover:bg-muted',
              )}
            >
              <span className="truncate text-sm font-medium">{project.name}</span>
              <span className={cn('text-xs', selected ? 'text-accent-foreground/80' : 'text-muted-foreground')}>
                {formatProjectDate(project.createdAt)}
              </span>
            </button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${project.name}`}
              onClick={() => onDelete(project)}
              className={cn(
                'absolute top-1/2 right-1 size-8 -translate-y-1/2 text-muted-foreground hover:bg-destructive/10 hover:text-destructive focus-visible:opacity-100',
                selected ? 'opacity-100' : 'opacity-100 md:opacity-0 md:group-hover:opacity-100',
              )}
            >
              <Trash2 />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
