/**
 * DOCX and PPTX: their text (a DOCX is one page; a PPTX one page per slide) and the quantities written in it;
 * a DOCX's tables as schedules.
 */
import type { DocumentAnalysis, DocumentInput, PageAnalysis, Quantity } from '../analysis.types';
import { inputBytes } from '../document-input';
import { DocumentReadError } from '../document-read-error';
import { findTextQuantities } from '../text/text-quantities';
import { paragraphsOf, unzipParts } from './office-xml';
import { tableSchedules, wordTables } from './table-schedules';

const MAX_OFFICE_BYTES = 200 * 1024 * 1024;

export async function analyzeDocx(input: DocumentInput): Promise<DocumentAnalysis> {
  const bytes = await inputBytes(input, MAX_OFFICE_BYTES);
  const parts = unzipParts(bytes, (name) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(name), 'Word (DOCX)');
  const body = parts['word/document.xml'];
  if (body === undefined)
    throw new DocumentReadError('The file is not a Word (DOCX) document: it has no word/document.xml.');
  const text = paragraphsOf(body, 'w').join('\n');
  // A schedule kept as a Word table (a room finish schedule beside the specs) is read as one.
  const schedules = wordTables(body, (xml) => paragraphsOf(xml, 'w')).flatMap((table) =>
    tableSchedules(table.rows, table.title || 'Table'),
  );
  return officeTextAnalysis('docx', [{ number: 1, text, ...(schedules.length ? { schedules } : {}) }]);
}

export async function analyzePptx(input: DocumentInput): Promise<DocumentAnalysis> {
  const bytes = await inputBytes(input, MAX_OFFICE_BYTES);
  const parts = unzipParts(bytes, (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name), 'PowerPoint (PPTX)');
  const slides = Object.keys(parts)
    .map((name) => ({ name, number: Number(/slide(\d+)\.xml$/.exec(name)![1]) }))
    .sort((a, b) => a.number - b.number);
  if (slides.length === 0)
    throw new DocumentReadError('The file is not a PowerPoint (PPTX) presentation: it has no slides.');
  const pages: PageAnalysis[] = slides.map(({ name, number }) => {
    const lines = paragraphsOf(parts[name], 'a');
    return { number, title: lines[0], text: lines.join('\n') };
  });
  return officeTextAnalysis('pptx', pages);
}

/** Text pages of a Word or PowerPoint file, with the quantities written on each. */
export function officeTextAnalysis(kind: 'docx' | 'doc' | 'pptx' | 'ppt', pages: PageAnalysis[]): DocumentAnalysis {
  const quantities: Quantity[] = [];
  for (const page of pages) {
    for (const q of findTextQuantities(page.text)) {
      quantities.push({
        description: q.description,
        quantity: q.quantity,
        unit: q.unit,
        source: { page: page.number },
      });
    }
  }
  return { status: 'analyzed', kind, pages, quantities, warnings: [] };
}
