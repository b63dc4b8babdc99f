import { AlertTriangle, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { useUser } from '@/features/auth';
import { isEntitled } from '@/features/billing/lib/subscription';
import { pricingMeta } from '@/features/marketing';
import { PlanCard, PlanTabs } from '@/features/billing/components/PlanPicker';
import { SubscribeFlow } from '@/features/billing/components/SubscribeFlow';
import { DEFAULT_PLAN, type PlanId } from '@/features/billing/lib/plans';

/** /pricing (SPEC §2): the plans, and for a signed-in user without a plan, the trial sign-up. */
export function PricingRoute() {
  usePageMeta(pricingMeta);
  const { data: user, isPending } = useUser();
  const [plan, setPlan] = useState<PlanId>(DEFAULT_PLAN);
  const entitled = user ? isEntitled(user) : false;

  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-2xl gap-8 px-4 py-12 sm:py-16">
        <header className="grid gap-3 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simple pricing for serious estimators</h1>
          <p className="text-muted-foreground">
            Every plan includes everything Kerf does. Start with a 7-day free trial; cancel anytime.
          </p>
        </header>
        {user && !entitled ? (
          <Alert variant="warning">
            <AlertTriangle />
            <AlertTitle>Subscription Required</AlertTitle>
            <AlertDescription>
              Start your 7-day free trial to create projects, upload drawings and generate estimates.
            </AlertDescription>
          </Alert>
        ) : null}
        <PlanTabs value={plan} onChange={setPlan}>
          <PlanCard plan={plan}>
            {isPending ? null : !user ? (
              <Button asChild size="lg" className="w-full">
                <Link to={paths.auth.login.getHref(paths.pricing.getHref())}>
                  Sign Up & Start Trial
                  <ArrowRight />
                </Link>
              </Button>
            ) : entitled ? (
              <Button asChild size="lg" variant="outline" className="w-full">
                <Link to={paths.app.dashboard.getHref()}>You're subscribed: go to your dashboard</Link>
              </Button>
            ) : (
              <SubscribeFlow plan={plan} />
            )}
          </PlanCard>
        </PlanTabs>
      </div>
    </PublicLayout>
  );
}
