import { afterEach, describe, expect, it } from 'vitest';
import { ORPHAN_MS, PROCESSING_STEPS, STEP_MS, orphanSettled, processingStore, stepAt } from './processing';

describe('chat processing', () => {
  afterEach(() => sessionStorage.clear());

  it('cycles the six texts every 3 s and stays on the last', () => {
    expect(stepAt(0, 0)).toBe('Preparing your request...');
    expect(stepAt(0, STEP_MS - 1)).toBe('Preparing your request...');
    expect(stepAt(0, STEP_MS)).toBe('Finding and analyzing your documents...');
    expect(stepAt(0, 5 * STEP_MS)).toBe('Generating detailed response...');
    expect(stepAt(0, 60 * STEP_MS)).toBe(PROCESSING_STEPS[5]);
  });

  it('keeps the state per project in session storage, cleared when done', () => {
    const seen: number[] = [];
    const stop = processingStore.subscribe(() => seen.push(1));
    processingStore.start('p1');
    expect(processingStore.since('p1')).toEqual(expect.any(Number));
    expect(sessionStorage.getItem('kerf:chat-processing:p1')).not.toBeNull();
    expect(processingStore.since('p2')).toBeNull();
    expect(processingStore.awaiting('p1')).toBe(true);
    processingStore.clear('p1');
    expect(processingStore.since('p1')).toBeNull();
    expect(seen).toHaveLength(2);
    stop();
  });

  it('treats a state left by a reload as not awaited by this page', () => {
    sessionStorage.setItem('kerf:chat-processing:p3', String(Date.now()));
    expect(processingStore.since('p3')).not.toBeNull();
    expect(processingStore.awaiting('p3')).toBe(false);
  });

  it('ends an interrupted send once its reply is the last message, or after the gateway would have given up', () => {
    expect(orphanSettled([{ sender: 'ai' }, { sender: 'user' }], 0, 1_000)).toBe(false);
    expect(orphanSettled([{ sender: 'user' }, { sender: 'ai' }], 0, 1_000)).toBe(true);
    expect(orphanSettled([], 0, 1_000)).toBe(false);
    expect(orphanSettled([{ sender: 'user' }], 0, ORPHAN_MS + 1)).toBe(true);
  });
});
