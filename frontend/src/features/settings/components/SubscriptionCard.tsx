import { format } from 'date-fns';
import { Check, CreditCard } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { User } from '@/features/auth/api/get-user';

/** SPEC §2 Settings: the plan features listed include unlimited document uploads. */
const PLAN_FEATURES = [
  'Unlimited projects',
  'Unlimited document uploads',
  'Full AI document analysis',
  'Advanced Excel export',
  'Priority support',
];

const TIER_LABELS: Record<string, string> = {
  free: 'Free',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

function tierLabel(tier: string | null | undefined): string {
  if (!tier) return 'No plan';
  return TIER_LABELS[tier] ?? tier;
}

function expiryLabel(expiresAt: string | null | undefined): string {
  if (!expiresAt) return 'No end date';
  const date = new Date(expiresAt);
  return Number.isNaN(date.getTime()) ? 'No end date' : format(date, 'MMM d, yyyy');
}

/**
 * The user's plan as identity knows it: tier and end date (trial end or next
 * billing date). Billing replaces the body of this card with the subscription
 * and its actions.
 */
export function SubscriptionCard({ user }: { user: Pick<User, 'subscriptionTier' | 'subscriptionExpiresAt'> }) {
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
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="grid gap-1 rounded-lg border bg-muted/40 p-3">
            <dt className="text-muted-foreground">Plan</dt>
            <dd>
              <Badge variant="secondary" className="text-sm">
                {tierLabel(user.subscriptionTier)}
              </Badge>
            </dd>
          </div>
          <div className="grid gap-1 rounded-lg border bg-muted/40 p-3">
            <dt className="text-muted-foreground">Ends or renews</dt>
            <dd className="font-medium">{expiryLabel(user.subscriptionExpiresAt)}</dd>
          </div>
        </dl>
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
      </CardContent>
    </Card>
  );
}
