/**
 * The analysis entry point: one function from a file and its declared kind to
 * the analysis object of issue 6. Pure: no database, storage or framework.
 * A file that cannot be read gives `status: 'failed'` with a reason a person
 * understands; it never throws for bad input.
 */
import type { DocumentAnalysis, DocumentInput, DocumentKind } from './analysis.types';
import { InputTooLargeError } from './document-input';
import { DocumentReadError } from './document-read-error';
import { analyzeDwg } from './dwg/analyze-dwg';
import { analyzeDxf } from './dxf/analyze-dxf';
import { DxfFormatError } from './dxf/dxf-tokenizer';
import { analyzeImage } from './image/analyze-image';
import { analyzeDocx, analyzePptx } from './office/analyze-office-text';
import { analyzeSpreadsheet } from './office/analyze-spreadsheet';
import { analyzePdf } from './pdf/analyze-pdf';

export { DocumentReadError } from './document-read-error';

export type { DocumentAnalysis, DocumentInput, DocumentKind } from './analysis.types';

export async function analyzeDocument(input: DocumentInput, kind: DocumentKind): Promise<DocumentAnalysis> {
  try {
    switch (kind) {
      case 'dxf':
        return await analyzeDxf(input);
      case 'dwg':
        return await analyzeDwg(input);
      case 'pdf':
        return await analyzePdf(input);
      case 'xlsx':
      case 'xls':
        // SheetJS reads XLSX, XLS and ODS alike, whatever the declared kind.
        return await analyzeSpreadsheet(input, kind);
      case 'docx':
        return await analyzeDocx(input);
      case 'pptx':
        return await analyzePptx(input);
      case 'image':
        return await analyzeImage(input);
      case 'doc':
      case 'ppt':
        return failed(
          kind,
          `Text of older ${kind.toUpperCase()} files cannot be read yet. Save it as ${kind.toUpperCase()}X and upload it again.`,
        );
    }
  } catch (error) {
    return failed(kind, describeFailure(kind, error));
  }
}

function failed(kind: DocumentKind, error: string): DocumentAnalysis {
  return { status: 'failed', error, kind, quantities: [] };
}

function describeFailure(kind: DocumentKind, error: unknown): string {
  if (error instanceof DxfFormatError) return `The DXF file is corrupt or truncated: ${error.message}.`;
  if (error instanceof DocumentReadError) return error.message;
  if (error instanceof InputTooLargeError)
    return `The ${kind.toUpperCase()} file could not be analysed: ${error.message}.`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'The file could not be found for analysis.';
  return `The ${kind.toUpperCase()} file could not be analysed: ${error instanceof Error ? error.message : String(error)}.`;
}
