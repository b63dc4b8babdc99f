import type { Project } from '@kerf/contracts/http';
import { format } from 'date-fns';

/** A project as GET /api/projects returns it (docs/spec.md §3, §7). */
export type { Project };

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * SPEC §6: projects are filtered on the client to those of the current user,
 * a second line behind the server's own check. Foreign ones are dropped and a
 * security warning is logged.
 */
export function ownProjects(projects: readonly Project[], userId: string): Project[] {
  const own = projects.filter((project) => project.userId === userId);
  const foreign = projects.length - own.length;
  if (foreign > 0) {
    console.warn(
      `Security warning: ${foreign} project(s) not belonging to the current user were received and hidden.`,
      projects.filter((project) => project.userId !== userId).map((project) => project.id),
    );
  }
  return own;
}

/** The sidebar order (SPEC §2): newest first by creation. */
export function newestFirst(projects: readonly Project[]): Project[] {
  return [...projects].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

/** The project auto-selected on load (SPEC §2): the most recently updated, or null when there is none. */
export function mostRecentlyUpdated(projects: readonly Project[]): Project | null {
  let best: Project | null = null;
  for (const project of projects) {
    if (!best || time(project.updatedAt) > time(best.updatedAt)) best = project;
  }
  return best;
}

/** SPEC §9: project list dates read 'MMM d, yyyy'. */
export function formatProjectDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}
