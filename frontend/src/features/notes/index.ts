// What other features may use of notes: the rest of the folder is its own.
export { NotesPanel } from './components/NotesPanel';
export { forgetNote, saveAllNotes } from './stores/note-drafts';
