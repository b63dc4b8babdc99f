import { describe, expect, it } from 'vitest';
import { formatPostDate, formatReadingTime, formatViews } from './format';

describe('blog formats', () => {
  it('writes dates as MMM d, yyyy in UTC', () => {
    expect(formatPostDate('2026-07-07T09:00:00Z')).toBe('Jul 7, 2026');
    expect(formatPostDate('2026-01-01T00:30:00Z')).toBe('Jan 1, 2026');
    expect(formatPostDate(null)).toBe('');
    expect(formatPostDate('not a date')).toBe('');
  });

  it('writes reading time in minutes and views with separators', () => {
    expect(formatReadingTime(5)).toBe('5 min read');
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(0)).toBe('0 views');
    expect(formatViews(1234567)).toBe('1,234,567 views');
  });
});
