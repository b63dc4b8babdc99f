import { useQueryClient } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { formatDay } from '@/features/billing/lib/subscription';
import {
  confirmSubscription,
  createSubscription,
  subscriptionQueryKey,
  useBillingConfig,
} from '@/features/billing/api/subscription';
import { forgetPending, rememberPending } from '@/features/billing/lib/pending-confirmation';
import { untilEntitled } from '@/features/billing/lib/until-entitled';
import { planById, type PlanId } from '@/features/billing/lib/plans';
import { LocalCardForm } from './LocalCardForm';

// Stripe.js and its React bindings load only when Stripe is the provider.
const StripeCardForm = lazy(() => import('./StripeCardForm').then((m) => ({ default: m.StripeCardForm })));

type Started = { plan: PlanId; clientSecret: string; subscriptionId: string };

/**
 * Once the server has started the trial: the account is read until it shows it, then the toast
 * (SPEC §8 'Trial Started Successfully') and /subscription-success.
 */
export function useTrialStarted() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await Promise.all([untilEntitled(queryClient), queryClient.invalidateQueries({ queryKey: subscriptionQueryKey })]);
    toast({
      title: 'Trial Started Successfully',
      description: `Your 7-day free trial has begun. You won't be charged until ${formatDay(addDays(new Date(), 7))}.`,
    });
    void navigate(paths.app.subscriptionSuccess.getHref());
  };
}

/**
 * SPEC §4 subscribe flow for one plan: the button creates the subscription, the
 * card form appears, the card is set up with the provider, and the server
 * confirms the subscription before the user goes to /subscription-success.
 */
export function SubscribeFlow({ plan }: { plan: PlanId }) {
  const config = useBillingConfig();
  const trialStarted = useTrialStarted();
  const [started, setStarted] = useState<Started | null>(null);
  const [creating, setCreating] = useState(false);
  const current = started?.plan === plan ? started : null;

  const start = async () => {
    setCreating(true);
    try {
      setStarted({ plan, ...(await createSubscription(plan)) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: apiErrorMessage(error) || 'Failed to create subscription',
      });
    } finally {
      setCreating(false);
    }
  };

  const confirm = async () => {
    if (!current) return;
    rememberPending({ subscriptionId: current.subscriptionId, plan: current.plan });
    try {
      await confirmSubscription(current.subscriptionId, current.plan);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Subscription Error',
        description: apiErrorMessage(error) || 'Failed to confirm subscription',
      });
      return;
    } finally {
      forgetPending();
    }
    await trialStarted();
  };

  if (!current)
    return (
      <Button size="lg" className="w-full" onClick={() => void start()} disabled={creating}>
        {creating ? <Spinner /> : <Lock />}
        Start {planById(plan)?.name} Free Trial
      </Button>
    );
  if (config.isPending) return <Spinner />;
  if (config.data?.provider === 'stripe' && config.data.publishableKey)
    return (
      <Suspense fallback={<Spinner />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          clientSecret={current.clientSecret}
          onConfirmed={confirm}
        />
      </Suspense>
    );
  return <LocalCardForm clientSecret={current.clientSecret} onConfirmed={confirm} />;
}
