import { describe, expect, it } from 'vitest';
import { safeRedirect } from '@/lib/redirect';

describe('safeRedirect', () => {
  it('follows a path on this site', () => {
    expect(safeRedirect('/pricing', '/dashboard')).toBe('/pricing');
    expect(safeRedirect('/estimates/42?tab=terms', '/dashboard')).toBe('/estimates/42?tab=terms');
  });

  it('never leaves the site', () => {
    for (const raw of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(safeRedirect(raw, '/dashboard')).toBe('/dashboard');
    }
    expect(safeRedirect(null, '/pricing')).toBe('/pricing');
  });
});
