import { LogOut, Plus, Settings } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { User } from '@/features/auth';
import { Logo } from '@/features/dashboard/components/Logo';
import { SubscriptionStatus } from '@/features/dashboard/components/SubscriptionStatus';
import type { SubscriptionState } from '@/features/billing';
import { ProjectList, type Project } from '@/features/projects';

export type SidebarProps = {
  user: User;
  subscription: SubscriptionState;
  now: Date;
  projects: Project[] | undefined;
  projectsLoading: boolean;
  projectsError: boolean;
  onRetryProjects: () => void;
  selectedId: string | null;
  onSelect: (project: Project) => void;
  onDelete: (project: Project) => void;
  onNewProject: () => void;
  onStartTrial: () => void;
  onLogout: () => void;
  loggingOut: boolean;
};

function displayName(user: User): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

function initials(user: User): string {
  const letters = [user.firstName, user.lastName]
    .filter(Boolean)
    .map((part) => part!.trim().charAt(0))
    .join('');
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** SPEC §2: logo, New Project, subscription block, projects, user footer with Settings and Log out. */
export function Sidebar(props: SidebarProps) {
  const { user, projects } = props;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-14 shrink-0 items-center border-b px-4">
        <Link to={paths.app.dashboard.getHref()} aria-label="Kerf dashboard" className="rounded-md">
          <Logo />
        </Link>
      </div>

      <div className="flex flex-col gap-3 p-3">
        <Button onClick={props.onNewProject} className="w-full">
          <Plus />
          New Project
        </Button>
        <SubscriptionStatus state={props.subscription} now={props.now} onStartTrial={props.onStartTrial} />
      </div>

      <div className="flex items-center justify-between px-4 pt-2 pb-1.5">
        <h2 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Projects</h2>
        {projects && projects.length > 0 && (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground tabular-nums">
            {projects.length}
          </span>
        )}
      </div>
      <nav aria-label="Your projects" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        <ProjectList
          projects={projects}
          isLoading={props.projectsLoading}
          isError={props.projectsError}
          onRetry={props.onRetryProjects}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          onDelete={props.onDelete}
        />
      </nav>

      <footer className="shrink-0 border-t p-3">
        <div className="flex items-center gap-3 px-1 pb-3">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground"
          >
            {initials(user)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{displayName(user)}</p>
            <p className="truncate text-xs text-muted-foreground">{user.username}</p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.app.settings.getHref()}>
              <Settings />
              Settings
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={props.onLogout} disabled={props.loggingOut}>
            {props.loggingOut ? <Spinner size="sm" label="Logging out" /> : <LogOut />}
            Log out
          </Button>
        </div>
      </footer>
    </div>
  );
}
