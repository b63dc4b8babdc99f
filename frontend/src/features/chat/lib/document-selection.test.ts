import { describe, expect, it } from 'vitest';
import { chosenDocuments, selectedDocumentIds, selectionLabel, toggleDocument } from './document-selection';

const documents = [
  { id: 'a', filename: 'plan.dxf' },
  { id: 'b', filename: 'specs.pdf' },
  { id: 'c', filename: 'site.png' },
];

describe('the documents the assistant reads', () => {
  it('sends no ids when none are chosen: the assistant reads them all', () => {
    expect(selectedDocumentIds([], documents)).toBeUndefined();
    expect(selectionLabel([], documents)).toBe('All documents (3)');
  });

  it('sends the chosen subset in the project order', () => {
    expect(selectedDocumentIds(['c', 'a'], documents)).toEqual(['a', 'c']);
    expect(selectionLabel(['c', 'a'], documents)).toBe('2 of 3 documents');
  });

  it('names the one document chosen', () => {
    expect(selectionLabel(['b'], documents)).toBe('specs.pdf');
  });

  it('sends no ids when every document is chosen', () => {
    expect(selectedDocumentIds(['a', 'b', 'c'], documents)).toBeUndefined();
  });

  it('forgets chosen documents that were deleted', () => {
    expect(chosenDocuments(['gone', 'b'], documents)).toEqual(['b']);
    expect(selectedDocumentIds(['gone'], documents)).toBeUndefined();
  });

  it('toggles a document in and out', () => {
    expect(toggleDocument([], 'a')).toEqual(['a']);
    expect(toggleDocument(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('says when the project has no documents', () => {
    expect(selectionLabel([], [])).toBe('No documents yet');
  });
});
