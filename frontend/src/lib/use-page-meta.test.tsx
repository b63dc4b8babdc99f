import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageMeta, type PageMeta } from '@/lib/use-page-meta';

function PricingLike(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('usePageMeta', () => {
  it('sets the title, the description and an absolute canonical link, and puts back the old ones', () => {
    document.title = 'Kerf';
    const { unmount } = render(
      <PricingLike title="Pricing | Kerf" description="Plans with a 7-day free trial." canonical="/pricing" />,
    );

    expect(document.title).toBe('Pricing | Kerf');
    expect(description()).toBe('Plans with a 7-day free trial.');
    expect(canonical()).toBe(`${window.location.origin}/pricing`);

    unmount();

    expect(document.title).toBe('Kerf');
    expect(description()).toBeUndefined();
    expect(canonical()).toBeUndefined();
  });
});
