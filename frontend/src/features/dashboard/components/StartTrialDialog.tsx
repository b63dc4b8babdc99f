import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';

const INCLUDED = ['Unlimited projects', 'Full AI document analysis', 'Estimates as PDF', 'Cancel anytime'];

/** SPEC §2: Start Your Free Trial, leading to /subscribe. */
export function StartTrialDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start Your Free Trial</DialogTitle>
          <DialogDescription>
            Try everything in Kerf free for 7 days. A card is required; you are not charged until the trial ends.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {INCLUDED.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Check className="size-4 text-primary" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button asChild>
            <Link to={paths.app.subscribe.getHref()}>Start Free Trial</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
