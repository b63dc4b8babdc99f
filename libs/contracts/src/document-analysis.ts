/**
 * The analysis object of issue 6 (`GET /api/documents/{id}/analysis`): what a
 * drawing, spec or spreadsheet says, in feet and square feet, traceable back to
 * the page, layer, block, sheet or row it came from.
 */

export type DocumentKind = 'pdf' | 'dxf' | 'dwg' | 'xlsx' | 'xls' | 'docx' | 'doc' | 'pptx' | 'ppt' | 'image';

export type AnalysisStatus = 'analyzed' | 'failed';

/**
 * The units a drawing's coordinates are in. The first six are the contract's;
 * the rest are the less common $INSUNITS values, reported by name rather than
 * folded into a wrong one.
 */
export type DrawingUnit =
  'in' | 'ft' | 'mm' | 'cm' | 'm' | 'unitless' | 'yd' | 'mi' | 'km' | 'dm' | 'us-survey-ft' | 'us-survey-in' | 'other';

export interface DrawingUnits {
  /** What the file's header declares. */
  source: DrawingUnit;
  /** The unit the numbers below were computed in: the header's, or for a unitless drawing the one assumed. */
  usedAs: DrawingUnit;
  /** Multiply a drawing-unit length by this to get feet. */
  feetPerUnit: number;
  /** True when the header declares no unit and `usedAs` was inferred (see warnings). */
  assumed?: boolean;
  /** The user's choice (AnalysisOverrides.units) when `usedAs` is theirs rather than the header's. */
  override?: { unit: OverridableUnit; setBy: string; setAt: string };
  /** The unit the drawing's own dimensions (or sizes) say it is drawn in, when that is not `usedAs`: the one-click fix. */
  suggested?: OverridableUnit;
}

/** The units a user can set a drawing to (PUT /api/documents/{id}/units). */
export type OverridableUnit = 'in' | 'ft' | 'mm' | 'cm' | 'm';

export interface LayerTotals {
  name: string;
  /** Total length of LINE, ARC, CIRCLE, LWPOLYLINE and 2D POLYLINE linework in model space. */
  lengthFt: number;
  /** Total area enclosed by closed LWPOLYLINE / 2D POLYLINE entities in model space. */
  areaSqFt: number;
  /** Model-space entities of every type on the layer. */
  entityCount: number;
  /**
   * For a wall layer (A-WALL, "wall high", MUROS…): the length of the walls its
   * linework draws, each wall once. Where two parallel faces run 3 to 20 in apart
   * they are one wall, measured along one face; unpaired linework counts as drawn.
   */
  wallLengthFt?: number;
}

export interface BlockCount {
  name: string;
  /** Instances placed directly in model space (a MINSERT grid counts rows × columns). */
  count: number;
  /** Instances including those nested inside other inserted blocks, multiplied through. */
  totalCount: number;
  /** For an anonymous dynamic-block representation (`*U12`), the dynamic block it shows. */
  dynamicBlockName?: string;
  /** The blocks its definition places, nested ones included (a DOOR-PAIR holds DOOR): counted in their own totalCount. */
  contains?: string[];
}

export interface Room {
  name: string;
  areaSqFt: number;
  perimeterFt: number;
  layer: string;
}

export interface PageAnalysis {
  number: number;
  text: string;
  sheetNumber?: string;
  title?: string;
  scale?: string;
  /** Schedules (door, window, finish…) recognised on the page, as header + rows. */
  schedules?: Schedule[];
}

export interface Schedule {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface QuantitySource {
  page?: number;
  layer?: string;
  block?: string;
  sheet?: string;
  row?: number;
}

export interface Quantity {
  description: string;
  quantity: number;
  unit: string;
  source: QuantitySource;
}

export interface DocumentAnalysis {
  status: AnalysisStatus;
  /** Which analysis of the document this is (1, then one more per correction), as the documents service reports it. */
  revision?: number;
  /** Present when status is 'failed': what went wrong, in words an estimator can act on. */
  error?: string;
  kind: DocumentKind;
  units?: DrawingUnits;
  layers?: LayerTotals[];
  blocks?: BlockCount[];
  rooms?: Room[];
  warnings?: string[];
  pages?: PageAnalysis[];
  quantities: Quantity[];
  /** Pixel size, for images. */
  image?: { width: number; height: number; format: string };
}

/**
 * What the user has corrected on a document, stored with it and applied on every
 * (re-)analysis: the drawing units of a DXF/DWG whose header is wrong, and the
 * calibrated scale of PDF pages. Quantities are always derived from these.
 */
export interface AnalysisOverrides {
  /** The drawing units the user chose, replacing the header's. */
  units?: { unit: OverridableUnit; setBy: string; setAt: string };
  /** Calibrated page scales by page number (1-based): real feet per PDF point. */
  pageScales?: Record<number, { feetPerPoint: number; setBy: string; setAt: string }>;
}
