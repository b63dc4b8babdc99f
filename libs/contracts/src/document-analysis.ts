/**
 * The analysis object of issue 6 (`GET /api/documents/{id}/analysis`): what a
 * drawing, spec or spreadsheet says, in feet and square feet, traceable back to
 * the page, layer, block, sheet or row it came from.
 */

export type DocumentKind = 'pdf' | 'dxf' | 'dwg' | 'xlsx' | 'xls' | 'ods' | 'docx' | 'doc' | 'pptx' | 'ppt' | 'image';

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
  /** PDF: the page the layer (optional content group, or stroke style where the PDF has none) was measured on. */
  page?: number;
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
   * A PDF page without wall layers gets a layer of its own, "walls round the
   * measured spaces": the faces the rooms' outlines lie on (`lengthFt`, door
   * openings left out), paired the same way (`wallLengthFt`).
   */
  wallLengthFt?: number;
  /**
   * A PDF page's wall layer: the straight lines its walls were measured along
   * (`[[x1, y1], [x2, y2]]`, page points, origin top left), for the viewer to
   * draw; left out for a layer of more than 5,000 lines.
   */
  wallLines?: Array<[[number, number], [number, number]]>;
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
  /**
   * Where its instances are, in drawing coordinates (y up): the centre of the block's
   * drawing at each instance, nested ones included, up to 5,000 per block (like SymbolCount.at).
   */
  at?: Array<[number, number]>;
}

export interface Room {
  name: string;
  areaSqFt: number;
  perimeterFt: number;
  /** DXF: the layer of the room's outline. PDF: the layer or stroke style most of the outline was drawn with. */
  layer: string;
  /** PDF: the page the room is on. */
  page?: number;
  /**
   * The room's outline. PDF: in page points (origin top-left, y down); its area
   * times `feetPerPoint²` of the page's scale is `areaSqFt`. DXF/DWG: in drawing
   * coordinates (y up), arcs as points.
   */
  outline?: Array<[number, number]>;
  /** PDF: the area printed in the room's tag (`189 SF`, `18.86 m2`), in square feet. */
  printedAreaSqFt?: number;
  /** The room's size as written under its name (`12'-0" x 11'-6"`, `4.20 x 3.60 m`), PDF and DXF alike. */
  printedSize?: string;
  /**
   * PDF: how the outline was found: a drawn room boundary ('room-outline') or the
   * smallest face of the wall linework around the room's name ('wall-linework').
   */
  source?: 'room-outline' | 'wall-linework';
  /**
   * PDF: the scale of the drawing the room is in, where it is not the page's (a
   * sheet with drawings at several scales, each noted under its drawing): its
   * outline's area times this `feetPerPoint²` is `areaSqFt`.
   */
  scale?: { note: string; feetPerPoint: number };
}

/**
 * What a room note says of its rooms:
 * - 'shared': they lie in one enclosed space with nothing drawn between them, and none is measured;
 * - 'divided': such a space was divided between them across the openings between its wall ends (measured,
 *   by the analysis's guess);
 * - 'division-differs': this room's part of a divided space disagrees with the area printed in its tag, so it
 *   is not measured;
 * - 'no-closed-space': no closed space was found round their names, so they are not measured;
 * - 'printed-area-differs': the room was measured, more than 3% from the area printed in its tag;
 * - 'printed-size-differs': the room was measured, its sides further from the size written in its tag than the
 *   size's rounding (3% or 6"); where several rooms are off alike, one note names them all (the page's scale is off).
 * All but the last two are settled by drawing room boundaries (AnalysisOverrides.pageBoundaries).
 */
export type RoomNoteKind =
  'shared' | 'divided' | 'division-differs' | 'no-closed-space' | 'printed-area-differs' | 'printed-size-differs';

/** A finding about some rooms of a PDF page, for the viewer to show beside the page. */
export interface RoomNote {
  page: number;
  kind: RoomNoteKind;
  /** The rooms it names, in its order: the name in each tag and the middle of the tag, in page points. */
  rooms: Array<{ name: string; at: [number, number] }>;
  /** The note in words, without the "Page N: " its warning starts with. */
  message: string;
}

/** The scale of a PDF page: real feet per PDF point (1/4" = 1'-0" is 1/18), and where it came from. */
export interface PageScale {
  /** The scale note as written on the sheet (normalised: 1/8" = 1'-0", 1:50). */
  note?: string;
  feetPerPoint: number;
  source: 'scale-note' | 'calibration' | 'dimensions';
}

/** Repeated identical drawing groups on a PDF page (same shape up to translation, rotation and mirroring). */
export interface SymbolCount {
  /** A door ('door'), a name from a nearby tag, or `symbol N`. */
  name: string;
  page: number;
  count: number;
  /** Where each one is, page points (origin top-left, y down): the centre of its drawing. */
  at: Array<[number, number]>;
}

export interface PageAnalysis {
  number: number;
  text: string;
  sheetNumber?: string;
  title?: string;
  /**
   * PDF: the page's scale, from its note, a calibration or its dimensions; null
   * when the sheet is not to scale or says nothing (no real-world quantities then).
   */
  scale?: PageScale | null;
  /** PDF: the page's size in points (1/72 inch), as rendered (rotation applied). */
  widthPts?: number;
  heightPts?: number;
  /** PDF: the page is a scanned image: nothing on it can be measured until it is calibrated by hand. */
  raster?: boolean;
  /**
   * PDF: a sheet with drawings at several scales (a plan and an enlarged plan,
   * each with its scale noted under it): each drawing's scale and box in page
   * points ([minX, minY, maxX, maxY]). What is measured inside a box is at its
   * scale; elsewhere at the page's `scale` (its largest drawing's).
   */
  drawings?: PageDrawing[];
  /** Schedules (door, window, finish…) recognised on the page, as header + rows. */
  schedules?: Schedule[];
}

export interface PageDrawing {
  note: string;
  feetPerPoint: number;
  box: [number, number, number, number];
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
  /** PDF: repeated symbols (doors, fixtures, devices) counted per page. */
  symbols?: SymbolCount[];
  warnings?: string[];
  /**
   * PDF: the rooms to check, one note per finding, each also in `warnings` as "Page N: " + its message.
   * Read these rather than the warnings' wording. Absent from analyses stored before notes were kept.
   */
  roomNotes?: RoomNote[];
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
  /**
   * Calibrated page scales by page number (1-based): real feet per PDF point, and the line it was measured on
   * (page points; kept since 28 November 2026): on a sheet with drawings at several scales, the drawing it lies
   * in is the one calibrated, and the others are corrected by the same factor.
   */
  pageScales?: Record<
    number,
    { feetPerPoint: number; line?: { from: [number, number]; to: [number, number] }; setBy: string; setAt: string }
  >;
  /**
   * Room boundaries the user drew on PDF pages, by page number (1-based): lines in page points (origin top
   * left, y down) that divide a space the drawing leaves open (corridor zones, a lobby open to a hall).
   * They are walls to the room search only.
   */
  pageBoundaries?: Record<number, { lines: RoomBoundaryLine[]; setBy: string; setAt: string }>;
}

/** A room boundary the user drew on a PDF page: from and to in page points. */
export interface RoomBoundaryLine {
  from: [number, number];
  to: [number, number];
}
