// What other features may use of viewer: the rest of the folder is its own.
export { viewerHref } from './lib/viewer-link';
