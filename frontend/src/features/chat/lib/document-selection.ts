/**
 * Which of the project's documents the assistant reads. Nothing chosen means
 * all of them; SPEC §7 sends selectedDocumentIds only when a subset is chosen.
 */

/** The chosen ids that still name a document of the project, in the project's order. */
export function chosenDocuments(chosen: readonly string[], documents: readonly { id: string }[]): string[] {
  return documents.filter((document) => chosen.includes(document.id)).map((document) => document.id);
}

/** The ids to send with a question: undefined when all the documents are read. */
export function selectedDocumentIds(
  chosen: readonly string[],
  documents: readonly { id: string }[],
): string[] | undefined {
  const ids = chosenDocuments(chosen, documents);
  return ids.length === 0 || ids.length === documents.length ? undefined : ids;
}

export function toggleDocument(chosen: readonly string[], id: string): string[] {
  return chosen.includes(id) ? chosen.filter((value) => value !== id) : [...chosen, id];
}

/** The line above the input that says what the assistant reads. */
export function selectionLabel(
  chosen: readonly string[],
  documents: readonly { id: string; filename: string }[],
): string {
  if (!documents.length) return 'No documents yet';
  const ids = selectedDocumentIds(chosen, documents);
  if (!ids) return documents.length === 1 ? 'All documents (1)' : `All documents (${documents.length})`;
  if (ids.length === 1) return documents.find((document) => document.id === ids[0])!.filename;
  return `${ids.length} of ${documents.length} documents`;
}
