/** Turns one DXF record (its group codes and values) into a takeoff entity. */
import { plainTextFromMText, plainTextFromText } from './cad-text';
import type {
  AttributeValue,
  DimensionEntity,
  DimensionStyleValues,
  DrawingEntity,
  InsertEntity,
  PolylineEntity,
  TextAlignment,
} from './drawing-entities';
import type { BulgeVertex, Point3 } from './geometry';

export type StringDecoder = (raw: string) => string;

/** The group codes of one record, in file order. */
export interface DxfRecord {
  type: string;
  codes: number[];
  values: string[];
}

function toNumber(value: string | undefined, fallback = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * First value of each group code, up to the first embedded object (101) or
 * XDATA (1001): later codes there reuse numbers with other meanings.
 */
class FirstValues {
  private readonly values = new Map<number, string>();

  constructor(record: DxfRecord) {
    const { codes, values } = record;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      if (code === 101 || code >= 1000) break;
      if (!this.values.has(code)) this.values.set(code, values[i]);
    }
  }

  string(code: number): string | undefined {
    return this.values.get(code);
  }

  number(code: number, fallback = 0): number {
    return toNumber(this.values.get(code), fallback);
  }

  has(code: number): boolean {
    return this.values.has(code);
  }

  point(xCode: number): Point3 {
    return { x: this.number(xCode), y: this.number(xCode + 10), z: this.number(xCode + 20) };
  }

  optionalPoint(xCode: number): Point3 | undefined {
    return this.has(xCode) ? this.point(xCode) : undefined;
  }

  extrusion(): Point3 | undefined {
    if (!this.has(210) && !this.has(220) && !this.has(230)) return undefined;
    return { x: this.number(210), y: this.number(220), z: this.number(230, 1) };
  }
}

export function isPaperSpace(record: DxfRecord): boolean {
  const i = record.codes.indexOf(67);
  return i >= 0 && toNumber(record.values[i]) === 1;
}

export function decodeEntity(record: DxfRecord, decode: StringDecoder): DrawingEntity {
  const v = new FirstValues(record);
  const entity = decodeShape(record, v, decode);
  // Colour (62: ACI, 0 BYBLOCK, 256 BYLAYER; 420: true colour 0xRRGGBB), for the viewer's linework.
  const color = v.has(62) ? Math.abs(Math.trunc(v.number(62))) : 256;
  if (color !== 256) entity.color = color;
  if (v.has(420)) entity.trueColor = Math.trunc(v.number(420)) & 0xffffff;
  return entity;
}

function decodeShape(record: DxfRecord, v: FirstValues, decode: StringDecoder): DrawingEntity {
  const layer = decode(v.string(8) ?? '0');
  switch (record.type) {
    case 'LINE':
      return { type: 'LINE', layer, start: v.point(10), end: v.point(11) };
    case 'ARC':
      return {
        type: 'ARC',
        layer,
        center: v.point(10),
        radius: v.number(40),
        startAngle: v.number(50),
        endAngle: v.number(51),
      };
    case 'CIRCLE':
      return { type: 'CIRCLE', layer, center: v.point(10), radius: v.number(40) };
    case 'LWPOLYLINE':
      return decodeLwPolyline(record, v, layer);
    case 'POLYLINE':
      return decodePolylineHeader(v, layer);
    case 'INSERT':
      return {
        type: 'INSERT',
        layer,
        block: decode(v.string(2) ?? ''),
        position: v.point(10),
        scaleX: v.number(41, 1),
        scaleY: v.number(42, 1),
        rotationDeg: v.number(50),
        columnSpacing: v.number(44),
        rowSpacing: v.number(45),
        extrusion: v.optionalPoint(210),
        // A MINSERT is an INSERT with column (70) and row (71) counts; 0 is read as 1.
        columns: Math.max(1, Math.trunc(v.number(70, 1))),
        rows: Math.max(1, Math.trunc(v.number(71, 1))),
        attributes: [],
      };
    case 'TEXT':
    case 'ATTDEF': {
      // Justified text is placed at its alignment point (11); left-aligned at 10.
      const justified = v.number(72) !== 0 || v.number(record.type === 'TEXT' ? 73 : 74) !== 0;
      return {
        type: record.type,
        layer,
        text: plainTextFromText(decode(v.string(1) ?? '')),
        position: justified && v.has(11) ? v.point(11) : v.point(10),
        height: v.number(40),
        ...(justified ? { alignment: textAlignment(v.number(72), v.number(record.type === 'TEXT' ? 73 : 74)) } : {}),
        ...(v.has(50) ? { rotationDeg: v.number(50) } : {}),
        ...(record.type === 'ATTDEF' ? { tag: decode(v.string(2) ?? '') } : {}),
      };
    }
    case 'MTEXT':
      return {
        type: 'MTEXT',
        layer,
        text: plainTextFromMText(decode(mtextContent(record))),
        position: v.point(10),
        height: v.number(40),
        alignment: mtextAlignment(v.number(71, 1)),
      };
    case 'DIMENSION':
      return decodeDimension(record, v, layer, decode);
    default:
      return { type: 'OTHER', layer, dxfType: record.type };
  }
}

/** TEXT group 72 (0 left, 1 centre, 2 right; 3–5 fitted, read as centred) and 73 (0 baseline, 1 bottom, 2 middle, 3 top). */
function textAlignment(horizontal: number, vertical: number): TextAlignment {
  return {
    horizontal: horizontal === 2 ? 'right' : horizontal === 0 ? 'left' : 'center',
    vertical: vertical === 3 ? 'top' : vertical === 2 ? 'middle' : vertical === 1 ? 'bottom' : 'baseline',
  };
}

/** MTEXT attachment point (71): 1–9 = top, middle, bottom rows of left, centre, right. */
function mtextAlignment(attachment: number): TextAlignment {
  const a = attachment >= 1 && attachment <= 9 ? attachment - 1 : 0;
  return {
    horizontal: (['left', 'center', 'right'] as const)[a % 3]!,
    vertical: (['top', 'middle', 'bottom'] as const)[Math.floor(a / 3)]!,
  };
}

/** MTEXT splits long text into 250-character chunks: code 3 parts, then the final code 1. */
function mtextContent(record: DxfRecord): string {
  let text = '';
  let last = '';
  for (let i = 0; i < record.codes.length; i++) {
    const code = record.codes[i];
    if (code === 101 || code >= 1000) break;
    if (code === 3) text += record.values[i];
    else if (code === 1) last = record.values[i];
  }
  return text + last;
}

function decodeLwPolyline(record: DxfRecord, v: FirstValues, layer: string): PolylineEntity {
  const vertices: BulgeVertex[] = [];
  const { codes, values } = record;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code === 10) vertices.push({ x: toNumber(values[i]), y: 0, bulge: 0 });
    else if (vertices.length === 0) continue;
    else if (code === 20) vertices[vertices.length - 1].y = toNumber(values[i]);
    else if (code === 42) vertices[vertices.length - 1].bulge = toNumber(values[i]);
    else if (code >= 1000) break;
  }
  return {
    type: 'LWPOLYLINE',
    layer,
    shape: '2d',
    closed: (v.number(70) & 1) === 1,
    vertices,
    elevation: v.number(38),
    extrusion: v.extrusion(),
  };
}

function decodePolylineHeader(v: FirstValues, layer: string): PolylineEntity {
  const flags = v.number(70);
  // 8: 3D polyline; 16: polygon mesh; 64: polyface mesh.
  const shape = flags & (16 | 64) ? 'mesh' : flags & 8 ? '3d' : '2d';
  return {
    type: 'POLYLINE',
    layer,
    shape,
    closed: (flags & 1) === 1,
    vertices: [],
    elevation: v.number(30),
    extrusion: v.extrusion(),
  };
}

/** Adds a VERTEX to its POLYLINE, skipping spline frame control points (flag 16), which are not drawn. */
export function addPolylineVertex(polyline: PolylineEntity, vertex: DxfRecord): void {
  const v = new FirstValues(vertex);
  if (v.number(70) & 16) return;
  polyline.vertices.push({ x: v.number(10), y: v.number(20), bulge: v.number(42) });
}

export function addInsertAttribute(insert: InsertEntity, attribute: DxfRecord, decode: StringDecoder): void {
  const v = new FirstValues(attribute);
  const value: AttributeValue = {
    tag: decode(v.string(2) ?? ''),
    value: plainTextFromText(decode(v.string(1) ?? '')),
    position: v.point(10),
  };
  insert.attributes.push(value);
}

function decodeDimension(record: DxfRecord, v: FirstValues, layer: string, decode: StringDecoder): DimensionEntity {
  const flags = v.number(70);
  const stored = v.has(42) ? v.number(42) : undefined;
  return {
    type: 'DIMENSION',
    layer,
    block: v.has(2) ? decode(v.string(2) ?? '') : undefined,
    style: decode(v.string(3) ?? 'Standard'),
    dimensionType: flags & 7,
    storedMeasurement: stored,
    textOverride: decode(v.string(1) ?? ''),
    definitionPoint: v.point(10),
    point13: v.optionalPoint(13),
    point14: v.optionalPoint(14),
    point15: v.optionalPoint(15),
    rotationDeg: v.number(50),
    ordinateIsX: (flags & 64) !== 0,
    overrides: dimensionStyleOverrides(record, decode),
  };
}

/** DIMLUNIT (277), DIMLFAC (144), DIMPOST (3) by their DIMSTYLE group codes. */
export function dimensionStyleValue(target: DimensionStyleValues, code: number, value: string): void {
  if (code === 277 || code === 270) target.linearUnitFormat = toNumber(value);
  else if (code === 144) target.linearScale = toNumber(value, 1);
  else if (code === 3) target.textSuffix = value;
}

/** Overrides stored as XDATA: 1001 ACAD, 1000 DSTYLE, 1002 {, (1070 code, value)…, 1002 }. */
function dimensionStyleOverrides(record: DxfRecord, decode: StringDecoder): DimensionStyleValues {
  const overrides: DimensionStyleValues = {};
  const { codes, values } = record;
  const start = values.findIndex((value, i) => codes[i] === 1000 && value.trim().toUpperCase() === 'DSTYLE');
  if (start < 0) return overrides;
  for (let i = start + 1; i + 1 < codes.length; i++) {
    if (codes[i] === 1002 && values[i].trim() === '}') break;
    if (codes[i] === 1070) {
      const styleCode = toNumber(values[i]);
      const value = codes[i + 1] === 1000 ? decode(values[i + 1]) : values[i + 1];
      dimensionStyleValue(overrides, styleCode, value);
      i++;
    }
  }
  return overrides;
}
