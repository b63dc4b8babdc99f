import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('names bytes, whole kilobytes and megabytes to one decimal', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(340 * 1024 + 100)).toBe('340 KB');
    expect(formatSize(12.5 * 1024 * 1024)).toBe('12.5 MB');
  });
});
