/**
 * What the assistant reads and answers with: a document and its analysis, a
 * number in a reply and where it came from, and the reply itself.
 */
import type { DocumentAnalysis } from '@kerf/contracts';
import type { QuantityOrigin } from '@kerf/takeoff';

/** A document as the analyst reads it: its name and what the analysis found. */
export interface AnalysedDocument {
  id: string;
  filename: string;
  analysis: DocumentAnalysis;
}

export type Source = {
  documentId: string;
  filename: string;
  layer?: string;
  block?: string;
  /** A measured room: a source link opens the sheet at it. */
  room?: string;
  page?: number;
  sheet?: string;
};

/** A number in a reply and where it came from. */
export interface SourcedQuantity {
  description: string;
  /** The exact figure; the reply's text rounds it as a person writes it. */
  quantity: number;
  unit: string;
  source: Source;
  /** The quantity's identity: document, revision, and the layer, block, room, page, schedule or item inside it. */
  origin: QuantityOrigin;
  /**
   * 'linework' for a wall layer's drawn linework (both faces of every wall),
   * shown beside the wall length and never taken as one; 'wall length' for the
   * walls themselves, each once.
   */
  figure?: 'linework' | 'wall length';
  /** The material it stands for; absent for what is not one (annotation, slivers, linework). */
  material?: { name: string; category: string };
}

export interface AnalystReply {
  content: string;
  quantities: SourcedQuantity[];
}
