import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { TakeoffOverlay } from '@/features/viewer/components/TakeoffOverlay';
import type { RoomBoundary } from '@/features/viewer/lib/boundaries';
import { useSheetCanvases } from '@/features/viewer/hooks/use-sheet-canvases';
import {
  bounds,
  distance,
  fitPage,
  fitWidth,
  panBy,
  screenToPage,
  snapToVertex,
  viewShowing,
  zoomAt,
  type Point,
  type Size,
  type View,
} from '@/features/viewer/lib/geometry';
import { rowKey, type TakeoffRow } from '@/features/viewer/lib/takeoff';
import type { ToolState } from '@/features/viewer/lib/tools';
import { drawingVertices, layerAt, type DrawingFrame, type DrawingGeometry } from '@/features/viewer/lib/drawing';

/** What the sheet shows: a PDF page drawn by pdf.js, an image as it is, or a DXF's/DWG's linework. */
export type SheetSource =
  | { kind: 'pdf'; pdf: PDFDocumentProxy; pageNumber: number }
  | { kind: 'image'; url: string; width: number; height: number }
  | {
      kind: 'drawing';
      geometry: DrawingGeometry;
      frame: DrawingFrame;
      hidden: ReadonlySet<string>;
      /** The selected layer: its lines bold, the others dimmed. */
      emphasis: string | null;
    };

export type SheetHandle = {
  fitWidth: () => void;
  fitPage: () => void;
  zoomBy: (factor: number) => void;
  /** Brings a box of page points into view (a selected room, a measurement). */
  show: (points: readonly Point[]) => void;
};

/** How long the view must stay still before the canvas is drawn again at the new zoom. */
const SETTLE_MS = 180;
/** A press that moves less than this is a click (a point of a tool, a selection), more is a pan. */
const CLICK_SLOP_PX = 4;
/** How close (screen pixels) a tool's click must be to a drawn vertex to land on it. */
const SNAP_PX = 8;
/** How close (screen pixels) a click must be to a layer's line or a symbol to select it. */
const PICK_PX = 6;
/** The keyboard crosshair's step in screen pixels (Shift: five times as far). */
const CROSSHAIR_STEP_PX = 8;

type Props = {
  source: SheetSource;
  rows: readonly TakeoffRow[];
  /** Room boundaries the user drew on the page, drawn over it. */
  boundaries?: readonly RoomBoundary[];
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  tool: ToolState;
  onPagePoint: (point: Point) => void;
  /** The page's scale, for the running figure while measuring; null when it has none. */
  feetPerPoint: number | null;
  /** Called once the page is laid out, so a link's item can be brought into view. */
  onShown?: () => void;
  ref?: Ref<SheetHandle>;
  className?: string;
};

/**
 * The sheet: pan with a drag, zoom with the wheel or a pinch, keys for both. The page is a
 * canvas drawn at the zoom it settled on (a CSS transform carries it in between), with the
 * takeoff over it in an SVG whose viewBox is the page in points, so both stay aligned.
 */
export function SheetView({
  source,
  rows,
  boundaries,
  selectedKey,
  onSelect,
  tool,
  onPagePoint,
  feetPerPoint,
  onShown,
  ref,
  className,
}: Props) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const detailHostRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [settled, setSettled] = useState<View | null>(null);
  const [hover, setHover] = useState<Point | null>(null);
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  }, [view]);

  // The viewport's size, kept as the window or the panels around it change.
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { pageSize, pageNumber, renderError, renderedScale, emphasisDrawn, drawing } = useSheetCanvases({
    source,
    viewport,
    settled,
    canvasHostRef,
    detailHostRef,
  });

  // A new page opens fitted to the width (set while rendering: the page changed, so the view does).
  const sizeKey = pageSize ? `${pageNumber}:${pageSize.width}x${pageSize.height}` : '';
  const [fittedFor, setFittedFor] = useState('');
  if (sizeKey && sizeKey !== fittedFor && pageSize && viewport && viewport.width > 0) {
    setFittedFor(sizeKey);
    // A sheet is read across its width; a drawing's extents are seen whole first.
    setView(source.kind === 'drawing' ? fitPage(pageSize, viewport) : fitWidth(pageSize, viewport));
  }
  useEffect(() => {
    if (fittedFor) onShown?.();
  }, [fittedFor, onShown]);

  // The canvas follows the view once it has been still for a moment; until then a CSS transform carries it.
  useEffect(() => {
    if (!view) return;
    const timer = setTimeout(() => setSettled(view), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [view]);

  useImperativeHandle(
    ref,
    () => ({
      fitWidth: () => pageSize && viewport && setView(fitWidth(pageSize, viewport)),
      fitPage: () => pageSize && viewport && setView(fitPage(pageSize, viewport)),
      zoomBy: (factor) =>
        viewport && setView((current) => current && zoomAt(current, factor, [viewport.width / 2, viewport.height / 2])),
      show: (points) => {
        const box = bounds(points);
        if (!box || !viewport || !pageSize) return;
        // Not closer than 4x the fitted width: a door's circle should not fill the screen.
        setView(viewShowing(box, viewport, fitWidth(pageSize, viewport).scale * 4));
      },
    }),
    [pageSize, viewport],
  );

  // The wheel zooms at the cursor; React's wheel listener is passive, so this one is added by hand.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      const factor = Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.0015));
      setView((current) => current && zoomAt(current, factor, [event.clientX - rect.left, event.clientY - rect.top]));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  // Drag to pan, two fingers to pinch, a still press to click.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{
    start: Point;
    moved: boolean;
    target: EventTarget | null;
    pinch?: { distance: number; mid: Point; view: View };
  } | null>(null);

  const local = (event: { clientX: number; clientY: number }): Point => {
    const rect = viewportRef.current!.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b || !viewRef.current || !gesture.current) return;
    gesture.current.moved = true;
    gesture.current.pinch = {
      distance: distance(a, b),
      mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      view: viewRef.current,
    };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    viewportRef.current?.focus({ preventScroll: true });
    const at = local(event);
    pointers.current.set(event.pointerId, at);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks (lifted already): the gesture goes on without capture.
    }
    if (pointers.current.size === 1) gesture.current = { start: at, moved: false, target: event.target };
    else if (pointers.current.size === 2) startPinch();
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const at = local(event);
    if (tool.tool !== 'select' && viewRef.current) setHover(screenToPage(viewRef.current, at));
    const previous = pointers.current.get(event.pointerId);
    if (!previous || !gesture.current) return;
    pointers.current.set(event.pointerId, at);
    const current = gesture.current;
    if (current.pinch && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const { pinch } = current;
      const zoomed = zoomAt(pinch.view, distance(a, b) / Math.max(pinch.distance, 1), pinch.mid);
      setView(panBy(zoomed, mid[0] - pinch.mid[0], mid[1] - pinch.mid[1]));
      return;
    }
    if (!current.moved && distance(at, current.start) < CLICK_SLOP_PX) return;
    current.moved = true;
    setView((view) => view && panBy(view, at[0] - previous[0], at[1] - previous[1]));
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (!current || current.moved || event.type === 'pointercancel' || !viewRef.current) return;
    if (tool.tool !== 'select') {
      // Shift places the point exactly where clicked; otherwise it snaps to a nearby vertex.
      placePoint(screenToPage(viewRef.current, local(event)), event.shiftKey);
      return;
    }
    const hit = current.target instanceof Element ? current.target.closest('[data-row-key]') : null;
    onSelect(pick(hit?.getAttribute('data-row-key') ?? null, screenToPage(viewRef.current, local(event))));
  };

  /**
   * What a click on the sheet selects: a drawn mark or line under it; else a counted
   * symbol within reach (circled or not); else, on a drawing, the layer of the line
   * nearest it. A room's filled outline is picked last, so the walls inside it can be.
   */
  const pick = (domKey: string | null, at: Point): string | null => {
    if (!viewRef.current) return domKey;
    const domRow = domKey ? rows.find((row) => row.key === domKey) : undefined;
    if (domKey && !domRow?.outline) return domKey;
    const reach = PICK_PX / viewRef.current.scale;
    const symbolReach = (14 + PICK_PX) / viewRef.current.scale;
    for (const row of rows) {
      if (row.group !== 'symbol' || !row.marks) continue;
      if (row.marks.some((mark) => distance(mark, at) <= symbolReach)) return row.key;
    }
    if (source.kind === 'drawing') {
      const layer = layerAt(source.geometry, source.frame, source.hidden, at, reach);
      const key = layer === null ? null : rowKey('layer', layer);
      if (key && rows.some((row) => row.key === key)) return key;
    }
    return domKey;
  };

  /** Places a tool's point: snapped to a nearby vertex unless `exact` (Shift). */
  const placePoint = (at: Point, exact: boolean) => {
    if (!viewRef.current) return;
    onPagePoint(exact ? at : snapToVertex(at, vertices(), SNAP_PX / viewRef.current.scale));
  };

  /** The vertices a tool's click can snap to: the outlines and points drawn, the tool's own points, a drawing's linework. */
  const vertices = function* () {
    for (const row of rows) {
      yield* row.outline ?? row.line ?? row.marks ?? [];
      for (const hole of row.holes ?? []) yield* hole;
    }
    if (tool.tool !== 'count') yield* tool.points;
    if (source.kind === 'drawing') yield* drawingVertices(source.geometry, source.frame, source.hidden);
  };

  /** With a tool, the arrow keys move a crosshair (the view follows it) and Space places a point there. */
  const crosshairKey = (event: React.KeyboardEvent<HTMLDivElement>): boolean => {
    const view = viewRef.current;
    if (tool.tool === 'select' || !view || !viewport) return false;
    const start = hover ?? screenToPage(view, [viewport.width / 2, viewport.height / 2]);
    if (event.key === ' ') {
      placePoint(start, false);
      setHover(start);
      return true;
    }
    const directions: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const direction = directions[event.key];
    if (!direction) return false;
    const step = (CROSSHAIR_STEP_PX * (event.shiftKey ? 5 : 1)) / view.scale;
    const next: Point = [start[0] + direction[0] * step, start[1] + direction[1] * step];
    setHover(next);
    // Keep the crosshair in view: the sheet pans when it nears an edge.
    const margin = 32;
    const [sx, sy] = [next[0] * view.scale + view.x, next[1] * view.scale + view.y];
    const dx = sx < margin ? margin - sx : sx > viewport.width - margin ? viewport.width - margin - sx : 0;
    const dy = sy < margin ? margin - sy : sy > viewport.height - margin ? viewport.height - margin - sy : 0;
    if (dx || dy) setView((current) => current && panBy(current, dx, dy));
    return true;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (!viewport) return;
    if (!event.ctrlKey && !event.metaKey && !event.altKey && crosshairKey(event)) {
      event.preventDefault();
      return;
    }
    const step = 60;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    const centre: Point = [viewport.width / 2, viewport.height / 2];
    if (move) setView((view) => view && panBy(view, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') setView((view) => view && zoomAt(view, 1.25, centre));
    else if (event.key === '-') setView((view) => view && zoomAt(view, 0.8, centre));
    else if (event.key === '0' && pageSize) setView(fitPage(pageSize, viewport));
    else return;
    event.preventDefault();
  };

  const pageReady = !!pageSize && !!view;
  const unitScale = view?.scale ?? 1;
  const inProgress = tool.points.length > 0 ? [...tool.points, ...(hover ? [hover] : [])] : [];

  return (
    <div
      ref={viewportRef}
      tabIndex={0}
      role="application"
      aria-roledescription="drawing sheet"
      aria-label={
        tool.tool === 'select'
          ? 'Sheet: drag to pan, wheel or pinch to zoom, arrow keys to pan, + and - to zoom, 0 to fit the page'
          : 'Sheet: arrow keys move the crosshair (Shift for bigger steps), Space places a point, Enter finishes, Backspace removes the last point, Esc cancels'
      }
      className={cn(
        'relative touch-none overflow-hidden bg-muted outline-none select-none focus-visible:ring-2 focus-visible:ring-ring',
        tool.tool === 'select' ? 'cursor-grab active:cursor-grabbing' : 'cursor-crosshair',
        className,
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={() => setHover(null)}
      onKeyDown={onKeyDown}
      data-testid="sheet"
    >
      {renderError ? (
        <p className="absolute inset-x-4 top-4 rounded-md border border-destructive/40 bg-background p-3 text-sm text-destructive">
          This page could not be drawn: {renderError}
        </p>
      ) : null}
      {pageReady ? (
        <div
          className="absolute top-0 left-0 origin-top-left bg-white shadow-md will-change-transform"
          style={{
            width: pageSize.width,
            height: pageSize.height,
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
          }}
          data-testid="sheet-page"
          data-rendered-scale={source.kind === 'image' ? view.scale : (renderedScale ?? undefined)}
          data-emphasis={drawing ? (emphasisDrawn ?? undefined) : undefined}
        >
          {source.kind === 'image' ? (
            <img src={source.url} alt="" className="absolute inset-0 size-full" draggable={false} />
          ) : (
            <>
              <div ref={canvasHostRef} className="absolute inset-0" />
              <div ref={detailHostRef} className="absolute inset-0 overflow-hidden" />
            </>
          )}
          <TakeoffOverlay
            pageSize={pageSize}
            rows={rows}
            boundaries={boundaries}
            selectedKey={selectedKey}
            tool={tool}
            hover={hover}
            inProgress={inProgress}
            feetPerPoint={feetPerPoint}
            unitScale={unitScale}
          />
        </div>
      ) : (
        <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">Loading the page…</p>
      )}
    </div>
  );
}
