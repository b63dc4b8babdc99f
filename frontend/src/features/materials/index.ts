// What other features may use of materials: the rest of the folder is its own.
export { materialsQueryKey } from './api/materials';
export { MaterialsPanel } from './components/MaterialsPanel';
