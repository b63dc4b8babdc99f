import { useQueryClient } from '@tanstack/react-query';
import { Check, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { type User, userQueryKey } from '@/features/auth';
import {
  cancelSubscription,
  subscriptionQueryKey,
  useSubscription,
  type Subscription,
  formatUsd,
  planById,
  formatDay,
} from '@/features/billing';

/** SPEC §2 Settings: the plan features listed include unlimited document uploads. */
const PLAN_FEATURES = [
  'Unlimited projects',
  'Unlimited document uploads',
  'Full AI document analysis',
  'Advanced Excel export',
  'Priority support',
];

const STATUS: Record<Subscription['status'], { label: string; variant: 'default' | 'secondary' | 'destructive' }> = {
  incomplete: { label: 'Awaiting card', variant: 'secondary' },
  trialing: { label: 'Free trial', variant: 'default' },
  active: { label: 'Active', variant: 'default' },
  past_due: { label: 'Payment due', variant: 'destructive' },
  canceled: { label: 'Cancelled', variant: 'secondary' },
};

function Field({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border bg-muted/40 p-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** When the subscription renews or ends, in words. */
function nextDate(subscription: Subscription): { term: string; value: string } {
  const end = subscription.currentPeriodEnd ?? subscription.trialEnd;
  if (subscription.status === 'canceled') return { term: 'Ended', value: 'No further charges' };
  if (!end) return { term: 'Next billing date', value: 'None' };
  if (subscription.cancelAtPeriodEnd) return { term: 'Ends on', value: formatDay(end) };
  return {
    term: subscription.status === 'trialing' ? 'Trial ends, first charge' : 'Next billing date',
    value: formatDay(end),
  };
}

/** The user's subscription: plan, status, dates and price, with cancel at period end. */
export function SubscriptionCard({ user }: { user: Pick<User, 'subscriptionTier' | 'subscriptionExpiresAt'> }) {
  const { data: subscription, isPending } = useSubscription();
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const cancel = async () => {
    setCancelling(true);
    try {
      const cancelled = await cancelSubscription();
      queryClient.setQueryData(subscriptionQueryKey, { subscription: cancelled });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast({
        title: 'Subscription cancelled',
        description: `You keep full access until ${formatDay(cancelled.currentPeriodEnd ?? cancelled.trialEnd ?? new Date())}.`,
      });
      setConfirmOpen(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Subscription Error',
        description: apiErrorMessage(error) || 'Something went wrong with your subscription.',
      });
    } finally {
      setCancelling(false);
    }
  };

  const plan = planById(subscription?.plan);
  const live = subscription && subscription.status !== 'canceled';
  const next = subscription ? nextDate(subscription) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CreditCard className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2>Subscription</h2>
        </CardTitle>
        <CardDescription>Your plan and when it ends or renews.</CardDescription>
        <CardAction>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.pricing.getHref()}>View plans</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isPending ? (
          <Spinner />
        ) : subscription && plan && next ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="subscription-details">
            <Field term="Plan">
              {plan.name} · {formatUsd(subscription.amount)} / {plan.interval}
            </Field>
            <Field term="Status">
              <Badge variant={STATUS[subscription.status].variant}>
                {subscription.cancelAtPeriodEnd && live ? 'Cancels at period end' : STATUS[subscription.status].label}
              </Badge>
            </Field>
            {subscription.trialEnd ? <Field term="Trial end">{formatDay(subscription.trialEnd)}</Field> : null}
            <Field term={next.term}>{next.value}</Field>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            {user.subscriptionExpiresAt
              ? `Access until ${formatDay(user.subscriptionExpiresAt)}.`
              : 'You have no subscription. Start a 7-day free trial from the pricing page.'}
          </p>
        )}
        <div className="grid gap-2">
          <p className="text-sm font-medium">Paid plans include</p>
          <ul className="grid gap-1.5 text-sm text-muted-foreground sm:grid-cols-2">
            {PLAN_FEATURES.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        {live && !subscription.cancelAtPeriodEnd ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setConfirmOpen(true)}>
            Cancel subscription
          </Button>
        ) : null}
      </CardContent>
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your subscription?</DialogTitle>
            <DialogDescription>
              You keep full access until {next?.value}. After that you will not be charged again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmOpen(false)}>
              Keep subscription
            </Button>
            <Button variant="destructive" disabled={cancelling} onClick={() => void cancel()}>
              {cancelling ? <Spinner /> : null}
              Cancel subscription
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
