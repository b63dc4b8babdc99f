/** The analysis object lives in @kerf/contracts: the chat and the gateway read it too. */
export type {
  AnalysisOverrides,
  AnalysisStatus,
  BlockCount,
  DocumentAnalysis,
  DocumentKind,
  DrawingUnit,
  DrawingUnits,
  LayerTotals,
  OverridableUnit,
  PageAnalysis,
  Quantity,
  PageScale,
  QuantitySource,
  Room,
  RoomBoundaryLine,
  RoomNote,
  RoomNoteKind,
  Schedule,
  SymbolCount,
} from '@kerf/contracts';

/** What `analyzeDocument` accepts: a file path, the bytes, or a stream of them. */
export type DocumentInput = string | Buffer | Uint8Array | NodeJS.ReadableStream;
