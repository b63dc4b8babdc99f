import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { SheetSource } from '@/features/viewer/components/SheetView';
import { drawGeometry } from '@/features/viewer/lib/drawing';
import { screenToPage, type Size, type View } from '@/features/viewer/lib/geometry';

/** The most canvas pixels drawn at once: past it a deep zoom stays a little soft rather than run out of memory. */
const MAX_CANVAS_PIXELS = 12_000_000;

type Options = {
  source: SheetSource;
  /** The sheet's size on screen. */
  viewport: Size | null;
  /** The view once it has been still for a moment: the canvases are drawn for it. */
  settled: View | null;
  /** Where the whole page's canvas goes, and the detail's over it. */
  canvasHostRef: RefObject<HTMLDivElement | null>;
  detailHostRef: RefObject<HTMLDivElement | null>;
};

/**
 * Draws the sheet into canvases: a PDF page with pdf.js, a drawing's linework by hand. The
 * whole page at the settled zoom (up to MAX_CANVAS_PIXELS), and closer in the part in view
 * again, sharp, over it. Each new canvas is swapped in when done, so the old one stays until then.
 * Answers the page's size in its units, the zoom it is drawn sharp at, and what went wrong.
 */
export function useSheetCanvases({ source, viewport, settled, canvasHostRef, detailHostRef }: Options) {
  // The loaded page, its size and how far it is drawn, each kept with the page it is of.
  const [loaded, setLoaded] = useState<{
    pdf: PDFDocumentProxy;
    number: number;
    page: PDFPageProxy;
    size: Size;
  } | null>(null);
  // What the canvases hold now: the whole page at a scale, the detail for a view.
  const [baseRendered, setBaseRendered] = useState<{ page: PDFPageProxy; scale: number } | null>(null);
  const [detailRendered, setDetailRendered] = useState<{ page: PDFPageProxy; key: string } | null>(null);
  const [failed, setFailed] = useState<{ key: unknown; message: string } | null>(null);
  // The PDF page and its size in points.
  const pdf = source.kind === 'pdf' ? source.pdf : null;
  const pageNumber = source.kind === 'pdf' ? source.pageNumber : 0;
  const current = loaded && loaded.pdf === pdf && loaded.number === pageNumber ? loaded : null;
  const pdfPage = current?.page ?? null;
  const pdfPageSize = current?.size ?? null;
  const imageWidth = source.kind === 'image' ? source.width : 0;
  const imageHeight = source.kind === 'image' ? source.height : 0;
  const drawingSize = source.kind === 'drawing' ? source.frame.size : null;
  const pageSize = useMemo<Size | null>(
    () => (imageWidth ? { width: imageWidth, height: imageHeight } : (drawingSize ?? pdfPageSize)),
    [imageWidth, imageHeight, pdfPageSize, drawingSize],
  );
  const renderError = failed && (failed.key === pdfPage || failed.key === pageNumber) ? failed.message : null;
  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    canvasHostRef.current?.replaceChildren();
    detailHostRef.current?.replaceChildren();
    pdf.getPage(pageNumber).then(
      (page) => {
        if (cancelled) return;
        const { width, height } = page.getViewport({ scale: 1 });
        setLoaded({ pdf, number: pageNumber, page, size: { width, height } });
      },
      (error: unknown) => {
        if (!cancelled) setFailed({ key: pageNumber, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [pdf, pageNumber, canvasHostRef, detailHostRef]);

  // The whole page is drawn at the settled zoom up to MAX_CANVAS_PIXELS; closer in, it stays at that
  // resolution and the part in view is drawn again, sharp, over it (the detail).
  const ratio = globalThis.devicePixelRatio || 1;
  const wanted = settled ? settled.scale * ratio : null;
  const cap = pageSize ? Math.sqrt(MAX_CANVAS_PIXELS / (pageSize.width * pageSize.height)) : 0;
  const baseScale = wanted ? Math.min(wanted, cap) : null;
  const detail = useMemo(() => {
    if (!settled || !wanted || !pageSize || !viewport || wanted <= cap) return null;
    const [left, top] = screenToPage(settled, [0, 0]);
    const [right, bottom] = screenToPage(settled, [viewport.width, viewport.height]);
    const padX = (right - left) / 4;
    const padY = (bottom - top) / 4;
    const x = Math.max(0, left - padX);
    const y = Math.max(0, top - padY);
    const width = Math.min(pageSize.width, right + padX) - x;
    const height = Math.min(pageSize.height, bottom + padY) - y;
    if (width <= 0 || height <= 0) return null;
    return { x, y, width, height, scale: wanted };
  }, [settled, wanted, cap, pageSize, viewport]);

  const drawFailed = (page: PDFPageProxy) => (error: unknown) => {
    if (error instanceof Error && error.name === 'RenderingCancelledException') return;
    setFailed({ key: page, message: error instanceof Error ? error.message : String(error) });
  };

  // The whole page, into a fresh canvas swapped in when done, so the old one stays until then.
  useEffect(() => {
    if (!pdfPage || !baseScale || !canvasHostRef.current) return;
    const host = canvasHostRef.current;
    const pageViewport = pdfPage.getViewport({ scale: baseScale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(pageViewport.width);
    canvas.height = Math.floor(pageViewport.height);
    canvas.className = 'absolute inset-0 size-full';
    canvas.dataset.testid = 'sheet-canvas';
    const task: RenderTask = pdfPage.render({ canvas, viewport: pageViewport, background: 'white' });
    task.promise.then(() => {
      host.replaceChildren(canvas);
      setBaseRendered({ page: pdfPage, scale: baseScale / ratio });
    }, drawFailed(pdfPage));
    return () => task.cancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pdfPage, baseScale]);

  // A drawing's linework: drawn straight onto the canvases (no pdf.js), again when a layer is switched.
  const drawing = source.kind === 'drawing' ? source : null;
  const [drawingRendered, setDrawingRendered] = useState<{
    base: number;
    detail: string;
    /** The layer the whole-sheet canvas was drawn with emphasised. */
    emphasis: string | null;
  } | null>(null);
  useEffect(() => {
    if (!drawing || !baseScale || !canvasHostRef.current || !pageSize) return;
    const host = canvasHostRef.current;
    // Drawn in the next frame (40,000 paths take a moment), swapped in whole when done.
    const frame = requestAnimationFrame(() => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(pageSize.width * baseScale));
      canvas.height = Math.max(1, Math.floor(pageSize.height * baseScale));
      canvas.className = 'absolute inset-0 size-full';
      canvas.dataset.testid = 'sheet-canvas';
      const context = canvas.getContext('2d');
      if (context)
        drawGeometry(context, drawing.geometry, drawing.frame, drawing.hidden, baseScale, 0, 0, drawing.emphasis);
      host.replaceChildren(canvas);
      setDrawingRendered((rendered) => ({
        base: baseScale / ratio,
        detail: rendered?.detail ?? '',
        emphasis: drawing.emphasis,
      }));
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawing, baseScale]);

  // The detail: the part in view (and a margin), at the full settled zoom.
  const detailKey = detail ? `${detail.x}:${detail.y}:${detail.width}:${detail.height}:${detail.scale}` : '';
  useEffect(() => {
    const host = detailHostRef.current;
    if (!host) return;
    if (drawing && detail) {
      const frame = requestAnimationFrame(() => {
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.floor(detail.width * detail.scale));
        canvas.height = Math.max(1, Math.floor(detail.height * detail.scale));
        canvas.className = 'absolute';
        Object.assign(canvas.style, {
          left: `${detail.x}px`,
          top: `${detail.y}px`,
          width: `${detail.width}px`,
          height: `${detail.height}px`,
        });
        canvas.dataset.testid = 'sheet-detail';
        const context = canvas.getContext('2d');
        if (context)
          drawGeometry(
            context,
            drawing.geometry,
            drawing.frame,
            drawing.hidden,
            detail.scale,
            detail.x,
            detail.y,
            drawing.emphasis,
          );
        host.replaceChildren(canvas);
        setDrawingRendered((rendered) => ({
          base: rendered?.base ?? 0,
          detail: detailKey,
          emphasis: rendered?.emphasis ?? null,
        }));
      });
      return () => cancelAnimationFrame(frame);
    }
    if (!pdfPage || !detail) {
      host.replaceChildren();
      return;
    }
    const pageViewport = pdfPage.getViewport({ scale: detail.scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(detail.width * detail.scale);
    canvas.height = Math.floor(detail.height * detail.scale);
    canvas.className = 'absolute';
    Object.assign(canvas.style, {
      left: `${detail.x}px`,
      top: `${detail.y}px`,
      width: `${detail.width}px`,
      height: `${detail.height}px`,
    });
    canvas.dataset.testid = 'sheet-detail';
    const task: RenderTask = pdfPage.render({
      canvas,
      viewport: pageViewport,
      transform: [1, 0, 0, 1, -detail.x * detail.scale, -detail.y * detail.scale],
      background: 'white',
    });
    task.promise.then(() => {
      host.replaceChildren(canvas);
      setDetailRendered({ page: pdfPage, key: detailKey });
    }, drawFailed(pdfPage));
    return () => task.cancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pdfPage, detailKey, drawing]);

  // The zoom the sheet is drawn sharp at (for the e2e and the benchmark): the detail's when it is needed.
  const renderedScale = drawing
    ? detail
      ? drawingRendered?.detail === detailKey
        ? detail.scale / ratio
        : null
      : (drawingRendered?.base ?? null)
    : detail
      ? detailRendered?.page === pdfPage && detailRendered?.key === detailKey
        ? detail.scale / ratio
        : null
      : baseRendered?.page === pdfPage
        ? (baseRendered?.scale ?? null)
        : null;

  return {
    pageSize,
    pageNumber,
    renderError,
    renderedScale,
    /** The layer the whole drawing was last drawn with emphasised. */
    emphasisDrawn: drawingRendered?.emphasis ?? null,
    drawing,
  };
}
