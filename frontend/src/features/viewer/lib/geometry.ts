/** A point in page points (PDF: origin top left, y down; an image: pixels; a DXF: drawing units). */
export type Point = [number, number];

/**
 * Where the page sits on screen: a page point p is drawn at `p * scale + (x, y)`
 * CSS pixels from the top left of the sheet's viewport.
 */
export type View = { scale: number; x: number; y: number };

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 40;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

export function pageToScreen(view: View, [x, y]: Point): Point {
  return [x * view.scale + view.x, y * view.scale + view.y];
}

export function screenToPage(view: View, [x, y]: Point): Point {
  return [(x - view.x) / view.scale, (y - view.y) / view.scale];
}

/** Zooms by `factor` keeping the page point under `at` (screen) where it is: the wheel and pinch. */
export function zoomAt(view: View, factor: number, at: Point): View {
  const scale = clampScale(view.scale * factor);
  const [px, py] = screenToPage(view, at);
  return { scale, x: at[0] - px * scale, y: at[1] - py * scale };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

export type Size = { width: number; height: number };

/** The page as wide as the viewport (less a margin), its top showing. */
export function fitWidth(page: Size, viewport: Size, margin = 16): View {
  const scale = clampScale(Math.max(1, viewport.width - 2 * margin) / page.width);
  return { scale, x: (viewport.width - page.width * scale) / 2, y: margin };
}

/** The whole page in the viewport, centred. */
export function fitPage(page: Size, viewport: Size, margin = 16): View {
  const scale = clampScale(
    Math.min(
      Math.max(1, viewport.width - 2 * margin) / page.width,
      Math.max(1, viewport.height - 2 * margin) / page.height,
    ),
  );
  return { scale, x: (viewport.width - page.width * scale) / 2, y: (viewport.height - page.height * scale) / 2 };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** The length of an open polyline, in the points' units. */
export function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!);
  return total;
}

/** The area enclosed by a polygon (closed implicitly, either winding), in square units (shoelace). */
export function polygonArea(points: readonly Point[]): number {
  if (points.length < 3) return 0;
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** The mean of the vertices: where a label of a shape goes. */
export function centroid(points: readonly Point[]): Point {
  if (!points.length) return [0, 0];
  const sum = points.reduce<Point>((acc, [x, y]) => [acc[0] + x, acc[1] + y], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

/** The box around some points, or null without any. */
export function bounds(points: readonly Point[]): { minX: number; minY: number; maxX: number; maxY: number } | null {
  if (!points.length) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** A view that shows the given box of page points in the viewport, zooming in no further than `maxScale`. */
export function viewShowing(
  box: { minX: number; minY: number; maxX: number; maxY: number },
  viewport: Size,
  maxScale: number,
  margin = 48,
): View {
  const width = Math.max(box.maxX - box.minX, 1);
  const height = Math.max(box.maxY - box.minY, 1);
  const scale = clampScale(
    Math.min(maxScale, (viewport.width - 2 * margin) / width, (viewport.height - 2 * margin) / height),
  );
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  return { scale, x: viewport.width / 2 - cx * scale, y: viewport.height / 2 - cy * scale };
}

/**
 * The nearest of `candidates` within `tolerance` of `point` (all in page points), else `point`
 * itself: clicks snap to the vertices of what is drawn (room outlines, earlier measurements).
 */
export function snapToVertex(point: Point, candidates: Iterable<Point>, tolerance: number): Point {
  let best: Point = point;
  let bestDistance = tolerance;
  for (const candidate of candidates) {
    const d = distance(point, candidate);
    if (d <= bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Whether a point is inside a closed ring or on its edge (ray casting): a hole's
 * corners must be, as the documents service checks. A corner snapped onto the
 * outline counts as inside.
 */
export function insideOrOnRing(point: Point, ring: readonly Point[]): boolean {
  const [x, y] = point;
  const tolerance = 1e-6 * Math.max(1, Math.abs(x), Math.abs(y));
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    const dx = xi - xj;
    const dy = yi - yj;
    const length2 = dx * dx + dy * dy;
    const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - xj) * dx + (y - yj) * dy) / length2)) : 0;
    if (distance(point, [xj + t * dx, yj + t * dy]) <= tolerance) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** SVG path data for an outline and its holes: filled with fill-rule evenodd, the holes show as cut-outs. */
export function ringsPath(rings: readonly (readonly Point[])[]): string {
  return rings
    .filter((ring) => ring.length > 0)
    .map((ring) => `M${ring.map(([x, y]) => `${x},${y}`).join('L')}Z`)
    .join(' ');
}
