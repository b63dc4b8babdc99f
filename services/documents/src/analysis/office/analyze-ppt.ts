/**
 * PowerPoint 97–2003 (.ppt): the text of each slide, one page per slide, with
 * the quantities written on it. The file is an OLE container whose
 * 'PowerPoint Document' stream is a tree of records (MS-PPT): an 8-byte header
 * (version and instance, type, length), containers (version 0xF) holding more
 * records. Slide text sits either in the document's slide list, split by a
 * SlidePersistAtom per slide (as PowerPoint writes it), or in each Slide
 * container's drawing (as LibreOffice writes it).
 */
import type { DocumentAnalysis, DocumentInput, PageAnalysis } from '../analysis.types';
import { inputBytes } from '../document-input';
import { DocumentReadError } from '../document-read-error';
import { officeTextAnalysis } from './analyze-office-text';
import { openOleContainer } from './ole-container';

const MAX_PPT_BYTES = 200 * 1024 * 1024;
const SAVE_AS_PPTX = 'Open it in PowerPoint, save it as PPTX and upload that instead.';

const RT = {
  document: 0x03e8,
  slide: 0x03ee,
  slideListWithText: 0x0ff0,
  slidePersistAtom: 0x03f3,
  textCharsAtom: 0x0fa0,
  textBytesAtom: 0x0fa8,
  /** Present in a password-protected file: the rest of the stream is encrypted. */
  cryptSession: 0x2f14,
};

interface PptRecord {
  type: number;
  instance: number;
  container: boolean;
  body: Buffer;
}

/** The records directly inside `bytes`; a record whose length runs past the end stops the list. */
function records(bytes: Buffer): PptRecord[] {
  const found: PptRecord[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const versionAndInstance = bytes.readUInt16LE(at);
    const length = bytes.readUInt32LE(at + 4);
    const end = at + 8 + length;
    if (end > bytes.length) break;
    found.push({
      type: bytes.readUInt16LE(at + 2),
      instance: versionAndInstance >> 4,
      container: (versionAndInstance & 0xf) === 0xf,
      body: bytes.subarray(at + 8, end),
    });
    at = end;
  }
  return found;
}

/** A text atom's words, or null for any other record; '*' alone is a field placeholder (slide number, date). */
function atomText(record: PptRecord): string | null {
  const raw =
    record.type === RT.textCharsAtom
      ? record.body.toString('utf16le')
      : record.type === RT.textBytesAtom
        ? record.body.toString('latin1')
        : null;
  if (raw === null) return null;
  const text = raw.replace(/[\r\v]/g, '\n').trim();
  return text && text !== '*' ? text : null;
}

/** Every text atom anywhere below a record, in order. */
function textsBelow(record: PptRecord): string[] {
  if (!record.container) {
    const text = atomText(record);
    return text ? [text] : [];
  }
  return records(record.body).flatMap(textsBelow);
}

/**
 * PowerPoint's own layout: the slide list of the Document record, a
 * SlidePersistAtom opening each slide. A file saved quickly ("fast save")
 * keeps its earlier Document records too; the last one is the current.
 */
function slidesFromSlideList(top: PptRecord[]): string[][] {
  const slides: string[][] = [];
  const current = top.filter((r) => r.type === RT.document && r.container).at(-1);
  if (current)
    for (const list of records(current.body).filter((r) => r.type === RT.slideListWithText && r.instance === 0))
      for (const record of records(list.body)) {
        if (record.type === RT.slidePersistAtom) slides.push([]);
        else {
          const text = atomText(record);
          if (text && slides.length) slides.at(-1)!.push(text);
        }
      }
  return slides.some((texts) => texts.length) ? slides : [];
}

export async function analyzePpt(input: DocumentInput): Promise<DocumentAnalysis> {
  const bytes = await inputBytes(input, MAX_PPT_BYTES);
  let stream: Buffer | undefined;
  let encrypted: boolean;
  try {
    const container = openOleContainer(bytes);
    stream = container.read('PowerPoint Document');
    // A password-protected presentation keeps an encrypted copy of its summary beside the encrypted stream.
    encrypted = container.has('EncryptedSummary');
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The PowerPoint (PPT) file is corrupt or truncated (${detail}). ${SAVE_AS_PPTX}`);
  }
  if (!stream)
    throw new DocumentReadError(
      'The file named .ppt is not a PowerPoint presentation: it holds no slides (it may be another Office file renamed). Upload the PowerPoint file itself.',
    );
  const top = records(stream);
  if (encrypted || top.some((r) => r.type === RT.cryptSession))
    throw new DocumentReadError(
      'The PowerPoint (PPT) file is password-protected, so its text cannot be read. Save a copy without the password and upload that.',
    );
  const listed = slidesFromSlideList(top);
  const slides = listed.length ? listed : top.filter((r) => r.type === RT.slide && r.container).map(textsBelow);
  const pages: PageAnalysis[] = slides.map((texts, index) => ({ number: index + 1, text: texts.join('\n') }));
  return officeTextAnalysis('ppt', pages);
}
