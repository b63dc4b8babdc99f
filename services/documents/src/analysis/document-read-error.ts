/** A document that cannot be analysed; its message is shown to the person as the analysis error. */
export class DocumentReadError extends Error {
  override readonly name = 'DocumentReadError';
}
