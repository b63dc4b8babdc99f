// What other features may use of chat: the rest of the folder is its own.
export { ChatPanel } from './components/ChatPanel';
