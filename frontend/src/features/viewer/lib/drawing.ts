/**
 * A DXF's or DWG's linework (GET /api/documents/{id}/geometry) as a sheet: the
 * drawing's bounds, with a margin, become a page whose longer side is
 * PAGE_SIDE units, y flipped (drawing y up, page y down). The viewer's pan,
 * zoom, overlays and tools work in page units; takeoff items and the analysis
 * are in drawing coordinates, so they cross with `toPage` and `toDrawing`.
 */
import type { Point, Size } from '@/features/viewer/lib/geometry';

export type DrawingGeometry = {
  units: { feetPerUnit: number | null };
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  layers: Array<{ name: string; color?: string; paths: number[][] }>;
  truncated?: boolean;
};

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

/** A small palette for layers without a colour: the same layer keeps its colour across sessions. */
const PALETTE = ['#111827', '#1d4ed8', '#b91c1c', '#047857', '#7c3aed', '#b45309', '#0e7490', '#be185d'];

export function layerColour(name: string, index: number, colour?: string): string {
  if (colour) return colour;
  let hash = index;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
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
): void {
  const { width, height } = context.canvas;
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, height);
  const s = scale * frame.k;
  // Canvas x = (x − left)·s − offsetX·scale; canvas y = (top − y)·s − offsetY·scale.
  const ox = -frame.left * s - offsetX * scale;
  const oy = frame.top * s - offsetY * scale;
  context.lineWidth = Math.max(1, scale * 0.6);
  context.lineJoin = 'round';
  context.lineCap = 'round';
  geometry.layers.forEach((layer, index) => {
    if (hidden.has(layer.name)) return;
    context.strokeStyle = layerColour(layer.name, index, layer.color);
    context.beginPath();
    for (const path of layer.paths) {
      if (path.length < 4) continue;
      context.moveTo(path[0]! * s + ox, oy - path[1]! * s);
      for (let i = 2; i + 1 < path.length; i += 2) context.lineTo(path[i]! * s + ox, oy - path[i + 1]! * s);
    }
    context.stroke();
  });
}

/** The visible layers' vertices in page units, for a tool's click to snap to (read on a click, not per frame). */
export function* drawingVertices(
  geometry: DrawingGeometry,
  frame: DrawingFrame,
  hidden: ReadonlySet<string>,
): Generator<Point> {
  for (const layer of geometry.layers) {
    if (hidden.has(layer.name)) continue;
    for (const path of layer.paths) {
      for (let i = 0; i + 1 < path.length; i += 2) yield toPage(frame, [path[i]!, path[i + 1]!]);
    }
  }
}
