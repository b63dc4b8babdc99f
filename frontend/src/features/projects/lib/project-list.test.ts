import { describe, expect, it, vi } from 'vitest';
import {
  formatProjectDate,
  mostRecentlyUpdated,
  newestFirst,
  ownProjects,
  type Project,
} from '@/features/projects/lib/project-list';

const project = (id: string, createdAt: string, updatedAt = createdAt, userId = 'me'): Project => ({
  id,
  userId,
  name: `Project ${id}`,
  description: null,
  createdAt,
  updatedAt,
});

describe('project list', () => {
  it("keeps only the current user's projects and logs a security warning for the others (SPEC §6)", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mine = project('a', '2026-01-01T00:00:00Z');
    const theirs = project('b', '2026-01-02T00:00:00Z', undefined, 'someone-else');
    expect(ownProjects([mine, theirs], 'me')).toEqual([mine]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/security/i);
  });

  it('logs nothing when every project is the current user’s', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    ownProjects([project('a', '2026-01-01T00:00:00Z')], 'me');
    expect(warn).not.toHaveBeenCalled();
  });

  it('sorts newest first by creation', () => {
    const older = project('old', '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z');
    const newer = project('new', '2026-02-01T00:00:00Z');
    expect(newestFirst([older, newer]).map((p) => p.id)).toEqual(['new', 'old']);
  });

  it('auto-selects the most recently updated project, or none', () => {
    const older = project('old', '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z');
    const newer = project('new', '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z');
    expect(mostRecentlyUpdated([newer, older])?.id).toBe('old');
    expect(mostRecentlyUpdated([])).toBeNull();
  });

  it("formats dates as 'MMM d, yyyy' (SPEC §9)", () => {
    expect(formatProjectDate(new Date(2026, 10, 23, 15, 4).toISOString())).toBe('Nov 23, 2026');
  });
});
