import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** SPEC §2 Subscribe: what a subscribed user sees instead of the card form. */
export function AlreadySubscribed() {
  return (
    <div className="grid justify-items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
      <BadgeCheck className="size-10 text-emerald-600" aria-hidden />
      <h2 className="text-xl font-semibold">You're already subscribed!</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Your plan is active. You can see its dates or cancel it in your settings.
      </p>
      <Button asChild>
        <Link to={paths.app.dashboard.getHref()}>Return to Dashboard</Link>
      </Button>
    </div>
  );
}
