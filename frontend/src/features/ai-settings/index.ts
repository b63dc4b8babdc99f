// What other features may use of ai-settings: the rest of the folder is its own.
export { AiSettingsDialog } from './components/AiSettingsDialog';
