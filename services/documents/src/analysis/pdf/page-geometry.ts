/**
 * The vector content of a PDF page as plain geometry: every stroked or filled
 * path, flattened into straight pieces in page points (origin top-left, y
 * down, the page's rotation applied), with its stroke style and the optional
 * content group (CAD layer) it was drawn on. Follows the current
 * transformation matrix through save/restore and form XObjects; clipping paths
 * are not drawn and not measured.
 */
import type { Point } from '../geometry/planar-graph';
import type { PdfWorkerPort } from './pdf-worker-port';
import {
  boundsOf,
  clipLinesToRegion,
  clipTo,
  intersect,
  isLevelRectangle,
  type Box,
  type ClipRegion,
} from './path-clipping';
import type { PlacedRun } from './pdf-layout';
import { PageTextReader, type FontMetrics } from './page-text';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfPage = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;
type Matrix = [number, number, number, number, number, number];

/** One painted path: its subpaths as point lists (curves flattened), and how it was painted. */
export interface PagePath {
  subpaths: Point[][];
  /** Whether each subpath was closed (closePath or a rectangle). */
  closed: boolean[];
  /** Cubic Bézier pieces of the path, in page points, for recognising arcs (door swings). */
  curves: Array<[Point, Point, Point, Point]>;
  /** Exactly one of the two: a path filled and stroked in one operator is read as two paths, its fill first. */
  stroked: boolean;
  filled: boolean;
  /** Index into PageGeometry.styles: the layer (optional content group) or stroke style it belongs to. */
  style: number;
  /** Line width in page points. */
  lineWidth: number;
  /** Line cap (0 butt, 1 round, 2 projecting square): how far a thick stroke runs past its ends. */
  lineCap: number;
  /** Fill colour (#rrggbb, or 'pattern' / 'none') when filled. */
  fill?: string;
  /** Stroked with a dash pattern. */
  dashed: boolean;
}

export interface PageGeometry {
  paths: PagePath[];
  /** Names of the layers/styles, by index: an OCG's name, or a description of the stroke style. */
  styles: string[];
  /** Whether the names are the PDF's own layers (optional content groups) rather than stroke styles. */
  hasLayers: boolean;
  /** Share of the page covered by painted images (0..1), for telling scans from drawings. */
  imageCoverage: number;
  /** The page's text, read from the same operators (page-text.ts), in page points. */
  runs: PlacedRun[];
}

/** Pieces a Bézier is flattened into: a quarter circle of 3 ft at 1/4" scale is then within 0.1% of its length. */
const CURVE_PIECES = 12;

interface GraphicsState {
  ctm: Matrix;
  lineWidth: number;
  lineCap: number;
  dashed: boolean;
  stroke: string;
  fill: string;
  /** The clipping region's bounding box in page points (a CAD viewport is a rectangle), if any. */
  clip?: Box;
  /** Clipping paths of other shapes (a hatch's region): lines are cut to each of them as well. */
  regions?: ClipRegion[];
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * Reads a page's paths. `pdfjs` is the loaded module, `viewportTransform` maps
 * PDF space to page points. With the document's `port`, the operators are read
 * chunk by chunk as pdf.js produces them, never held as one list.
 */
export async function readPageGeometry(
  pdfjs: PdfJs,
  page: PdfPage,
  viewportTransform: number[],
  ocgNames: (id: string) => string | undefined,
  port?: PdfWorkerPort,
): Promise<PageGeometry> {
  // A font's metrics reach the document side in a message of their own, before the operators that use it.
  const fontOf = (name: string): FontMetrics | undefined => {
    const known = port?.fontOf(name);
    if (known) return known;
    try {
      return page.commonObjs.has(name) ? (page.commonObjs.get(name) as FontMetrics) : undefined;
    } catch {
      return undefined;
    }
  };
  const reader = new PageGeometryReader(pdfjs.OPS, viewportTransform, ocgNames, fontOf, pdfjs.normalizeUnicode);
  if (port) {
    const { value: list, fed } = await port.readOperators(page.pageNumber - 1, reader.read, () =>
      page.getOperatorList(),
    );
    if (!fed) reader.read(list.fnArray, list.argsArray, list.fnArray.length);
  } else {
    const list = await page.getOperatorList();
    reader.read(list.fnArray, list.argsArray, list.fnArray.length);
  }
  return reader.result();
}

/** Follows a page's operators, in order and in as many chunks as they come, into its paths. */
export class PageGeometryReader {
  private readonly styleIndex = new Map<string, number>();
  private readonly styles: string[] = [];
  private state: GraphicsState;
  private readonly stack: GraphicsState[] = [];
  /** Optional content nesting: the innermost group that names a layer wins. */
  private readonly layers: Array<string | undefined> = [];
  private hasLayers = false;
  private readonly paths: PagePath[] = [];
  private imageArea = 0;
  /** pdf.js emits the clip operator, then the clipping path as a path that is not painted. */
  private clipPending = false;
  private clipEvenOdd = false;
  private readonly pageArea: number;
  private readonly text: PageTextReader;
  /** The style of the last path painted, and what its name was made of. */
  private lastStyle?: {
    layer: string | undefined;
    stroked: boolean;
    stroke: string;
    fill: string;
    lineWidth: number;
    dashed: boolean;
    style: number;
  };

  constructor(
    private readonly OPS: PdfJs['OPS'],
    viewportTransform: number[],
    private readonly ocgNames: (id: string) => string | undefined,
    fontOf: (loadedName: string) => FontMetrics | undefined = () => undefined,
    normalize?: (text: string) => string,
  ) {
    this.text = new PageTextReader(OPS, fontOf, normalize);
    this.state = {
      ctm: viewportTransform.slice(0, 6) as Matrix,
      lineWidth: 1,
      lineCap: 0,
      dashed: false,
      stroke: '#000000',
      fill: '#000000',
    };
    this.pageArea = Math.abs(viewportTransform[0] * viewportTransform[3] - viewportTransform[1] * viewportTransform[2]);
  }

  private styleOf(name: string): number {
    let index = this.styleIndex.get(name);
    if (index === undefined) {
      index = this.styles.length;
      this.styles.push(name);
      this.styleIndex.set(name, index);
    }
    return index;
  }

  result(): PageGeometry {
    const { paths, styles, hasLayers, imageArea, pageArea } = this;
    return {
      paths,
      styles,
      hasLayers,
      imageCoverage: pageArea > 0 ? Math.min(1, imageArea / pageArea) : 0,
      runs: this.text.runs,
    };
  }

  /** The next `length` operators: pdf.js's OPS codes and their arguments. */
  readonly read = (fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>, length: number): void => {
    const { OPS, stack, layers } = this;
    for (let i = 0; i < length; i++) {
      const fn = fnArray[i];
      const args = argsArray[i] as unknown[];
      const state = this.state;
      switch (fn) {
        case OPS.save:
          stack.push({ ...state });
          this.text.save();
          break;
        case OPS.restore:
          this.state = stack.pop() ?? state;
          this.text.restore();
          break;
        case OPS.transform:
          state.ctm = multiply(state.ctm, args as unknown as Matrix);
          break;
        case OPS.paintFormXObjectBegin: {
          stack.push({ ...state });
          this.text.save();
          const matrix = args[0] as ArrayLike<number> | null;
          if (matrix) state.ctm = multiply(state.ctm, Array.from(matrix) as Matrix);
          break;
        }
        case OPS.paintFormXObjectEnd:
          this.state = stack.pop() ?? state;
          this.text.restore();
          break;
        case OPS.setLineWidth:
          state.lineWidth = Number(args[0]) || 0;
          break;
        case OPS.setLineCap:
          state.lineCap = Number(args[0]) || 0;
          break;
        case OPS.setDash: {
          const dashes = args[0] as number[] | undefined;
          state.dashed = Array.isArray(dashes) && dashes.some((d) => d > 0);
          break;
        }
        case OPS.setStrokeRGBColor:
          state.stroke = String(args[0]);
          break;
        case OPS.setFillRGBColor:
          state.fill = String(args[0]);
          break;
        // A pattern (a hatch as a colour) or no colour replaces the last colour: a white left over from the
        // paper's background would make walls filled with a pattern read as masks behind text.
        case OPS.setFillColorN:
          state.fill = 'pattern';
          break;
        case OPS.setFillTransparent:
          state.fill = 'none';
          break;
        case OPS.setStrokeColorN:
          state.stroke = 'pattern';
          break;
        case OPS.setStrokeTransparent:
          state.stroke = 'none';
          break;
        case OPS.setGState:
          for (const [key, value] of (args[0] as Array<[string, unknown]>) ?? []) {
            if (key === 'LW') state.lineWidth = Number(value) || 0;
            if (key === 'LC') state.lineCap = Number(value) || 0;
            if (key === 'D') {
              const dashes = (value as [number[]] | undefined)?.[0];
              state.dashed = Array.isArray(dashes) && dashes.some((d) => d > 0);
            }
          }
          break;
        case OPS.beginMarkedContentProps:
        case OPS.beginMarkedContent: {
          const props = args[1] as { type?: string; id?: string; ids?: string[] } | null | undefined;
          let name: string | undefined;
          if (args[0] === 'OC' && props) {
            const id = props.id ?? props.ids?.[0];
            name = id ? this.ocgNames(id) : undefined;
            if (name) this.hasLayers = true;
          }
          layers.push(name ?? layers[layers.length - 1]);
          break;
        }
        case OPS.endMarkedContent:
          layers.pop();
          break;
        case OPS.paintImageXObject:
        case OPS.paintInlineImageXObject:
        case OPS.paintImageMaskXObject: {
          // An image fills the unit square of its CTM.
          const m = state.ctm;
          this.imageArea += Math.abs(m[0] * m[3] - m[1] * m[2]);
          break;
        }
        case OPS.clip:
        case OPS.eoClip:
          this.clipPending = true;
          this.clipEvenOdd = fn === OPS.eoClip;
          break;
        case OPS.constructPath:
          this.constructPath(args);
          break;
        default:
          this.text.read(fn, args, state.ctm);
      }
    }
  };

  private constructPath(args: unknown[]): void {
    const { OPS, state } = this;
    const [paintOp, [data]] = args as [number, [Float32Array | null]];
    if (paintOp === OPS.endPath) {
      // A clipping path, not drawn: what is painted after it (until restore) is cut to its bounds.
      if (this.clipPending && data) {
        const { subpaths } = flattenPath(data, state.ctm);
        const box = boundsOf(subpaths);
        state.clip = box && state.clip ? intersect(state.clip, box) : (box ?? state.clip);
        // A hatch drawn across its region's bounds and shown only inside it: its lines are cut to the region.
        if (box && !isLevelRectangle(subpaths))
          state.regions = [...(state.regions ?? []), { rings: subpaths, evenOdd: this.clipEvenOdd, box }];
      }
      this.clipPending = false;
      return;
    }
    if (!data) return;
    const stroked =
      paintOp === OPS.stroke ||
      paintOp === OPS.closeStroke ||
      paintOp === OPS.fillStroke ||
      paintOp === OPS.eoFillStroke ||
      paintOp === OPS.closeFillStroke ||
      paintOp === OPS.closeEOFillStroke;
    const filled = paintOp !== OPS.stroke && paintOp !== OPS.closeStroke;
    const flat = flattenPath(data, state.ctm);
    // A path filled and stroked in one operator (B) is read as its fill, then its stroke: as other writers draw
    // the same shape (f, then S), so the takeoff sees one drawing however it was written.
    if (filled) this.addPath(flat, false);
    if (stroked) this.addPath(flat, true);
  }

  /** One painted path, stroked or filled, cut to the clip, in the style it is drawn in. */
  private addPath(flat: ReturnType<typeof flattenPath>, stroked: boolean): void {
    const { state } = this;
    const filled = !stroked;
    const m = state.ctm;
    const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    const lineWidth = state.lineWidth * scale;
    const layer = this.layers[this.layers.length - 1];
    let path = clipTo(flat, state.clip, filled);
    // Fills are cut to the region's bounds only (a fill under a shaped clip is taken as drawn).
    if (!filled) for (const region of state.regions ?? []) path = clipLinesToRegion(path, region);
    if (path.subpaths.length === 0) return;
    // Runs of paths share a style: its name is built again only when what it is made of changes.
    const last = this.lastStyle;
    let style: number;
    if (
      last &&
      last.layer === layer &&
      last.stroked === stroked &&
      (layer !== undefined ||
        (stroked
          ? last.stroke === state.stroke && last.lineWidth === lineWidth && last.dashed === state.dashed
          : last.fill === state.fill))
    ) {
      style = last.style;
    } else {
      const styleName =
        layer ??
        (stroked
          ? `stroke ${state.stroke} ${roundWidth(lineWidth)} pt${state.dashed ? ' dashed' : ''}`
          : `fill ${state.fill}`);
      style = this.styleOf(styleName);
      this.lastStyle = {
        layer,
        stroked,
        stroke: state.stroke,
        fill: state.fill,
        lineWidth,
        dashed: state.dashed,
        style,
      };
    }
    // One object shape for every path (spreads would give each its own, larger, layout).
    this.paths.push({
      subpaths: path.subpaths,
      closed: path.closed,
      curves: path.curves,
      stroked,
      filled,
      style,
      lineWidth,
      lineCap: state.lineCap,
      fill: filled ? state.fill : undefined,
      dashed: stroked && state.dashed,
    });
  }
}

function roundWidth(width: number): string {
  return width < 0.1 ? width.toFixed(3) : width.toFixed(2);
}

/** pdf.js's path buffer (DrawOPS: 0 moveTo, 1 lineTo, 2 curveTo, 3 quadraticCurveTo, 4 closePath) in page points. */
function flattenPath(data: Float32Array, m: Matrix): Pick<PagePath, 'subpaths' | 'closed' | 'curves'> {
  const subpaths: Point[][] = [];
  const closed: boolean[] = [];
  const curves: Array<[Point, Point, Point, Point]> = [];
  const at = (x: number, y: number): Point => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] });
  let current: Point[] | undefined;
  const start = (p: Point) => {
    current = [p];
    subpaths.push(current);
    closed.push(false);
  };
  for (let k = 0; k < data.length;) {
    const op = data[k];
    if (op === 0) {
      start(at(data[k + 1], data[k + 2]));
      k += 3;
    } else if (op === 1) {
      const p = at(data[k + 1], data[k + 2]);
      if (current) current.push(p);
      else start(p);
      k += 3;
    } else if (op === 2 || op === 3) {
      const n = op === 2 ? 6 : 4;
      const p0 = current?.[current.length - 1] ?? at(data[k + 1], data[k + 2]);
      let c1: Point;
      let c2: Point;
      let p3: Point;
      if (op === 2) {
        c1 = at(data[k + 1], data[k + 2]);
        c2 = at(data[k + 3], data[k + 4]);
        p3 = at(data[k + 5], data[k + 6]);
      } else {
        // Quadratic control point q: the cubic's are p0 + 2/3 (q - p0) and p3 + 2/3 (q - p3).
        const q = at(data[k + 1], data[k + 2]);
        p3 = at(data[k + 3], data[k + 4]);
        c1 = { x: p0.x + (2 / 3) * (q.x - p0.x), y: p0.y + (2 / 3) * (q.y - p0.y) };
        c2 = { x: p3.x + (2 / 3) * (q.x - p3.x), y: p3.y + (2 / 3) * (q.y - p3.y) };
      }
      if (!current) start(p0);
      curves.push([p0, c1, c2, p3]);
      for (let piece = 1; piece <= CURVE_PIECES; piece++)
        current!.push(bezierPoint(p0, c1, c2, p3, piece / CURVE_PIECES));
      k += n + 1;
    } else if (op === 4) {
      if (current) {
        closed[closed.length - 1] = true;
        // A new subpath after closePath starts where this one started.
        const first = current[0];
        current = undefined;
        if (k + 1 < data.length && data[k + 1] !== 0) start(first);
      }
      k += 1;
    } else {
      break; // an unknown drawing op: stop rather than misread the rest
    }
  }
  // Arrays built by push hold spare room (a two-point line's takes over a hundred bytes more than the
  // line): a sheet keeps tens of thousands of these while it is measured, so they are kept at their size.
  const kept: Point[][] = [];
  const keptClosed: boolean[] = [];
  for (let i = 0; i < subpaths.length; i++) {
    if (subpaths[i].length < 2) continue;
    kept.push(subpaths[i].slice());
    keptClosed.push(closed[i]);
  }
  return { subpaths: kept.slice(), closed: keptClosed.slice(), curves: curves.length ? curves.slice() : [] };
}

function bezierPoint(p0: Point, c1: Point, c2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y };
}
