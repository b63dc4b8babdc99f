/** DXF takeoff: stream the file through the tokenizer and reader, then summarise. */
import type { AnalysisOverrides, DocumentAnalysis, DocumentInput } from '../analysis.types';
import { inputChunks } from '../document-input';
import { DrawingTakeoff } from './drawing-takeoff';
import { summarizeDrawing } from './drawing-summary';
import type { DrawingSink } from './drawing-entities';
import { DxfReader, type DxfReadSummary } from './dxf-reader';
import { LineworkSheetCollector } from './linework-rooms';
import { DxfFormatError, DxfTextTokenizer, isBinaryDxf, tokenizeBinaryDxf } from './dxf-tokenizer';

/** Streams a DXF (text or binary) through the tokenizer into `sink`; the takeoff and the viewer's geometry share it. */
export async function readDxf(input: DocumentInput, sink: DrawingSink): Promise<DxfReadSummary> {
  const reader = new DxfReader(sink);
  let text: DxfTextTokenizer | undefined;
  let binary: Buffer[] | undefined;
  let bytes = 0;
  for await (const chunk of inputChunks(input)) {
    if (chunk.length === 0) continue;
    if (!text && !binary) {
      if (isBinaryDxf(chunk)) binary = [];
      else text = new DxfTextTokenizer(reader.pair);
    }
    bytes += chunk.length;
    if (binary) binary.push(chunk);
    else text!.write(chunk);
  }
  if (bytes === 0) throw new DxfFormatError('the file is empty');
  if (binary) tokenizeBinaryDxf(Buffer.concat(binary), reader.pair);
  else text!.end();
  return reader.finish();
}

/** `overrides.units` (the user's correction of a wrong header) replaces the drawing units. */
export async function analyzeDxf(input: DocumentInput, overrides: AnalysisOverrides = {}): Promise<DocumentAnalysis> {
  const takeoff = new DrawingTakeoff();
  // One read feeds both: the takeoff's totals, and the linework the rooms without outlines are found in.
  const sheet = new LineworkSheetCollector();
  const summary = await readDxf(input, both(takeoff, sheet));

  const warnings: string[] = [];
  if (!summary.sectionsSeen.includes('ENTITIES') && !summary.sectionsSeen.includes('BLOCKS')) {
    throw new DxfFormatError(
      summary.sectionsSeen.length === 0
        ? 'it has no DXF sections at all'
        : `it has no ENTITIES section (sections found: ${summary.sectionsSeen.join(', ')})`,
    );
  }
  if (summary.endedInsideSection) {
    throw new DxfFormatError(
      `it stops in the middle of the ${summary.sectionsSeen.at(-1)} section, so part of the drawing is missing`,
    );
  }
  if (!summary.sawEndOfFile)
    warnings.push('The DXF file has no end-of-file marker (0 / EOF); it was read up to its last complete section.');
  return summarizeDrawing(takeoff, 'dxf', warnings, overrides, (feetPerUnit) => sheet.rooms(feetPerUnit));
}

/** A sink handing everything read to two. */
function both(first: DrawingSink, second: DrawingSink): DrawingSink {
  return {
    header: (header) => (first.header(header), second.header(header)),
    dimensionStyle: (style) => (first.dimensionStyle(style), second.dimensionStyle(style)),
    blockRecord: (record) => (first.blockRecord(record), second.blockRecord(record)),
    layerRecord: (record) => (first.layerRecord?.(record), second.layerRecord?.(record)),
    blockDefinition: (name, flags, basePoint) => (
      first.blockDefinition(name, flags, basePoint),
      second.blockDefinition(name, flags, basePoint)
    ),
    entity: (entity, owner) => (first.entity(entity, owner), second.entity(entity, owner)),
  };
}
