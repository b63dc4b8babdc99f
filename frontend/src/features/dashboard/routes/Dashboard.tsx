import { Menu, Plus, Settings2 } from 'lucide-react';
import { apiErrorMessage } from '@/lib/api-error';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { useUser, type User } from '@/features/auth';
import { useLogout } from '@/features/dashboard/api/logout';
import { AiSettingsDialog } from '@/features/ai-settings';
import { ChatPanel } from '@/features/chat';
import { Logo } from '@/features/dashboard/components/Logo';
import { NoProjectSelected } from '@/features/dashboard/components/NoProjectSelected';
import { Sidebar } from '@/features/dashboard/components/Sidebar';
import { StartTrialDialog } from '@/features/dashboard/components/StartTrialDialog';
import { TrialEndingBanner } from '@/features/dashboard/components/TrialEndingBanner';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '@/features/dashboard/hooks/use-media-query';
import { isEntitled, subscriptionState, trialDaysLeftForBanner } from '@/features/billing';
import { DocumentsPanel } from '@/features/documents';
import { MaterialsPanel } from '@/features/materials';
import { NotesPanel, forgetNote, saveAllNotes } from '@/features/notes';
import {
  useProjects,
  CreateProjectDialog,
  DeleteProjectDialog,
  mostRecentlyUpdated,
  type Project,
} from '@/features/projects';

/** /dashboard (SPEC §2): entitled users only; everyone else goes to /pricing (SPEC §4). */
export function DashboardRoute() {
  const { data: user } = useUser();
  const [now] = useState(() => new Date());

  // RequireAuth renders this only with a user; the spinner covers the instant after logout.
  if (!user) return <PageSpinner />;
  if (!isEntitled(user, now)) return <Navigate to={paths.pricing.getHref()} replace />;
  return <Dashboard user={user} now={now} />;
}

function Dashboard({ user, now }: { user: User; now: Date }) {
  const navigate = useNavigate();
  const projectsQuery = useProjects(user.id);
  const projects = projectsQuery.data;
  const logout = useLogout();
  const isLarge = useMediaQuery(LARGE_SCREEN_QUERY);

  // Back from the sheet viewer: the project it was opened from stays selected.
  const fromViewer = (useLocation().state as { projectId?: string } | null)?.projectId ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(fromViewer);
  const [autoSelected, setAutoSelected] = useState(!!fromViewer);
  const [createOpen, setCreateOpen] = useState(false);
  const [trialOpen, setTrialOpen] = useState(false);
  const [aiSettingsOpen, setAiSettingsOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Project | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  // SPEC §2: the most recently updated project is selected once the list has loaded.
  if (projects && !projectsQuery.isFetching && !autoSelected) {
    setAutoSelected(true);
    setSelectedId(mostRecentlyUpdated(projects)?.id ?? null);
  }
  const selected = projects?.find((project) => project.id === selectedId) ?? null;
  usePageMeta({ title: selected ? `${selected.name} · Kerf` : 'Dashboard · Kerf' });

  const subscription = subscriptionState(user, now);
  const bannerDays = trialDaysLeftForBanner(subscription, now);

  const select = (project: Project) => {
    setSelectedId(project.id);
    setAutoSelected(true);
    setSheetOpen(false);
  };

  const openCreate = () => {
    setSheetOpen(false);
    // A trial that ended while the dashboard was open: offer to start one (the server would refuse the project).
    if (!isEntitled(user, new Date())) {
      setTrialOpen(true);
      return;
    }
    setCreateOpen(true);
  };

  const askDelete = (project: Project) => {
    setSheetOpen(false);
    setDeleteTarget(project);
    setDeleteOpen(true);
  };

  const onDeleted = (project: Project) => {
    forgetNote(project.id);
    // SPEC §8: 'Project deleted', then back to /dashboard with the most recently updated project selected.
    if (project.id === selectedId) {
      setSelectedId(null);
      setAutoSelected(false);
    }
    void navigate(paths.app.dashboard.getHref(), { replace: true });
  };

  const onLogout = async () => {
    setSheetOpen(false);
    // Nothing typed is lost: unsaved notes are saved while the session is still valid.
    await saveAllNotes();
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate(paths.auth.login.getHref(), { replace: true });
        toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Logout failed',
          description: apiErrorMessage(error) ?? (error instanceof Error ? error.message : undefined),
        });
      },
    });
  };

  const sidebar = (
    <Sidebar
      user={user}
      subscription={subscription}
      now={now}
      projects={projects}
      projectsLoading={projectsQuery.isPending}
      projectsError={projectsQuery.isError && !projects}
      onRetryProjects={() => void projectsQuery.refetch()}
      selectedId={selected?.id ?? null}
      onSelect={select}
      onDelete={askDelete}
      onNewProject={openCreate}
      onStartTrial={() => setTrialOpen(true)}
      onLogout={() => void onLogout()}
      loggingOut={logout.isPending}
    />
  );

  return (
    <div className="flex h-dvh overflow-hidden bg-background">
      <aside className="hidden w-72 shrink-0 border-r bg-muted/40 md:block">{sidebar}</aside>

      <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
        <SheetContent side="left" className="w-[85%] max-w-xs gap-0 p-0">
          <SheetTitle className="sr-only">Projects and account</SheetTitle>
          <SheetDescription className="sr-only">Your projects, subscription and account.</SheetDescription>
          {sidebar}
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b px-3 md:hidden">
          <Button variant="ghost" size="icon" aria-label="Open projects menu" onClick={() => setSheetOpen(true)}>
            <Menu className="size-5" />
          </Button>
          <Logo />
          <Button size="sm" className="ml-auto" onClick={openCreate}>
            <Plus />
            New
          </Button>
        </header>

        {bannerDays !== null && subscription.kind === 'trial' && (
          <TrialEndingBanner days={bannerDays} endsAt={subscription.endsAt} />
        )}

        {selected ? (
          <main className="flex min-h-0 flex-1 flex-col">
            <div className="flex shrink-0 items-center gap-3 border-b px-4 py-3 md:px-6">
              <div className="min-w-0 flex-1">
                <h1 className="truncate text-lg font-semibold tracking-tight" data-testid="project-title">
                  {selected.name}
                </h1>
                {selected.description && (
                  <p className="truncate text-sm text-muted-foreground">{selected.description}</p>
                )}
              </div>
              <Button variant="outline" size="sm" onClick={() => setAiSettingsOpen(true)} aria-label="AI Settings">
                <Settings2 />
                <span className="hidden sm:inline">AI Settings</span>
              </Button>
            </div>

            {isLarge ? (
              <div className="flex min-h-0 flex-1">
                <ChatPanel projectId={selected.id} className="min-w-0 flex-1 bg-muted/20" />
                <div className="flex w-[380px] shrink-0 flex-col border-l xl:w-[420px]">
                  <DocumentsPanel key={selected.id} projectId={selected.id} className="h-1/2 border-b" />
                  <Tabs defaultValue="notes" className="h-1/2 min-h-0 gap-0">
                    <TabsList className="mx-3 mt-2 w-[calc(100%-1.5rem)]">
                      <TabsTrigger value="notes">Notes</TabsTrigger>
                      <TabsTrigger value="materials">Materials</TabsTrigger>
                    </TabsList>
                    <TabsContent value="notes" className="flex min-h-0 flex-col">
                      <NotesPanel key={selected.id} projectId={selected.id} className="flex-1" />
                    </TabsContent>
                    <TabsContent value="materials" className="flex min-h-0 flex-col">
                      <MaterialsPanel key={selected.id} projectId={selected.id} className="flex-1" />
                    </TabsContent>
                  </Tabs>
                </div>
              </div>
            ) : (
              <Tabs defaultValue="assistant" className="min-h-0 flex-1 gap-0">
                <div className="shrink-0 border-b px-3 py-2 md:px-6">
                  <TabsList className="w-full md:w-auto">
                    <TabsTrigger value="assistant">Assistant</TabsTrigger>
                    <TabsTrigger value="documents">Documents</TabsTrigger>
                    <TabsTrigger value="notes">Notes</TabsTrigger>
                    <TabsTrigger value="materials">Materials</TabsTrigger>
                  </TabsList>
                </div>
                <TabsContent value="assistant" className="flex min-h-0 flex-col">
                  <ChatPanel projectId={selected.id} className="flex-1 bg-muted/20" />
                </TabsContent>
                <TabsContent value="documents" className="flex min-h-0 flex-col">
                  <DocumentsPanel key={selected.id} projectId={selected.id} className="flex-1" />
                </TabsContent>
                <TabsContent value="notes" className="flex min-h-0 flex-col">
                  <NotesPanel key={selected.id} projectId={selected.id} className="flex-1" />
                </TabsContent>
                <TabsContent value="materials" className="flex min-h-0 flex-col">
                  <MaterialsPanel key={selected.id} projectId={selected.id} className="flex-1" />
                </TabsContent>
              </Tabs>
            )}
          </main>
        ) : projectsQuery.isPending ? (
          <main className="flex flex-1 items-center justify-center">
            <Spinner size="lg" label="Loading projects" />
          </main>
        ) : (
          <main className="flex min-h-0 flex-1 flex-col">
            <NoProjectSelected hasProjects={(projects?.length ?? 0) > 0} onCreate={openCreate} />
          </main>
        )}
      </div>

      <CreateProjectDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        onCreated={(project) => {
          setSelectedId(project.id);
          setAutoSelected(true);
        }}
      />
      <DeleteProjectDialog
        open={deleteOpen}
        project={deleteTarget}
        onClose={() => setDeleteOpen(false)}
        onDeleted={onDeleted}
      />
      <StartTrialDialog open={trialOpen} onOpenChange={setTrialOpen} />
      <AiSettingsDialog open={aiSettingsOpen} onOpenChange={setAiSettingsOpen} userId={user.id} />
    </div>
  );
}
