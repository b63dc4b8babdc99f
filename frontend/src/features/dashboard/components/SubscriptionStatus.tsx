import { BadgeCheck, Clock, Rocket, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { daysLeft, subscriptionLabel, upgradeLinkLabel, type SubscriptionState } from '@/features/billing';

type SubscriptionStatusProps = {
  state: SubscriptionState;
  now: Date;
  /** Opens the Start Your Free Trial dialog. */
  onStartTrial: () => void;
};

/** The sidebar's subscription block and upgrade link (SPEC §4). */
export function SubscriptionStatus({ state, now, onStartTrial }: SubscriptionStatusProps) {
  const upgrade = upgradeLinkLabel(state);
  const Icon = state.kind === 'paid' ? BadgeCheck : state.kind === 'trial' ? Clock : Rocket;
  const detail =
    state.kind === 'paid'
      ? 'Unlimited projects'
      : state.kind === 'trial'
        ? `Free trial · ${daysLeft(state.endsAt, now)} day${daysLeft(state.endsAt, now) === 1 ? '' : 's'} left`
        : '7 days free, cancel anytime';

  const label = subscriptionLabel(state);
  return (
    <div
      data-testid="subscription-status"
      className={cn('rounded-lg border bg-background p-3 shadow-xs', state.kind === 'none' && 'border-primary/40')}
    >
      <div className="flex items-start gap-2.5">
        <Icon
          className={cn('mt-0.5 size-4 shrink-0', state.kind === 'paid' ? 'text-emerald-600' : 'text-primary')}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          {state.kind === 'none' ? (
            <button
              type="button"
              onClick={onStartTrial}
              className="text-left text-sm font-medium underline-offset-4 hover:underline"
            >
              {label}
            </button>
          ) : (
            <p className="text-sm font-medium">{label}</p>
          )}
          <p className="text-xs text-muted-foreground">{detail}</p>
        </div>
      </div>
      {upgrade && (
        <Button
          asChild
          size="sm"
          variant="outline"
          className="mt-2.5 w-full border-primary/40 text-primary hover:bg-accent hover:text-accent-foreground"
        >
          <Link to={paths.app.subscribe.getHref()}>
            <Sparkles />
            {upgrade}
          </Link>
        </Button>
      )}
    </div>
  );
}
