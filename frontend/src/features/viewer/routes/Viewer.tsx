import { useQuery } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import {
  ArrowLeft,
  Hash,
  List,
  Maximize,
  MousePointer2,
  MoveHorizontal,
  Pentagon,
  Ruler,
  Scissors,
  Spline,
  ZoomIn,
  ZoomOut,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { PageSpinner } from '@/components/ui/spinner';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getQueryFn } from '@/lib/api-client';
import { ApiError, apiErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/use-page-meta';
import {
  DrawingUnitsFix,
  unitName,
  useAnalysis,
  type DocumentAnalysis,
  type ProjectDocument,
} from '@/features/documents';
import {
  documentFileUrl,
  useCalibratePage,
  useCreateTakeoffItem,
  useDeleteTakeoffItem,
  useSendToMaterials,
  useTakeoffItems,
  useUpdateTakeoffItem,
  type LengthUnit,
  type ViewerAnalysis,
  type ViewerPage,
} from '@/features/viewer/api/viewer';
import { CalibrateDialog } from '@/features/viewer/components/CalibrateDialog';
import { SheetView, type SheetHandle, type SheetSource } from '@/features/viewer/components/SheetView';
import { TakeoffList } from '@/features/viewer/components/TakeoffList';
import { distance, polygonArea, type Point } from '@/features/viewer/lib/geometry';
import {
  drawingFrame,
  layerColour,
  layerPathCount,
  toDrawing,
  toPage,
  type DrawingGeometry,
} from '@/features/viewer/lib/drawing';
import { openPdf } from '@/features/viewer/lib/pdf';
import {
  feetPerPoint,
  formatQuantity,
  rowKey,
  scaleNote,
  takeoffGroups,
  type TakeoffRow,
} from '@/features/viewer/lib/takeoff';
import {
  HOLE_NEEDS_AREA,
  initialToolState,
  needsScale,
  stepTool,
  toolForKey,
  TOOL_LABELS,
  TOOL_SHORTCUTS,
  type Finished,
  type Tool,
  type ToolEvent,
} from '@/features/viewer/lib/tools';

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff']);

const TOOL_ICONS: Record<Tool, LucideIcon> = {
  select: MousePointer2,
  calibrate: Ruler,
  length: Spline,
  area: Pentagon,
  count: Hash,
  hole: Scissors,
};

/** What a failed request says to a person: the server's message, else the error's. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 404 && !error.body.message)
    return 'This is not available yet on this server.';
  return apiErrorMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** /dashboard/projects/{projectId}/documents/{documentId}?page=N&item=… (issue 17). */
export function ViewerRoute() {
  const { projectId = '', documentId = '' } = useParams();
  const documentQuery = useQuery({
    queryKey: ['/api/documents', documentId],
    queryFn: getQueryFn<ProjectDocument>({ on401: 'throw' }),
    enabled: !!documentId,
  });
  if (documentQuery.isPending) return <PageSpinner />;
  if (!documentQuery.data)
    return (
      <main className="grid h-dvh place-items-center p-6 text-center">
        <div className="grid gap-3">
          <h1 className="text-lg font-semibold">This document cannot be opened</h1>
          <p className="text-sm text-muted-foreground">
            It may have been deleted, or it belongs to another account. {messageOf(documentQuery.error)}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.app.dashboard.getHref()}>Back to Dashboard</Link>
          </Button>
        </div>
      </main>
    );
  return <Viewer projectId={projectId} document={documentQuery.data} />;
}

type PdfState = { pdf: PDFDocumentProxy } | { error: string } | null;

function Viewer({ projectId, document }: { projectId: string; document: ProjectDocument }) {
  const documentId = document.id;
  const [search, setSearch] = useSearchParams();
  const analysisQuery = useAnalysis(documentId);
  const analysis = analysisQuery.data as ViewerAnalysis | undefined;
  const itemsQuery = useTakeoffItems(documentId);
  const createItem = useCreateTakeoffItem(documentId);
  const deleteItem = useDeleteTakeoffItem(documentId);
  const updateItem = useUpdateTakeoffItem(documentId);
  const calibrate = useCalibratePage(documentId);
  const sendToMaterials = useSendToMaterials(projectId);
  const sheet = useRef<SheetHandle>(null);
  usePageMeta({ title: `${document.filename} · Kerf` });

  const filetype = document.filetype.toLowerCase().replace(/^\./, '');
  const kind: 'pdf' | 'image' | 'drawing' =
    filetype === 'pdf' ? 'pdf' : IMAGE_TYPES.has(filetype) ? 'image' : 'drawing';

  // The PDF, opened with range requests: only the pages shown are read.
  const [pdfState, setPdfState] = useState<PdfState>(null);
  useEffect(() => {
    if (kind !== 'pdf') return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    openPdf(documentFileUrl(documentId)).then(
      (opened) => {
        destroy = opened.destroy;
        if (cancelled) void opened.destroy();
        else setPdfState({ pdf: opened.pdf });
      },
      (error: unknown) => {
        if (!cancelled) setPdfState({ error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [kind, documentId]);
  const pdf = pdfState && 'pdf' in pdfState ? pdfState.pdf : null;

  // An image's size: the analysis has it, else the image itself once loaded.
  const [imageSize, setImageSize] = useState<{ width: number; height: number } | { error: true } | null>(null);
  useEffect(() => {
    if (kind !== 'image') return;
    const image = new Image();
    image.onload = () => setImageSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => setImageSize({ error: true });
    image.src = documentFileUrl(documentId);
  }, [kind, documentId]);

  // A DXF's or DWG's linework, drawn on a canvas; its layers can be switched off.
  const geometryQuery = useQuery({
    queryKey: ['/api/documents', documentId, 'geometry'],
    queryFn: getQueryFn<DrawingGeometry>({ on401: 'throw' }),
    enabled: kind === 'drawing',
    staleTime: Infinity,
    retry: false,
  });
  const geometry = kind === 'drawing' ? geometryQuery.data : undefined;
  const frame = useMemo(() => (geometry ? drawingFrame(geometry.bounds) : null), [geometry]);
  const [hiddenLayers, setHiddenLayers] = useState<ReadonlySet<string>>(() => new Set());
  const toggleLayer = (name: string) =>
    setHiddenLayers((hidden) => {
      const next = new Set(hidden);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  const pageCount = pdf?.numPages ?? analysis?.pages?.length ?? 1;
  const pageNumber = Math.min(Math.max(1, Math.trunc(Number(search.get('page'))) || 1), Math.max(pageCount, 1));
  const pageInfo: ViewerPage | undefined =
    analysis?.pages?.find((page) => page.number === pageNumber) ?? (kind === 'image' ? { number: 1 } : undefined);
  // For a drawing the units give the scale (the analysis's, with the user's correction), per page unit.
  const drawingFeetPerUnit = analysis?.units?.feetPerUnit ?? geometry?.units.feetPerUnit ?? null;
  const scale =
    kind === 'drawing'
      ? frame && drawingFeetPerUnit
        ? drawingFeetPerUnit / frame.k
        : null
      : feetPerPoint(analysis, pageInfo);
  const selectedKey = search.get('item');
  // The selected row when it is an area the user measured: Cut hole (H) cuts into it.
  const selectedArea = (itemsQuery.data ?? []).find(
    (item) => item.kind === 'area' && rowKey('item', item.id) === selectedKey,
  );

  const groups = useMemo(
    () => takeoffGroups(documentId, analysis, itemsQuery.data ?? [], kind === 'drawing' ? undefined : pageNumber),
    [documentId, analysis, itemsQuery.data, kind, pageNumber],
  );
  const rows = useMemo(() => groups.flatMap((group) => group.rows), [groups]);
  // The sheet works in page units; a drawing's takeoff is in drawing coordinates.
  const sheetRows = useMemo(() => {
    if (!frame) return rows;
    const map = (points?: Point[]) => points?.map((point) => toPage(frame, point));
    return rows.map((row) => ({
      ...row,
      outline: map(row.outline),
      holes: row.holes?.map((hole) => map(hole)!),
      line: map(row.line),
      marks: map(row.marks),
    }));
  }, [rows, frame]);

  // A layer selected in the list (or on the sheet) is drawn bold over the others, dimmed.
  const layerPrefix = rowKey('layer', '');
  const emphasis =
    kind === 'drawing' && selectedKey?.startsWith(layerPrefix) ? selectedKey.slice(layerPrefix.length) : null;
  const source: SheetSource | null = useMemo(() => {
    if (kind === 'pdf' && pdf) return { kind: 'pdf', pdf, pageNumber };
    if (kind === 'image' && imageSize && 'width' in imageSize)
      return { kind: 'image', url: documentFileUrl(documentId), ...imageSize };
    if (kind === 'drawing' && geometry && frame)
      return { kind: 'drawing', geometry, frame, hidden: hiddenLayers, emphasis };
    return null;
  }, [kind, pdf, pageNumber, imageSize, documentId, geometry, frame, hiddenLayers, emphasis]);
  const sheetPoints = useCallback(
    (points: Point[]) => (frame ? points.map((point) => toPage(frame, point)) : points),
    [frame],
  );

  const goTo = (at: { page?: number; item?: string | null }) => {
    const next = new URLSearchParams();
    next.set('page', String(at.page ?? pageNumber));
    if (at.item) next.set('item', at.item);
    setSearch(next, { replace: true });
  };

  const geometryOf = (row: TakeoffRow): Point[] => row.outline ?? row.line ?? row.marks ?? [];

  const [listOpen, setListOpen] = useState(false);
  const selectRow = (row: TakeoffRow) => {
    goTo({ page: row.page ?? pageNumber, item: row.key });
    setListOpen(false);
    const points = geometryOf(row);
    if (points.length) sheet.current?.show(sheetPoints(points));
  };

  // Opened from a link at an item (a chat source, the findings): bring it into view once, when the page is up.
  // Later selections zoom only when made from the list (a click on the sheet is already where the user looks).
  const [pageShown, setPageShown] = useState(false);
  const onShown = useCallback(() => setPageShown(true), []);
  const [linkKey] = useState(() => search.get('item'));
  const linkHandled = useRef(false);
  useEffect(() => {
    if (linkHandled.current || !linkKey || selectedKey !== linkKey || !pageShown) return;
    const row = rows.find((candidate) => candidate.key === selectedKey);
    if (!row) return;
    linkHandled.current = true;
    const points = geometryOf(row);
    if (points.length) sheet.current?.show(sheetPoints(points));
  }, [linkKey, selectedKey, rows, pageShown, sheetPoints]);

  // The hand tools.
  const [toolState, setToolState] = useState(initialToolState);
  const [notice, setNotice] = useState<string | null>(null);
  const [calibration, setCalibration] = useState<{ from: Point; to: Point; then: Tool } | null>(null);
  const [calibrationKey, setCalibrationKey] = useState(0);
  // On a drawing, Calibrate explains that the drawing's units give the scale, with the units fix.
  const [unitsHelp, setUnitsHelp] = useState(false);
  const afterCalibration = useRef<Tool>('select');
  const canMeasure = !!source;
  const sheetTool = frame ? { ...toolState, points: sheetPoints(toolState.points) } : toolState;

  const finish = (finished: Finished) => {
    if (finished.tool === 'calibrate') {
      const [from, to] = finished.points as [Point, Point];
      if (distance(from, to) === 0) {
        setNotice('The two points are the same: click two points a known distance apart.');
        return;
      }
      setCalibrationKey((key) => key + 1);
      setCalibration({ from, to, then: afterCalibration.current });
      return;
    }
    if (finished.tool === 'hole') {
      cutHole(finished.holeOf?.itemId ?? '', finished.points);
      return;
    }
    const kindOf = finished.tool;
    const sameKind = (itemsQuery.data ?? []).filter((item) => item.kind === kindOf).length;
    createItem.mutate(
      {
        documentId,
        page: pageNumber,
        kind: kindOf,
        name: `${TOOL_LABELS[kindOf]} ${sameKind + 1}`,
        points: finished.points,
      },
      {
        onSuccess: (item) => {
          toast({
            title: 'Measured',
            description: `${item.name}: ${formatQuantity(Number(item.quantity))} ${item.unit}`,
          });
          goTo({ item: `item:${item.id}` });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The measurement was not kept', description: messageOf(error) }),
      },
    );
  };

  /** Saves a hole drawn in an area item with the holes it had; the service measures the area again. */
  const cutHole = (itemId: string, hole: Point[]) => {
    const item = (itemsQuery.data ?? []).find((candidate) => candidate.id === itemId);
    if (!item) {
      setNotice('The area this hole was drawn in is gone: select an area, then Cut hole (H).');
      return;
    }
    updateItem.mutate(
      { id: item.id, holes: [...(item.holes ?? []), hole] },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Hole cut',
            description: `${updated.name}: ${formatQuantity(Number(updated.quantity))} ${updated.unit}`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The hole was not cut', description: messageOf(error) }),
      },
    );
  };

  /** Takes one hole back out of an area item; the service measures the area again. */
  const removeHole = (row: TakeoffRow, hole: number) => {
    const item = (itemsQuery.data ?? []).find((candidate) => candidate.id === row.itemId);
    if (!item?.holes?.[hole]) return;
    updateItem.mutate(
      { id: item.id, holes: item.holes.filter((_, index) => index !== hole) },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Hole removed',
            description: `${updated.name}: ${formatQuantity(Number(updated.quantity))} ${updated.unit}`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The hole was not removed', description: messageOf(error) }),
      },
    );
  };
  /** A hole's area from the sheet's rings (page units) and the page's scale. */
  const holeArea = (row: TakeoffRow, hole: number) => {
    const ring = sheetRows.find((candidate) => candidate.key === row.key)?.holes?.[hole];
    return ring && scale ? polygonArea(ring) * scale ** 2 : null;
  };

  const handle = (event: ToolEvent) => {
    const step = stepTool(toolState, event);
    setToolState(step.state);
    setNotice(step.problem ?? null);
    if (step.finished) finish(step.finished);
  };

  const choose = (tool: Tool) => {
    if (tool === 'hole') {
      setUnitsHelp(false);
      if (!selectedArea) {
        setNotice(HOLE_NEEDS_AREA);
        return;
      }
      afterCalibration.current = 'select';
      handle({ type: 'choose', tool, holeOf: { itemId: selectedArea.id, outline: selectedArea.points } });
      return;
    }
    if (tool === 'calibrate' && kind === 'drawing') {
      // A DXF or DWG is measured in its drawing units: there is nothing to calibrate, only units to correct.
      setUnitsHelp(true);
      setNotice(null);
      return;
    }
    if (needsScale(tool) && !scale) {
      if (kind === 'drawing') {
        setUnitsHelp(true);
        return;
      }
      // Offer calibration first: a length or area needs the page's scale.
      afterCalibration.current = tool;
      setNotice(
        `This page has no scale, so ${TOOL_LABELS[tool].toLowerCase()} cannot be measured yet. Calibrate it first: click two points a known distance apart.`,
      );
      setToolState({ tool: 'calibrate', points: [] });
      return;
    }
    afterCalibration.current = 'select';
    setNotice(null);
    setUnitsHelp(false);
    handle({ type: 'choose', tool });
  };

  const saveCalibration = (distanceValue: number, unit: LengthUnit) => {
    if (!calibration) return;
    calibrate.mutate(
      { page: pageNumber, from: calibration.from, to: calibration.to, distance: distanceValue, unit },
      {
        onSuccess: () => {
          toast({ title: 'Page calibrated', description: `Page ${pageNumber} is measured with the new scale.` });
          const then = calibration.then;
          setCalibration(null);
          setNotice(null);
          setToolState({ tool: then, points: [] });
          afterCalibration.current = 'select';
        },
      },
    );
  };

  // Shortcuts: tools by letter, Esc, Enter and Backspace for the points (not while typing or in a dialog).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || calibration || !canMeasure) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, select, [role="dialog"]')) return;
    if (event.key === 'Escape') {
      setUnitsHelp(false);
      handle({ type: 'cancel' });
    } else if (event.key === 'Enter') {
      if (toolState.tool === 'select' || target?.closest('button, a')) return;
      handle({ type: 'finish' });
    } else if (event.key === 'Backspace') {
      if (!toolState.points.length) return;
      handle({ type: 'undo' });
    } else {
      const tool = toolForKey(event.key);
      if (!tool) return;
      choose(tool);
    }
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const [sending, setSending] = useState<string | null>(null);
  const send = (row: TakeoffRow) => {
    setSending(row.key);
    sendToMaterials.mutate(row.send, {
      onSuccess: () =>
        toast({
          title: 'Sent to materials',
          description: `${row.label}: ${formatQuantity(row.quantity)} ${row.unit}`,
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Not sent to materials', description: messageOf(error) }),
      onSettled: () => setSending(null),
    });
  };
  const rename = async (row: TakeoffRow, name: string) => {
    if (!row.itemId) return;
    try {
      await updateItem.mutateAsync({ id: row.itemId, name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Not renamed', description: messageOf(error) });
      throw error;
    }
  };

  const remove = (row: TakeoffRow) => {
    if (!row.itemId) return;
    deleteItem.mutate(row.itemId, {
      onSuccess: () => {
        toast({ title: 'Measurement deleted', description: row.label });
        if (selectedKey === row.key) goTo({});
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Not deleted', description: messageOf(error) }),
    });
  };

  const onSheetSelect = (key: string | null) => {
    const next = new URLSearchParams(search);
    if (key) next.set('item', key);
    else next.delete('item');
    setSearch(next, { replace: true });
  };

  const notes: string[] = [];
  if (analysis && (analysis.status === 'pending' || analysis.status === 'processing'))
    notes.push('Kerf is still reading this document: its quantities appear here when it is done.');
  if (analysis?.status === 'failed')
    notes.push(`Kerf could not read this document${analysis.error ? `: ${analysis.error}` : '.'}`);
  if (analysisQuery.isError) notes.push(`The quantities could not be loaded: ${messageOf(analysisQuery.error)}`);
  if (analysis?.reanalysis) notes.push('Recomputing with your correction: the figures update when it is done.');
  if (rows.some((row) => row.group === 'room' && !row.outline))
    notes.push('This analysis has no room outlines yet, so the rooms are listed but not drawn on the sheet.');
  if (itemsQuery.isError) notes.push(`Your measurements could not be loaded: ${messageOf(itemsQuery.error)}`);

  const takeoffList = (
    <TakeoffList
      groups={groups}
      selectedKey={selectedKey}
      onSelect={selectRow}
      onSend={send}
      onDelete={remove}
      onRename={rename}
      onRemoveHole={removeHole}
      holeArea={holeArea}
      sending={sending}
      notes={notes}
      empty={
        kind === 'drawing'
          ? 'Kerf found no quantities in this drawing.'
          : 'Nothing measured on this page yet. Use Length (L), Area (A) or Count (C) to measure by hand.'
      }
    />
  );

  const layerList = geometry ? (
    <section aria-label="Layers" className="border-b p-3">
      <h2 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Layers</h2>
      {geometry.truncated ? (
        <p className="mb-1 text-xs text-amber-800">
          This drawing has more lines than the viewer draws at once: the first 400,000 points are shown.
        </p>
      ) : null}
      <ul className="grid max-h-48 grid-cols-[minmax(0,1fr)] gap-0.5 overflow-y-auto">
        {geometry.layers.map((layer) => (
          <li key={layer.name}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-muted">
              <input
                type="checkbox"
                className="size-4"
                checked={!hiddenLayers.has(layer.name)}
                onChange={() => toggleLayer(layer.name)}
              />
              <span className="size-2.5 shrink-0 rounded-sm" style={{ background: layerColour(layer) }} aria-hidden />
              <span className="min-w-0 flex-1 truncate">{layer.name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{layerPathCount(layer)}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  ) : null;

  const pageLabel = (page: number) => {
    const info = analysis?.pages?.find((candidate) => candidate.number === page);
    return [info?.sheetNumber, info?.title].filter(Boolean).join(' · ');
  };

  const note = scaleNote(pageInfo);
  const sheetError =
    kind === 'pdf' && pdfState && 'error' in pdfState
      ? pdfState.error
      : kind === 'image' && imageSize && 'error' in imageSize
        ? 'The image could not be loaded.'
        : null;

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-background">
      <header className="flex h-12 shrink-0 items-center gap-2 border-b px-2 md:px-3">
        <Button variant="ghost" size="sm" asChild>
          <Link to={paths.app.dashboard.getHref()} state={{ projectId }} aria-label="Back to the project">
            <ArrowLeft />
            <span className="hidden sm:inline">Project</span>
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="viewer-title">
          {document.filename}
        </h1>
        {kind === 'pdf' && pageCount > 1 ? (
          <select
            aria-label="Page"
            className="h-8 max-w-32 shrink-0 rounded-md border bg-background px-1 text-sm lg:hidden"
            value={pageNumber}
            onChange={(event) => goTo({ page: Number(event.target.value) })}
          >
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((page) => (
              <option key={page} value={page}>
                {`Page ${page}${pageLabel(page) ? ` · ${pageLabel(page)}` : ''}`}
              </option>
            ))}
          </select>
        ) : null}
        {kind === 'pdf' ? (
          <span className="hidden shrink-0 text-xs text-muted-foreground lg:inline" data-testid="viewer-page-of">
            Page {pageNumber} of {pageCount}
          </span>
        ) : null}
      </header>

      {canMeasure ? (
        <div
          className="flex shrink-0 items-center gap-1 overflow-x-auto border-b px-2 py-1"
          role="toolbar"
          aria-label="Sheet tools"
        >
          {(['select', 'calibrate', 'length', 'area', 'count'] as const).map((tool) =>
            tool === 'calibrate' && kind === 'drawing' ? (
              <ToolButton
                key={tool}
                label={`${TOOL_LABELS[tool]} (${TOOL_SHORTCUTS[tool]}): not needed, ${drawingScaleText(analysis)}`}
                shortcut={TOOL_SHORTCUTS[tool]}
                icon={TOOL_ICONS[tool]}
                unavailable
                onClick={() => choose(tool)}
              />
            ) : (
              <ToolButton
                key={tool}
                label={`${TOOL_LABELS[tool]} (${TOOL_SHORTCUTS[tool]})`}
                shortcut={TOOL_SHORTCUTS[tool]}
                icon={TOOL_ICONS[tool]}
                active={toolState.tool === tool}
                onClick={() => choose(tool)}
              />
            ),
          )}
          {selectedArea || toolState.tool === 'hole' ? (
            <ToolButton
              label={`${TOOL_LABELS.hole} (${TOOL_SHORTCUTS.hole})`}
              shortcut={TOOL_SHORTCUTS.hole}
              icon={TOOL_ICONS.hole}
              active={toolState.tool === 'hole'}
              onClick={() => choose('hole')}
            />
          ) : null}
          <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden />
          <ToolButton label="Zoom out (-)" icon={ZoomOut} onClick={() => sheet.current?.zoomBy(0.8)} />
          <ToolButton label="Zoom in (+)" icon={ZoomIn} onClick={() => sheet.current?.zoomBy(1.25)} />
          <ToolButton label="Fit width" icon={MoveHorizontal} onClick={() => sheet.current?.fitWidth()} />
          <ToolButton label="Fit page (0)" icon={Maximize} onClick={() => sheet.current?.fitPage()} />
          <Button
            variant="outline"
            size="sm"
            className="ml-auto shrink-0 max-sm:size-8 max-sm:px-0 lg:hidden"
            onClick={() => setListOpen(true)}
          >
            <List />
            <span className="sr-only sm:not-sr-only">Takeoff</span>
          </Button>
        </div>
      ) : null}

      {canMeasure && kind === 'drawing' && (unitsHelp || !scale) && analysis ? (
        <div
          className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b bg-muted/40 px-3 py-2 text-xs"
          role="status"
          data-testid="drawing-units-help"
        >
          <span className="min-w-0 flex-1 basis-64">
            {scale
              ? `No calibration needed: ${drawingScaleText(analysis)}. If lengths look wrong, the units are: correct them here.`
              : 'This drawing has no units Kerf can measure with: set its units to measure lengths and areas.'}
          </span>
          <DrawingUnitsFix documentId={documentId} analysis={analysis as DocumentAnalysis} />
          <Button size="sm" variant="ghost" className="h-6 px-2 text-xs" onClick={() => setUnitsHelp(false)}>
            Close
          </Button>
        </div>
      ) : canMeasure && (notice || (!scale && kind !== 'drawing') || toolState.tool !== 'select') ? (
        <div
          className="flex shrink-0 flex-wrap items-center gap-2 border-b bg-muted/40 px-3 py-1.5 text-xs"
          role="status"
        >
          {notice ? (
            <span className="text-amber-800">{notice}</span>
          ) : !scale ? (
            <>
              <span>
                {note
                  ? `This page's scale note (“${note}”) is not a scale Kerf can measure with yet`
                  : 'This page has no scale'}
                : calibrate it before measuring lengths and areas.
              </span>
              {toolState.tool !== 'calibrate' ? (
                <Button size="sm" variant="outline" className="h-6 px-2 text-xs" onClick={() => choose('calibrate')}>
                  Calibrate (K)
                </Button>
              ) : null}
            </>
          ) : null}
          {toolState.tool !== 'select' ? (
            <span className="text-muted-foreground">
              {TOOL_LABELS[toolState.tool]}
              {toolState.tool === 'hole' && selectedArea?.id === toolState.holeOf?.itemId
                ? ` in ${selectedArea?.name}`
                : ''}
              : click points on the sheet
              {toolState.tool === 'calibrate'
                ? ' (two, a known distance apart)'
                : toolState.tool === 'hole'
                  ? ' inside the area, Enter to finish'
                  : ', Enter to finish'}
              ; clicks snap to nearby corners (hold Shift not to), Backspace removes the last point, Esc cancels.
              <span className="max-sm:hidden">
                {' '}
                By keyboard: focus the sheet, move the crosshair with the arrow keys, Space places a point.
              </span>
            </span>
          ) : null}
        </div>
      ) : null}

      <div className="flex min-h-0 flex-1">
        {kind === 'pdf' ? (
          <nav aria-label="Pages" className="hidden w-52 shrink-0 overflow-y-auto border-r p-2 lg:block">
            <ol className="grid grid-cols-[minmax(0,1fr)] gap-1">
              {Array.from({ length: pageCount }, (_, i) => i + 1).map((page) => (
                <li key={page}>
                  <button
                    type="button"
                    aria-current={page === pageNumber ? 'page' : undefined}
                    className={cn(
                      'w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted',
                      page === pageNumber && 'bg-primary/10 font-medium text-primary',
                    )}
                    onClick={() => goTo({ page })}
                  >
                    <span className="block">Page {page}</span>
                    {pageLabel(page) ? (
                      <span className="block truncate text-xs text-muted-foreground">{pageLabel(page)}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        <main className="relative min-w-0 flex-1">
          {kind === 'drawing' && !source && !geometryQuery.isPending ? (
            <div className="mx-auto h-full max-w-2xl overflow-y-auto">
              <p
                className="m-3 rounded-md border border-destructive/40 p-3 text-sm text-destructive"
                role="alert"
                data-testid="viewer-no-geometry"
              >
                The drawing's lines could not be read
                {geometryQuery.isError ? `: ${messageOf(geometryQuery.error)}` : '.'} These are the quantities Kerf read
                from {document.filename}.
              </p>
              {takeoffList}
            </div>
          ) : sheetError ? (
            <p className="m-4 rounded-md border border-destructive/40 p-3 text-sm text-destructive" role="alert">
              This document could not be shown: {sheetError}
            </p>
          ) : source ? (
            <SheetView
              ref={sheet}
              className="absolute inset-0"
              source={source}
              rows={sheetRows}
              selectedKey={selectedKey}
              onSelect={onSheetSelect}
              tool={sheetTool}
              onPagePoint={(at) => handle({ type: 'click', at: frame ? toDrawing(frame, at) : at })}
              feetPerPoint={scale}
              onShown={onShown}
            />
          ) : (
            <PageSpinner />
          )}
        </main>

        {source ? (
          <aside aria-label="Takeoff" className="hidden w-80 shrink-0 overflow-y-auto border-l lg:block">
            {layerList}
            {takeoffList}
          </aside>
        ) : null}
      </div>

      <Sheet open={listOpen} onOpenChange={setListOpen}>
        <SheetContent side="bottom" className="max-h-[65dvh] gap-0 overflow-y-auto p-0">
          <SheetTitle className="px-3 pt-3">Takeoff</SheetTitle>
          <SheetDescription className="px-3 text-xs">
            {kind === 'pdf' ? `Page ${pageNumber}: ` : ''}select a row to see it on the sheet.
          </SheetDescription>
          {layerList}
          {takeoffList}
        </SheetContent>
      </Sheet>

      <CalibrateDialog
        key={calibrationKey}
        lengthPts={calibration ? distance(calibration.from, calibration.to) : null}
        pageNumber={pageNumber}
        busy={calibrate.isPending}
        error={calibrate.isError ? messageOf(calibrate.error) : null}
        onCancel={() => {
          setCalibration(null);
          calibrate.reset();
        }}
        onSave={saveCalibration}
      />
    </div>
  );
}

/** "this drawing's units (feet) set its scale", for the Calibrate tool's tooltip and the help under the toolbar. */
function drawingScaleText(analysis: ViewerAnalysis | undefined): string {
  const unit = analysis?.units?.usedAs;
  return `this drawing's units${unit ? ` (${unitName(unit)})` : ''} set its scale`;
}

function ToolButton({
  label,
  icon: Icon,
  shortcut,
  active,
  unavailable,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  shortcut?: string;
  active?: boolean;
  /** Shown dimmed but still focusable and clickable, so its tooltip and click can say why. */
  unavailable?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant={active ? 'secondary' : 'ghost'}
          size="icon"
          className={cn('size-8 shrink-0', active && 'ring-1 ring-primary', unavailable && 'opacity-45')}
          aria-label={label}
          aria-disabled={unavailable || undefined}
          aria-pressed={active === undefined || unavailable ? undefined : active}
          aria-keyshortcuts={shortcut}
          onClick={onClick}
        >
          <Icon />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
