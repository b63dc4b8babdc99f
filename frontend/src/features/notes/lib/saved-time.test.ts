import { describe, expect, it } from 'vitest';
import { formatSavedAt } from '@/features/notes/lib/saved-time';

describe('last-saved time', () => {
  it('shows the clock time for a save today and the date for an older one', () => {
    const now = new Date(2026, 2, 10, 16, 0);
    expect(formatSavedAt(new Date(2026, 2, 10, 15, 42).toISOString(), now)).toBe('3:42 PM');
    expect(formatSavedAt(new Date(2026, 2, 9, 9, 5).toISOString(), now)).toBe('Mar 9, 2026, 9:05 AM');
  });
});
