import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundRoute } from '@/features/errors/routes/NotFound';

describe('not-found screen', () => {
  it('shows a red alert icon, the heading and the hint word for word', () => {
    const { container } = render(<NotFoundRoute />);

    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    const icon = container.querySelector('svg');
    expect(icon).toHaveClass('lucide-circle-alert', 'text-red-500');
  });
});
