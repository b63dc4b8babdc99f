/**
 * Word 97–2003 (.doc): the text of the body, text boxes, footnotes and
 * endnotes, read by word-extractor (pure JavaScript, no Office or LibreOffice),
 * as one page like a DOCX, with the quantities written in it.
 */
import WordExtractor from 'word-extractor';
import type { DocumentAnalysis, DocumentInput } from '../analysis.types';
import { inputBytes } from '../document-input';
import { DocumentReadError } from '../document-read-error';
import { officeTextAnalysis } from './analyze-office-text';
import { openOleContainer } from './ole-container';

const MAX_DOC_BYTES = 200 * 1024 * 1024;
const SAVE_AS_DOCX = 'Open it in Word, save it as DOCX and upload that instead.';

export async function analyzeDoc(input: DocumentInput): Promise<DocumentAnalysis> {
  const bytes = await inputBytes(input, MAX_DOC_BYTES);
  assertWordDocument(bytes);
  let document: WordExtractor.Document;
  try {
    document = await new WordExtractor().extract(bytes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(
      `The Word (DOC) file is damaged or in a form the reader does not know (${detail}). ${SAVE_AS_DOCX}`,
    );
  }
  const text = [
    document.getBody(),
    document.getTextboxes({ includeBody: true, includeHeadersAndFooters: false }),
    document.getFootnotes(),
    document.getEndnotes(),
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');
  return officeTextAnalysis('doc', [{ number: 1, text }]);
}

/**
 * A .doc is an OLE container holding a WordDocument stream; an Excel or
 * PowerPoint file given a .doc name is the same container without it.
 */
function assertWordDocument(bytes: Buffer): void {
  let hasWordStream: boolean;
  try {
    const container = openOleContainer(bytes);
    // word-extractor follows sector chains without loop detection: a crafted loop would never end.
    container.checkChains();
    hasWordStream = container.has('WordDocument');
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The Word (DOC) file is corrupt or truncated (${detail}). ${SAVE_AS_DOCX}`);
  }
  if (!hasWordStream)
    throw new DocumentReadError(
      'The file named .doc is not a Word document: it holds no Word text (it may be another Office file renamed). Upload the Word file itself.',
    );
}
