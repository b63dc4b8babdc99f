/**
 * A DXF's or DWG's linework (GET /api/documents/{id}/geometry) as a sheet: the
 * drawing's bounds, with a margin, become a page whose longer side is
 * PAGE_SIDE units, y flipped (drawing y up, page y down). The viewer's pan,
 * zoom, overlays and tools work in page units; takeoff items and the analysis
 * are in drawing coordinates, so they cross with `toPage` and `toDrawing`.
 */
import type { DrawingGeometry } from '@kerf/contracts/http';
import type { Point, Size } from '@/features/viewer/lib/geometry';

/** The answer of GET /api/documents/{id}/geometry, as the contract describes it. */
export type { DrawingGeometry };
/** One layer's linework: in its own colour (#rrggbb, when the file gives one), and grouped by other colours. */
export type DrawingLayer = DrawingGeometry['layers'][number];

/** Every path of a layer, its own colour's and the differently coloured ones. */
export function* layerPaths(layer: DrawingLayer): Generator<number[]> {
  yield* layer.paths;
  for (const group of layer.colored ?? []) yield* group.paths;
}

export const layerPathCount = (layer: DrawingLayer) =>
  layer.paths.length + (layer.colored ?? []).reduce((sum, group) => sum + group.paths.length, 0);

/** The page's longer side: a size the viewer's zoom limits suit, whatever the drawing's units. */
const PAGE_SIDE = 2000;
/** The margin around the linework, as a share of its longer side. */
const MARGIN = 0.03;

export type DrawingFrame = {
  size: Size;
  /** Page units per drawing unit. */
  k: number;
  /** The drawing point at the page's top-left corner. */
  left: number;
  top: number;
};

export function drawingFrame(bounds: DrawingGeometry['bounds']): DrawingFrame {
  const width = Math.max(bounds.maxX - bounds.minX, 0);
  const height = Math.max(bounds.maxY - bounds.minY, 0);
  const side = Math.max(width, height) || 1;
  const pad = side * MARGIN;
  const k = PAGE_SIDE / (side + 2 * pad);
  return {
    size: { width: (width + 2 * pad) * k, height: (height + 2 * pad) * k },
    k,
    left: bounds.minX - pad,
    top: bounds.maxY + pad,
  };
}

export const toPage = (frame: DrawingFrame, [x, y]: Point): Point => [
  (x - frame.left) * frame.k,
  (frame.top - y) * frame.k,
];

export const toDrawing = (frame: DrawingFrame, [x, y]: Point): Point => [
  x / frame.k + frame.left,
  frame.top - y / frame.k,
];

/** Drawn where the file gives a layer no colour: CAD's default foreground (ACI 7), black on paper. */
const DEFAULT_COLOUR = '#000000';

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (r: number, g: number, b: number) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** The most luminance a line may have and still read on white at 3:1 (WCAG's contrast for graphics). */
const MAX_LUMINANCE = 1.05 / 3 - 0.05;

/**
 * A file's colour as it can be read on the white sheet: dark colours as they are,
 * light ones (yellow, cyan, light greys — made for CAD's black screen) darkened
 * in the same hue until they stand out 3:1 against white.
 */
export function legibleOnWhite(colour: string | undefined): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(colour ?? '');
  if (!match) return DEFAULT_COLOUR;
  const value = parseInt(match[1]!, 16);
  let [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  for (let i = 0; i < 40 && luminance(r, g, b) > MAX_LUMINANCE; i++) {
    [r, g, b] = [r, g, b].map((c) => Math.floor(c * 0.92)) as [number, number, number];
  }
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The layer's colour on the sheet (the file's, made legible). */
export function layerColour(layer: Pick<DrawingLayer, 'color'>): string {
  return legibleOnWhite(layer.color);
}

/**
 * Draws the visible layers' paths onto a canvas context. `scale` is canvas
 * pixels per page unit; (`offsetX`, `offsetY`) the page point at the canvas'
 * top-left corner (for the detail drawn over part of the page).
 */
export function drawGeometry(
  context: CanvasRenderingContext2D,
  geometry: DrawingGeometry,
  frame: DrawingFrame,
  hidden: ReadonlySet<string>,
  scale: number,
  offsetX = 0,
  offsetY = 0,
  /** A selected layer: drawn bold over the others, which are dimmed. */
  emphasis: string | null = null,
): void {
  const { width, height } = context.canvas;
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, height);
  const s = scale * frame.k;
  // Canvas x = (x − left)·s − offsetX·scale; canvas y = (top − y)·s − offsetY·scale.
  const ox = -frame.left * s - offsetX * scale;
  const oy = frame.top * s - offsetY * scale;
  const width1 = Math.max(1, scale * 0.6);
  context.lineJoin = 'round';
  context.lineCap = 'round';
  const stroke = (paths: number[][], colour: string) => {
    context.strokeStyle = colour;
    context.beginPath();
    for (const path of paths) {
      if (path.length < 4) continue;
      context.moveTo(path[0]! * s + ox, oy - path[1]! * s);
      for (let i = 2; i + 1 < path.length; i += 2) context.lineTo(path[i]! * s + ox, oy - path[i + 1]! * s);
    }
    context.stroke();
  };
  const emphasised =
    emphasis !== null && geometry.layers.some((layer) => layer.name === emphasis && !hidden.has(emphasis));
  context.lineWidth = width1;
  context.globalAlpha = emphasised ? 0.18 : 1;
  for (const layer of geometry.layers) {
    if (hidden.has(layer.name) || (emphasised && layer.name === emphasis)) continue;
    stroke(layer.paths, layerColour(layer));
    for (const group of layer.colored ?? []) stroke(group.paths, legibleOnWhite(group.color));
  }
  context.globalAlpha = 1;
  const selected = emphasised ? geometry.layers.find((layer) => layer.name === emphasis) : undefined;
  if (selected) {
    // A halo under the selected layer's lines makes them stand out whatever their colour.
    context.lineWidth = width1 * 5;
    stroke([...layerPaths(selected)], 'rgba(37, 99, 235, 0.35)');
    context.lineWidth = width1 * 2;
    stroke(selected.paths, layerColour(selected));
    for (const group of selected.colored ?? []) stroke(group.paths, legibleOnWhite(group.color));
  }
}

/** Squared distance from p to the segment a–b. */
function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0;
  const x = ax + t * dx - px;
  const y = ay + t * dy - py;
  return x * x + y * y;
}

/**
 * The visible layer with a line nearest a page point, within `tolerance` page
 * units (a click on the sheet selecting a layer's line), or null.
 */
export function layerAt(
  geometry: DrawingGeometry,
  frame: DrawingFrame,
  hidden: ReadonlySet<string>,
  at: Point,
  tolerance: number,
): string | null {
  const [px, py] = toDrawing(frame, at);
  const reach = tolerance / frame.k;
  let best = reach * reach;
  let found: string | null = null;
  for (const layer of geometry.layers) {
    if (hidden.has(layer.name)) continue;
    for (const path of layerPaths(layer)) {
      for (let i = 0; i + 3 < path.length; i += 2) {
        const ax = path[i]!;
        const ay = path[i + 1]!;
        const bx = path[i + 2]!;
        const by = path[i + 3]!;
        // Cheap box test first: most segments are far away.
        if (
          (ax < px - reach && bx < px - reach) ||
          (ax > px + reach && bx > px + reach) ||
          (ay < py - reach && by < py - reach) ||
          (ay > py + reach && by > py + reach)
        )
          continue;
        const d = segmentDistance2(px, py, ax, ay, bx, by);
        if (d <= best) {
          best = d;
          found = layer.name;
        }
      }
    }
  }
  return found;
}

/** The visible layers' vertices in page units, for a tool's click to snap to (read on a click, not per frame). */
export function* drawingVertices(
  geometry: DrawingGeometry,
  frame: DrawingFrame,
  hidden: ReadonlySet<string>,
): Generator<Point> {
  for (const layer of geometry.layers) {
    if (hidden.has(layer.name)) continue;
    for (const path of layerPaths(layer)) {
      for (let i = 0; i + 1 < path.length; i += 2) yield toPage(frame, [path[i]!, path[i + 1]!]);
    }
  }
}
