import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_TAG_LIMIT, PostTags } from './PostTags';

describe('PostTags', () => {
  it("shows up to 3 tags on a card and '+N more' for the rest (SPEC §9)", () => {
    render(<PostTags tags={['concrete', 'slabs', 'footings', 'walls', 'piers']} limit={CARD_TAG_LIMIT} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['concrete', 'slabs', 'footings', '+2 more']);
  });

  it('shows every tag without a limit, and nothing for none', () => {
    const { container, rerender } = render(<PostTags tags={['a', 'b', 'c', 'd']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText(/more/)).not.toBeInTheDocument();
    rerender(<PostTags tags={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
