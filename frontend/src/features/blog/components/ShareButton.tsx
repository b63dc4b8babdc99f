import { Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

type ShareButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  title: string;
  text?: string;
  children?: ReactNode;
};

/**
 * SPEC §2: shares the page through the device's share sheet; where there is
 * none, copies the address to the clipboard and says so.
 */
export function ShareButton({ title, text, children = 'Share', ...props }: ShareButtonProps) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to do.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The article link is on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };

  return (
    <Button variant="outline" {...props} onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      {children}
    </Button>
  );
}
