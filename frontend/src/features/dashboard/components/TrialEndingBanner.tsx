import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDay } from '@/features/billing';

/** SPEC §2 and §4: shown when the trial has 1 or 2 days left. */
export function TrialEndingBanner({ days, endsAt }: { days: number; endsAt: Date }) {
  return (
    <Alert variant="warning" className="rounded-none border-x-0 border-t-0 px-4 md:px-6">
      <AlertTriangle />
      <AlertTitle>Trial Ending Soon</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p>
          Your free trial ends in {days} day{days === 1 ? '' : 's'}, on {formatDay(endsAt)}. Choose a plan to keep
          working without interruption.
        </p>
        <Button asChild size="sm">
          <Link to={paths.app.subscribe.getHref()}>Upgrade</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
