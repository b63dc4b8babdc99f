/**
 * The entities the takeoff reads, independent of the file format they came
 * from: the DXF reader and the DWG adapter both produce these.
 */
import type { BulgeVertex, Point2, Point3 } from './geometry';

interface EntityBase {
  layer: string;
  /** ACI colour number (1–255; 0 is BYBLOCK); absent for BYLAYER. */
  color?: number;
  /** True colour 0xRRGGBB (group 420), which wins over `color`. */
  trueColor?: number;
}

export interface LineEntity extends EntityBase {
  type: 'LINE';
  start: Point3;
  end: Point3;
}

export interface ArcEntity extends EntityBase {
  type: 'ARC';
  center: Point3;
  radius: number;
  startAngle: number;
  endAngle: number;
}

export interface CircleEntity extends EntityBase {
  type: 'CIRCLE';
  center: Point3;
  radius: number;
}

/** LWPOLYLINE, or a POLYLINE with its VERTEX entities gathered in. */
export interface PolylineEntity extends EntityBase {
  type: 'LWPOLYLINE' | 'POLYLINE';
  /** '2d' outlines count as linework; 3D polylines and meshes do not (as in the ground truth). */
  shape: '2d' | '3d' | 'mesh';
  closed: boolean;
  vertices: BulgeVertex[];
  elevation: number;
  extrusion?: Point3;
}

export interface AttributeValue {
  tag: string;
  value: string;
  position: Point3;
}

/** INSERT; a MINSERT grid has columns × rows > 1. */
export interface InsertEntity extends EntityBase {
  type: 'INSERT';
  block: string;
  position: Point3;
  /** Scale (41, 42) and rotation (50), for drawing the block where it is placed. */
  scaleX?: number;
  scaleY?: number;
  rotationDeg?: number;
  columnSpacing?: number;
  rowSpacing?: number;
  extrusion?: Point3;
  columns: number;
  rows: number;
  attributes: AttributeValue[];
}

export interface TextEntity extends EntityBase {
  type: 'TEXT' | 'MTEXT' | 'ATTDEF';
  /** Plain text, formatting codes removed. */
  text: string;
  position: Point3;
  height: number;
  /** For ATTDEF, the attribute tag it defines. */
  tag?: string;
  /** Which point of the text `position` is, when not the left end of its baseline (justified TEXT, MTEXT). */
  alignment?: TextAlignment;
  /** TEXT rotation (50), degrees counter-clockwise. */
  rotationDeg?: number;
}

export interface TextAlignment {
  horizontal: 'left' | 'center' | 'right';
  vertical: 'baseline' | 'bottom' | 'middle' | 'top';
}

export interface DimensionEntity extends EntityBase {
  type: 'DIMENSION';
  /** The anonymous block (`*D12`) holding what the dimension draws, including its text. */
  block?: string;
  style: string;
  /** 0 rotated/horizontal/vertical, 1 aligned, 2 angular, 3 diameter, 4 radius, 5 angular 3-point, 6 ordinate. */
  dimensionType: number;
  /** Group 42, the measurement the CAD program stored; absent in older files. */
  storedMeasurement?: number;
  /** Text override (group 1): '' or '<>' mean the measured value. */
  textOverride: string;
  definitionPoint: Point3;
  point13?: Point3;
  point14?: Point3;
  point15?: Point3;
  rotationDeg: number;
  ordinateIsX: boolean;
  /** Per-dimension DIMSTYLE overrides from XDATA: DIMLUNIT, DIMLFAC, DIMPOST. */
  overrides: DimensionStyleValues;
}

export interface OtherEntity extends EntityBase {
  type: 'OTHER';
  dxfType: string;
}

export type DrawingEntity =
  LineEntity | ArcEntity | CircleEntity | PolylineEntity | InsertEntity | TextEntity | DimensionEntity | OtherEntity;

export interface DimensionStyleValues {
  /** DIMLUNIT: 1 scientific, 2 decimal, 3 engineering, 4 architectural, 5 fractional, 6 Windows. */
  linearUnitFormat?: number;
  /** DIMLFAC: the factor between measured and displayed lengths. */
  linearScale?: number;
  /** DIMPOST: prefix/suffix of the dimension text, e.g. '<> mm' or '"'. */
  textSuffix?: string;
}

export interface DimensionStyle extends DimensionStyleValues {
  name: string;
}

export interface DrawingHeader {
  version?: string;
  insUnits?: number;
  /** $MEASUREMENT: 0 imperial, 1 metric. */
  measurement?: number;
  /** $LUNITS: the drawing's linear unit display format (same codes as DIMLUNIT). */
  linearUnitFormat?: number;
  dimensionDefaults: DimensionStyleValues;
  dimensionStyleName?: string;
}

export interface BlockRecord {
  name: string;
  handle?: string;
  /** For an anonymous dynamic-block representation: the handle of the dynamic block's record. */
  dynamicBlockHandle?: string;
}

/** A LAYER table entry: the colour its BYLAYER entities are drawn in. */
export interface LayerRecord {
  name: string;
  /** ACI colour number (1–255). */
  color?: number;
  trueColor?: number;
  /** The layer's linetype (6): "Continuous", "DASHED", "HIDDEN2"… */
  linetype?: string;
  /** The layer's lineweight (370) in hundredths of a millimetre, when it sets one (not default). */
  lineweight?: number;
}

/** Where an entity lives: model space, a paper-space layout, or a block definition. */
export type EntityOwner = { space: 'model' } | { space: 'paper'; layout: string } | { space: 'block'; block: string };

/** Receives a drawing as it is read; the DXF reader and the DWG adapter both drive one. */
export interface DrawingSink {
  header(header: DrawingHeader): void;
  dimensionStyle(style: DimensionStyle): void;
  blockRecord(record: BlockRecord): void;
  /** LAYER table entries; only the viewer's linework reads them. */
  layerRecord?(record: LayerRecord): void;
  /** `basePoint` (BLOCK group 10) is where the block's origin lands at an INSERT's position. */
  blockDefinition(name: string, flags: number, basePoint?: Point2): void;
  entity(entity: DrawingEntity, owner: EntityOwner): void;
}
