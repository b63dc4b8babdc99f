import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { usePageMeta } from '@/lib/use-page-meta';
import { confirmSubscription, subscriptionQueryKey } from '@/features/billing/api/subscription';
import { forgetPending, peekPending } from '@/features/billing/lib/pending-confirmation';
import { untilEntitled } from '@/features/billing/lib/until-entitled';

/**
 * /subscription-success (SPEC §2). When the card provider had to redirect
 * (3-D Secure), the browser lands here before the server confirmed the
 * subscription: it is confirmed here.
 */
export function SubscriptionSuccessRoute() {
  usePageMeta({ title: 'Subscription Successful · Kerf' });
  const queryClient = useQueryClient();
  // Only a return from the provider's redirect carries ?setup_intent=…
  const [pending] = useState(() =>
    new URLSearchParams(window.location.search).has('setup_intent') ? peekPending() : null,
  );
  const [confirming, setConfirming] = useState(pending !== null);

  useEffect(() => {
    if (!pending) return;
    confirmSubscription(pending.subscriptionId, pending.plan)
      .then(() =>
        Promise.all([untilEntitled(queryClient), queryClient.invalidateQueries({ queryKey: subscriptionQueryKey })]),
      )
      .catch((error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Subscription Error',
          description: apiErrorMessage(error) || 'Something went wrong with your subscription.',
        }),
      )
      .finally(() => {
        forgetPending();
        setConfirming(false);
      });
  }, [pending, queryClient]);

  return (
    <main className="grid min-h-svh place-items-center bg-muted/30 px-4">
      <div className="grid max-w-md justify-items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
        {confirming ? <Spinner /> : <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />}
        <h1 className="text-2xl font-bold tracking-tight">Subscription Successful!</h1>
        <p className="text-sm text-muted-foreground">
          Your 7-day free trial has started. Create your first project and upload your drawings.
        </p>
        <Button asChild disabled={confirming}>
          <Link to={paths.app.dashboard.getHref()}>Return to Dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
