import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { useUser } from '@/features/auth';
import { useProjects } from '@/features/projects';
import { useEstimates } from '@/features/estimates/api/estimates';
import { EstimateCard } from '@/features/estimates/components/EstimateCard';
import { GeneratePanel } from '@/features/estimates/components/GeneratePanel';
import { PriceListManager } from '@/features/estimates/components/PriceListManager';
import { AssembliesManager } from '@/features/estimates/components/AssembliesManager';
import { RememberedChoices } from '@/features/estimates/components/RememberedChoices';

function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={paths.app.dashboard.getHref()}>
        <ArrowLeft /> Back to Dashboard
      </Link>
    </Button>
  );
}

/** /estimates/{projectId} (SPEC §2, §4): only for a project in the user's own list. */
export function EstimatesRoute() {
  const { projectId = '' } = useParams();
  const user = useUser();
  const projects = useProjects(user.data?.id ?? '');
  const project = projects.data?.find((p) => p.id === projectId);
  const estimates = useEstimates(projectId, !!project);
  usePageMeta({ title: project ? `Estimates · ${project.name} · Kerf` : 'Estimates · Kerf' });

  if (user.isPending || projects.isPending) return <PageSpinner />;
  if (!project) {
    return (
      <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
        <BackToDashboard />
        <h1 className="text-2xl font-semibold">Project Not Found</h1>
        <p className="text-muted-foreground">This project is not in your project list.</p>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-5xl space-y-6 p-4 sm:p-8">
      <BackToDashboard />
      <header>
        <h1 className="text-2xl font-semibold">Project Estimates</h1>
        <p className="text-muted-foreground">{project.name}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <GeneratePanel projectId={project.id} />
          <PriceListManager />
          <AssembliesManager />
          <RememberedChoices />
        </div>
        <section aria-label="Estimates" className="min-w-0 space-y-4">
          {estimates.isPending ? <PageSpinner /> : null}
          {estimates.data?.length === 0 ? (
            <p className="text-muted-foreground">No estimates yet. Generate one from this project's materials.</p>
          ) : null}
          {(estimates.data ?? []).map((estimate) => (
            <EstimateCard key={estimate.id} estimate={estimate} />
          ))}
        </section>
      </div>
    </main>
  );
}
