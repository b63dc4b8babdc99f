import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADLINE_INTERVAL_MS, RotatingWord } from './RotatingWord';

describe('RotatingWord', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('changes the headline word every 2 seconds: Estimates, Takeoffs, Project Scopes, and round again', () => {
    expect(HEADLINE_INTERVAL_MS).toBe(2000);
    render(<RotatingWord />);
    const word = () => screen.getByTestId('rotating-word').textContent;
    expect(word()).toBe('Estimates');
    act(() => vi.advanceTimersByTime(1999));
    expect(word()).toBe('Estimates');
    act(() => vi.advanceTimersByTime(1));
    expect(word()).toBe('Takeoffs');
    act(() => vi.advanceTimersByTime(2000));
    expect(word()).toBe('Project Scopes');
    act(() => vi.advanceTimersByTime(2000));
    expect(word()).toBe('Estimates');
  });
});
