/**
 * A DXF drawing plotted as a vector PDF sheet at a known scale, as a CAD
 * program's "print to PDF" writes it: the model-space linework with block
 * INSERTs expanded (the viewer's DrawingGeometryCollector), each DXF layer an
 * optional content group in its layer colour, the drawing's TEXT and MTEXT as
 * PDF text where and as tall as the DXF places it, and a scale note under the
 * drawing. The scale is the largest usual one at which the drawing fits an
 * ARCH D (36"×24") sheet, else an ARCH E1 (42"×30") one.
 */
import { readDxf } from '../../src/analysis/dxf/analyze-dxf';
import { DrawingGeometryCollector, type DrawingGeometry } from '../../src/analysis/dxf/drawing-geometry';
import type {
  DrawingEntity,
  DrawingSink,
  EntityOwner,
  LayerRecord,
  TextEntity,
} from '../../src/analysis/dxf/drawing-entities';
import type { Point2 } from '../../src/analysis/dxf/geometry';
import { textLines } from '../../src/analysis/dxf/linework-rooms';
import { writePdf } from './pdf-fixture-writer';

/** Usual plan scales, largest first: the note as a drafter writes it and real feet per inch of paper. */
const IMPERIAL_SCALES: Array<{ note: string; feetPerInch: number }> = [
  { note: `1/2" = 1'-0"`, feetPerInch: 2 },
  { note: `1/4" = 1'-0"`, feetPerInch: 4 },
  { note: `3/16" = 1'-0"`, feetPerInch: 16 / 3 },
  { note: `1/8" = 1'-0"`, feetPerInch: 8 },
  { note: `3/32" = 1'-0"`, feetPerInch: 32 / 3 },
  { note: `1/16" = 1'-0"`, feetPerInch: 16 },
  { note: `1/32" = 1'-0"`, feetPerInch: 32 },
];
const METRIC_RATIOS = [20, 50, 100, 200, 500, 1000];

/** ARCH D, then ARCH E1, landscape, in points. */
const SHEETS: Array<[number, number]> = [
  [36 * 72, 24 * 72],
  [42 * 72, 30 * 72],
];
/** Paper kept clear round the drawing (1"), and under it for the scale note (1.5"). */
const MARGIN = 72;
const NOTE_STRIP = 108;

export interface DxfSheet {
  pdf: Buffer;
  /** The scale note written on the sheet. */
  note: string;
  feetPerPoint: number;
  width: number;
  height: number;
  /** Feet of linework drawn on each layer's optional content group, block contents included. */
  drawnLengthFt: Map<string, number>;
  /** Of that, feet drawn by block INSERTs (linework the DXF's model-space layer totals do not count). */
  insertedLengthFt: Map<string, number>;
  /** The paper scale of each model-space INSERT of a block (1 = as drawn; mirroring ignored): copies at one scale are one symbol on paper. */
  insertScales: Map<string, number[]>;
  /** A point of the drawing (drawing units) on the page: points, origin top left, y down, as the PDF analysis reports. */
  toPage(point: Point2): [number, number];
}

/** Reads the DXF once into two collectors: linework with INSERTs expanded, and model space without them. */
class SheetCollector implements DrawingSink {
  readonly expanded = new DrawingGeometryCollector();
  readonly modelOnly = new DrawingGeometryCollector();
  readonly texts: TextEntity[] = [];
  readonly insertScales = new Map<string, number[]>();

  // The linework needs no header, dimension styles or block records.
  header(): void {}
  dimensionStyle(): void {}
  blockRecord(): void {}
  /** Each layer's pen: its linetype and lineweight, as a plot draws them. */
  readonly pens = new Map<string, LayerRecord>();

  layerRecord(record: LayerRecord): void {
    this.pens.set(record.name, record);
    this.expanded.layerRecord(record);
    this.modelOnly.layerRecord(record);
  }
  blockDefinition(name: string, flags: number, basePoint?: Point2): void {
    this.expanded.blockDefinition(name, flags, basePoint);
  }
  entity(entity: DrawingEntity, owner: EntityOwner): void {
    this.expanded.entity(entity, owner);
    if (owner.space !== 'model') return;
    if (entity.type === 'TEXT' || entity.type === 'MTEXT') this.texts.push(entity);
    else if (entity.type === 'INSERT') {
      const scales = this.insertScales.get(entity.block) ?? [];
      const scale = Math.max(Math.abs(entity.scaleX ?? 1), Math.abs(entity.scaleY ?? 1));
      for (let i = 0; i < entity.columns * entity.rows; i++) scales.push(scale);
      this.insertScales.set(entity.block, scales);
    } else this.modelOnly.entity(entity, owner);
  }
}

function pathsLength(geometry: DrawingGeometry): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const layer of geometry.layers) {
    let total = 0;
    for (const path of [...layer.paths, ...(layer.colored ?? []).flatMap((c) => c.paths)]) {
      for (let i = 2; i + 1 < path.length; i += 2)
        total += Math.hypot(path[i]! - path[i - 2]!, path[i + 1]! - path[i - 1]!);
    }
    lengths.set(layer.name, total);
  }
  return lengths;
}

/**
 * The largest usual scale (imperial for drawings in inches or feet, 1:n for
 * metric ones) at which `extent` fits a sheet, or `smallerBy` scales smaller.
 */
function chooseScale(
  extentFt: { width: number; height: number },
  imperial: boolean,
  smallerBy: number,
): { note: string; feetPerPoint: number; width: number; height: number } {
  const scales = imperial
    ? IMPERIAL_SCALES.map((s) => ({ note: s.note, feetPerPoint: s.feetPerInch / 72 }))
    : METRIC_RATIOS.map((n) => ({ note: `1:${n}`, feetPerPoint: n / 864 })); // n inches real per inch of paper
  let skip = smallerBy;
  for (const scale of scales) {
    for (const [width, height] of SHEETS) {
      const fitsWidth = extentFt.width / scale.feetPerPoint <= width - 2 * MARGIN;
      const fitsHeight = extentFt.height / scale.feetPerPoint <= height - MARGIN - NOTE_STRIP;
      if (fitsWidth && fitsHeight) {
        if (skip-- === 0) return { ...scale, width, height };
        break;
      }
    }
  }
  throw new Error(
    `a drawing ${extentFt.width.toFixed(0)}' × ${extentFt.height.toFixed(0)}' fits no sheet at a usual scale`,
  );
}

/** #rrggbb as a stroke colour; colours too pale to see on white paper plot black, as a CAD pen table does. */
function strokeColour(hex: string | undefined): string {
  if (!hex) return '0 0 0 RG';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  if (0.299 * r! + 0.587 * g! + 0.114 * b! > 0.75) return '0 0 0 RG';
  return `${r!.toFixed(3)} ${g!.toFixed(3)} ${b!.toFixed(3)} RG`;
}

/** A CAD plot's default pen, 0.25 mm. */
const DEFAULT_LINEWEIGHT = 25;
const POINTS_PER_MM = 72 / 25.4;

/**
 * The layer's pen: its lineweight (hundredths of a millimetre) as the line
 * width, and any linetype but a solid one dashed (hidden, centre and dashed
 * lines: footings, beams, overhead work), 1/8" dashes with 1/16" gaps.
 */
function penOf(layer: LayerRecord | undefined): string {
  const width = ((layer?.lineweight ?? DEFAULT_LINEWEIGHT) / 100) * POINTS_PER_MM;
  const solid = !layer?.linetype || /^(continuous|bylayer|byblock)$/i.test(layer.linetype);
  return `${width.toFixed(3)} w ${solid ? '[] 0 d' : '[9 4.5] 0 d'}`;
}

function escapePdfString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

/** The PDF text operators of one TEXT or MTEXT: each line placed as linework-rooms.ts lays it on a plotted sheet. */
function textOperators(text: TextEntity, toSheet: (p: Point2) => [number, number], pointsPerUnit: number): string[] {
  if (!(text.height > 0)) return [];
  const angle = ((text.rotationDeg ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [ax, ay] = toSheet(text.position);
  return textLines(text, text.height * pointsPerUnit).map(({ line, size, dx, dy }) => {
    const x = ax + dx * cos - dy * sin;
    const y = ay + dx * sin + dy * cos;
    return (
      `BT /F1 ${size.toFixed(3)} Tf ${cos.toFixed(5)} ${sin.toFixed(5)} ${(-sin).toFixed(5)} ${cos.toFixed(5)} ` +
      `${x.toFixed(3)} ${y.toFixed(3)} Tm (${escapePdfString(line)}) Tj ET`
    );
  });
}

/**
 * The DXF at `file` plotted at the largest usual scale that fits (or
 * `smallerBy` usual scales smaller), lengths in feet by `feetPerUnit` (its true
 * units), without the layers `leaveOut` names (the sheet's extent is the whole drawing's), and without its
 * scale note where `withoutNote`.
 */
export async function dxfSheet(
  file: string,
  feetPerUnit: number,
  options: { smallerBy?: number; leaveOut?: (layer: string) => boolean; withoutNote?: boolean } = {},
): Promise<DxfSheet> {
  const { smallerBy = 0, leaveOut = () => false, withoutNote = false } = options;
  const collector = new SheetCollector();
  await readDxf(file, collector);
  const geometry = collector.expanded.geometry(Number.MAX_SAFE_INTEGER);
  const modelOnly = collector.modelOnly.geometry(Number.MAX_SAFE_INTEGER);
  const texts = collector.texts.filter((t) => t.text.trim() && t.height > 0);

  const bounds = { ...geometry.bounds };
  for (const t of texts) {
    bounds.minX = Math.min(bounds.minX, t.position.x);
    bounds.minY = Math.min(bounds.minY, t.position.y);
    bounds.maxX = Math.max(bounds.maxX, t.position.x);
    bounds.maxY = Math.max(bounds.maxY, t.position.y);
  }
  const imperial = Math.abs(feetPerUnit - 1 / 12) < 1e-9 || Math.abs(feetPerUnit - 1) < 1e-9;
  const scale = chooseScale(
    { width: (bounds.maxX - bounds.minX) * feetPerUnit, height: (bounds.maxY - bounds.minY) * feetPerUnit },
    imperial,
    smallerBy,
  );
  const pointsPerUnit = feetPerUnit / scale.feetPerPoint;
  // Centred in the drawing area above the note strip.
  const left = (scale.width - (bounds.maxX - bounds.minX) * pointsPerUnit) / 2;
  const bottom = NOTE_STRIP + (scale.height - MARGIN - NOTE_STRIP - (bounds.maxY - bounds.minY) * pointsPerUnit) / 2;
  const toSheet = (p: Point2): [number, number] => [
    left + (p.x - bounds.minX) * pointsPerUnit,
    bottom + (p.y - bounds.minY) * pointsPerUnit,
  ];

  const layerNames = [...new Set([...geometry.layers.map((l) => l.name), ...texts.map((t) => t.layer)])]
    .filter((name) => !leaveOut(name))
    .sort();
  const ops: string[] = ['1 J 1 j'];
  layerNames.forEach((name, index) => {
    const layer = geometry.layers.find((l) => l.name === name);
    ops.push(`/OC /L${index} BDC`, penOf(collector.pens.get(name)));
    const groups = layer ? [{ color: layer.color, paths: layer.paths }, ...(layer.colored ?? [])] : [];
    for (const group of groups) {
      if (!group.paths.length) continue;
      ops.push(`q ${strokeColour(group.color)}`);
      for (const path of group.paths) {
        // A path ending where it began (a closed polyline, a circle) is closed with `h`, as CAD exports write it.
        const closed = path.length > 4 && path[0] === path.at(-2) && path[1] === path.at(-1);
        const points: string[] = [];
        for (let i = 0; i + 1 < path.length - (closed ? 2 : 0); i += 2) {
          const [x, y] = toSheet({ x: path[i]!, y: path[i + 1]! });
          points.push(`${x.toFixed(3)} ${y.toFixed(3)} ${i === 0 ? 'm' : 'l'}`);
        }
        ops.push(`${points.join(' ')}${closed ? ' h' : ''} S`);
      }
      ops.push('Q');
    }
    for (const text of texts.filter((t) => t.layer === name)) ops.push(...textOperators(text, toSheet, pointsPerUnit));
    ops.push('EMC');
  });

  const pdf = writePdf(
    [
      {
        lines: withoutNote ? [] : [{ text: `SCALE: ${scale.note}`, x: MARGIN, y: NOTE_STRIP / 2, size: 14 }],
        graphics: ops.join('\n'),
        width: scale.width,
        height: scale.height,
      },
    ],
    scale.width,
    scale.height,
    layerNames,
  );

  const drawnUnits = pathsLength(geometry);
  const modelUnits = pathsLength(modelOnly);
  const drawnLengthFt = new Map([...drawnUnits].map(([name, units]) => [name, units * feetPerUnit]));
  const insertedLengthFt = new Map(
    [...drawnUnits].map(([name, units]) => [name, (units - (modelUnits.get(name) ?? 0)) * feetPerUnit]),
  );
  return {
    pdf,
    note: scale.note,
    feetPerPoint: scale.feetPerPoint,
    width: scale.width,
    height: scale.height,
    drawnLengthFt,
    insertedLengthFt,
    insertScales: collector.insertScales,
    toPage: (p) => {
      const [x, y] = toSheet(p);
      return [x, scale.height - y];
    },
  };
}
