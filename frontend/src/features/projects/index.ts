// What other features may use of projects: the rest of the folder is its own.
export { projectsQueryKey, useProjects } from './api/get-projects';
export { CreateProjectDialog } from './components/CreateProjectDialog';
export { DeleteProjectDialog } from './components/DeleteProjectDialog';
export { ProjectList } from './components/ProjectList';
export { mostRecentlyUpdated, type Project } from './lib/project-list';
