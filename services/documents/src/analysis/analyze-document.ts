/**
 * The analysis entry point: one function from a file and its declared kind to
 * the analysis object of issue 6. Pure: no database, storage or framework.
 * A file that cannot be read gives `status: 'failed'` with a reason a person
 * understands; it never throws for bad input.
 */
import type { AnalysisOverrides, DocumentAnalysis, DocumentInput, DocumentKind } from './analysis.types';
import { InputTooLargeError } from './document-input';
import { DocumentReadError } from './document-read-error';
import { analyzeDwg } from './dwg/analyze-dwg';
import { analyzeDxf } from './dxf/analyze-dxf';
import { DxfFormatError } from './dxf/dxf-tokenizer';
import { analyzeImage } from './image/analyze-image';
import { analyzeDoc } from './office/analyze-doc';
import { analyzePpt } from './office/analyze-ppt';
import { analyzeDocx, analyzePptx } from './office/analyze-office-text';
import { analyzeSpreadsheet } from './office/analyze-spreadsheet';
import { analyzePdf } from './pdf/analyze-pdf';

export { DocumentReadError } from './document-read-error';

export type { AnalysisOverrides, DocumentAnalysis, DocumentInput, DocumentKind } from './analysis.types';

/**
 * `overrides` are the user's corrections stored with the document: the units of
 * a DXF or DWG whose header is wrong, the calibrated scales of PDF pages.
 */
export async function analyzeDocument(
  input: DocumentInput,
  kind: DocumentKind,
  overrides: AnalysisOverrides = {},
): Promise<DocumentAnalysis> {
  return withinLimits(await analyzeAnyKind(input, kind, overrides));
}

/** Of a very large file, what an analysis keeps: enough for any takeoff, small enough to store, send and show. */
export const ANALYSIS_LIMITS = { listItems: 20_000, textChars: 8_000_000 };

/**
 * A sheet of 100,000 item lines or a 200 MB text would make an analysis too
 * big to store, to pass between services (a gRPC client takes answers of up to
 * 32 MB, GRPC_CLIENT_CHANNEL_OPTIONS; 8 million characters of UTF-8 stay under
 * it) or to show; each list is cut to its first ANALYSIS_LIMITS.listItems
 * entries and the page text, all pages together, to ANALYSIS_LIMITS.textChars
 * characters, with a warning that says so.
 */
function withinLimits(analysis: DocumentAnalysis): DocumentAnalysis {
  const warnings = [...(analysis.warnings ?? [])];
  const cut = <T>(items: T[] | undefined, what: string): T[] | undefined => {
    if (!items || items.length <= ANALYSIS_LIMITS.listItems) return items;
    warnings.push(
      `Only the first ${ANALYSIS_LIMITS.listItems.toLocaleString('en-US')} of ${items.length.toLocaleString('en-US')} ${what} are kept; split the file to take off the rest.`,
    );
    return items.slice(0, ANALYSIS_LIMITS.listItems);
  };
  const limited: DocumentAnalysis = {
    ...analysis,
    quantities: cut(analysis.quantities, 'quantity lines') ?? [],
    layers: cut(analysis.layers, 'layers'),
    blocks: cut(analysis.blocks, 'blocks'),
    rooms: cut(analysis.rooms, 'rooms'),
  };
  if (analysis.pages) {
    let room = ANALYSIS_LIMITS.textChars;
    let firstCut: number | undefined;
    limited.pages = analysis.pages.map((page) => {
      const text = page.text.slice(0, Math.max(0, room));
      room -= text.length;
      if (text.length < page.text.length) firstCut ??= page.number;
      return text.length < page.text.length ? { ...page, text } : page;
    });
    if (firstCut !== undefined)
      warnings.push(
        `The text is longer than ${ANALYSIS_LIMITS.textChars.toLocaleString('en-US')} characters: from page ${firstCut} on it is kept only in part, so search does not find everything.`,
      );
  }
  return warnings.length ? { ...limited, warnings } : limited;
}

async function analyzeAnyKind(
  input: DocumentInput,
  kind: DocumentKind,
  overrides: AnalysisOverrides,
): Promise<DocumentAnalysis> {
  try {
    switch (kind) {
      case 'dxf':
        return await analyzeDxf(input, overrides);
      case 'dwg':
        return await analyzeDwg(input, overrides);
      case 'pdf':
        return await analyzePdf(input, overrides);
      case 'xlsx':
      case 'xls':
      case 'ods':
        return await analyzeSpreadsheet(input, kind);
      case 'docx':
        return await analyzeDocx(input);
      case 'pptx':
        return await analyzePptx(input);
      case 'image':
        return await analyzeImage(input);
      case 'doc':
        return await analyzeDoc(input);
      case 'ppt':
        return await analyzePpt(input);
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
