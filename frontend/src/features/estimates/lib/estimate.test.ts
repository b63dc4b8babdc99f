import { describe, expect, it } from 'vitest';
import {
  PROGRESS_STEPS,
  badgeVariant,
  formatQuantity,
  formatUsd,
  numberOrZero,
} from '@/features/estimates/lib/estimate';

describe('estimate display rules', () => {
  it('shows money in USD format', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('0.00')).toBe('$0.00');
    expect(formatUsd(undefined)).toBe('$0.00');
  });

  it('shows quantities as a person writes them', () => {
    expect(formatQuantity('716.3024')).toBe('716.3');
    expect(formatQuantity('2261.04')).toBe('2,261');
    expect(formatQuantity('28.20248454428711')).toBe('28.2');
    expect(formatQuantity('0.0514')).toBe('0.05');
  });

  it('uses the secondary badge for draft and archived, default for final and approved', () => {
    expect(badgeVariant('draft')).toBe('secondary');
    expect(badgeVariant('archived')).toBe('secondary');
    expect(badgeVariant('final')).toBe('default');
    expect(badgeVariant('approved')).toBe('default');
  });

  it('turns non-numeric form input into 0', () => {
    expect(numberOrZero('abc')).toBe(0);
    expect(numberOrZero('')).toBe(0);
    expect(numberOrZero('12.5')).toBe(12.5);
  });

  it('has the progress steps of SPEC §4', () => {
    expect(PROGRESS_STEPS.map((s) => [s.value, s.label])).toEqual([
      [10, 'Analyzing conversation history...'],
      [30, 'Processing documents with AI...'],
      [60, 'Calculating costs and generating estimate...'],
      [90, 'Creating professional PDF...'],
      [100, 'Complete!'],
    ]);
  });
});
