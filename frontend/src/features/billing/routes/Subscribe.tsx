import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { useUser } from '@/features/auth';
import { isEntitled } from '@/features/billing/lib/subscription';
import { useSubscription } from '@/features/billing/api/subscription';
import { AlreadySubscribed } from '@/features/billing/components/AlreadySubscribed';
import { PlanCard, PlanTabs } from '@/features/billing/components/PlanPicker';
import { SubscribeFlow } from '@/features/billing/components/SubscribeFlow';
import { DEFAULT_PLAN, type PlanId } from '@/features/billing/lib/plans';

const LIVE = ['trialing', 'active', 'past_due'];

/** /subscribe (SPEC §2): three plan tabs, quarterly first, then the card form. */
export function SubscribeRoute() {
  usePageMeta({ title: 'Subscribe · Kerf' });
  const { data: user } = useUser();
  const subscription = useSubscription();
  const [plan, setPlan] = useState<PlanId>(DEFAULT_PLAN);

  if (!user || subscription.isPending) return <PageSpinner />;
  const subscribed = isEntitled(user) || LIVE.includes(subscription.data?.status ?? '');

  return (
    <main className="min-h-svh bg-muted/30">
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-12">
        <Button asChild variant="ghost" className="justify-self-start">
          <Link to={paths.app.dashboard.getHref()}>
            <ArrowLeft />
            Back to Dashboard
          </Link>
        </Button>
        <header className="grid gap-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight">Choose your plan</h1>
          <p className="text-muted-foreground">7 days free, then billed per period. Cancel anytime.</p>
        </header>
        {subscribed ? (
          <AlreadySubscribed />
        ) : (
          <PlanTabs value={plan} onChange={setPlan}>
            <PlanCard plan={plan}>
              <SubscribeFlow plan={plan} />
            </PlanCard>
          </PlanTabs>
        )}
      </div>
    </main>
  );
}
