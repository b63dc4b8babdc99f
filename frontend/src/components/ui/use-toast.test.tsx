import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from '@/components/ui/use-toast';

afterEach(() => {
  act(() => dismissToast());
});

describe('toasts', () => {
  it('follows SPEC §9: one toast at a time, a dismissed one removed after 1,000,000 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
  });

  it('shows only the newest toast when several are raised', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Project Created' });
      toast({ title: 'Notes saved' });
      toast({ title: 'Failed to send message', variant: 'destructive' });
    });

    expect(screen.getByText('Failed to send message')).toBeInTheDocument();
    expect(screen.queryByText('Project Created')).not.toBeInTheDocument();
    expect(screen.queryByText('Notes saved')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('shows the title and the description of a toast', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    });

    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
  });

  it('hides a toast when its close button is pressed', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'File deleted' });
    });
    expect(screen.getByText('File deleted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByText('File deleted')).not.toBeInTheDocument());
  });
});
