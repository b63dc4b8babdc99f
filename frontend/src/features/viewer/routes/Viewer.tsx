import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getQueryFn } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { useAnalysis, type ProjectDocument } from '@/features/documents';
import {
  documentFileUrl,
  useCalibratePage,
  useTakeoffItems,
  type LengthUnit,
  type ViewerAnalysis,
  type ViewerPage,
} from '@/features/viewer/api/viewer';
import { CalibrateDialog } from '@/features/viewer/components/CalibrateDialog';
import { BoundaryList } from '@/features/viewer/components/BoundaryList';
import { LayerList } from '@/features/viewer/components/LayerList';
import { PageList, PageSelect } from '@/features/viewer/components/PageList';
import { SheetView, type SheetHandle, type SheetSource } from '@/features/viewer/components/SheetView';
import { TakeoffList } from '@/features/viewer/components/TakeoffList';
import { ToolHelp } from '@/features/viewer/components/ToolHelp';
import { ViewerToolbar } from '@/features/viewer/components/ViewerToolbar';
import { sheetKindOf, useDrawingGeometry, useImageSize, useOpenedPdf } from '@/features/viewer/hooks/use-sheet-files';
import { useRoomBoundaries } from '@/features/viewer/hooks/use-room-boundaries';
import { useTakeoffActions } from '@/features/viewer/hooks/use-takeoff-actions';
import { useToolShortcuts } from '@/features/viewer/hooks/use-tool-shortcuts';
import { drawingFrame, toDrawing, toPage } from '@/features/viewer/lib/drawing';
import { distance, polygonArea, type Point } from '@/features/viewer/lib/geometry';
import { messageOf } from '@/features/viewer/lib/message-of';
import { feetPerPoint, rowKey, scaleNote, takeoffGroups, type TakeoffRow } from '@/features/viewer/lib/takeoff';
import { takeoffNotes, type NotedRoom } from '@/features/viewer/lib/takeoff-notes';
import {
  HOLE_NEEDS_AREA,
  initialToolState,
  needsScale,
  stepTool,
  TOOL_LABELS,
  type Finished,
  type Tool,
  type ToolEvent,
} from '@/features/viewer/lib/tools';

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

function Viewer({ projectId, document }: { projectId: string; document: ProjectDocument }) {
  const documentId = document.id;
  const [search, setSearch] = useSearchParams();
  const analysisQuery = useAnalysis(documentId);
  const analysis = analysisQuery.data as ViewerAnalysis | undefined;
  const itemsQuery = useTakeoffItems(documentId);
  const calibrate = useCalibratePage(documentId);
  const sheet = useRef<SheetHandle>(null);
  usePageMeta({ title: `${document.filename} · Kerf` });

  const kind = sheetKindOf(document.filetype);
  const pdfState = useOpenedPdf(kind, documentId);
  const pdf = pdfState && 'pdf' in pdfState ? pdfState.pdf : null;
  const imageSize = useImageSize(kind, documentId);
  // A DXF's or DWG's linework, drawn on a canvas; its layers can be switched off.
  const geometryQuery = useDrawingGeometry(kind, documentId);
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

  const geometryOf = (row: TakeoffRow): Point[] => row.outline ?? row.line ?? row.marks ?? row.lines?.flat() ?? [];

  const [listOpen, setListOpen] = useState(false);
  const selectRow = (row: TakeoffRow) => {
    goTo({ page: row.page ?? pageNumber, item: row.key });
    setListOpen(false);
    const points = geometryOf(row);
    if (points.length) sheet.current?.show(sheetPoints(points));
  };

  // A room a note names: its row where it was measured, else its tag on the sheet (a PDF's page points).
  const showNotedRoom = (room: NotedRoom) => {
    const row = rows.find((candidate) => candidate.key === rowKey('room', room.name));
    if (row) return selectRow(row);
    setListOpen(false);
    sheet.current?.show([room.at]);
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
  const actions = useTakeoffActions({
    projectId,
    documentId,
    pageNumber,
    items: itemsQuery.data ?? [],
    selectedKey,
    select: (item) => goTo({ item }),
    setNotice,
  });
  const boundaries = useRoomBoundaries(documentId, analysis, pageNumber);
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
    if (finished.tool === 'hole') actions.cutHole(finished.holeOf?.itemId ?? '', finished.points);
    else if (finished.tool === 'boundary') boundaries.draw(finished.points);
    else actions.measure(finished.tool, finished.points);
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
    if (tool === 'boundary' && kind !== 'pdf') {
      setNotice('Room boundaries are drawn on the pages of a PDF, whose rooms Kerf measures from their lines.');
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

  useToolShortcuts({
    enabled: !calibration && canMeasure,
    toolState,
    handle,
    choose,
    onEscape: () => setUnitsHelp(false),
  });

  const onSheetSelect = (key: string | null) => {
    const next = new URLSearchParams(search);
    if (key) next.set('item', key);
    else next.delete('item');
    setSearch(next, { replace: true });
  };

  const notes = takeoffNotes(
    analysis,
    rows,
    {
      analysis: analysisQuery.isError ? analysisQuery.error : null,
      items: itemsQuery.isError ? itemsQuery.error : null,
    },
    kind === 'pdf' ? pageNumber : undefined,
  );

  const takeoffList = (
    <TakeoffList
      groups={groups}
      selectedKey={selectedKey}
      onSelect={selectRow}
      onSend={actions.send}
      onDelete={actions.remove}
      onRename={actions.rename}
      onRemoveHole={actions.removeHole}
      holeArea={holeArea}
      sending={actions.sending}
      notes={notes.status}
      roomNotes={notes.rooms}
      onShowRoom={showNotedRoom}
      empty={
        kind === 'drawing'
          ? 'Kerf found no quantities in this drawing.'
          : 'Nothing measured on this page yet. Use Length (L), Area (A) or Count (C) to measure by hand.'
      }
    />
  );

  const layersOrBoundaries = geometry ? (
    <LayerList geometry={geometry} hidden={hiddenLayers} onToggle={toggleLayer} />
  ) : (
    <BoundaryList
      pageNumber={pageNumber}
      lines={boundaries.lines}
      feetPerPoint={scale}
      busy={boundaries.busy}
      onRemove={boundaries.remove}
    />
  );

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
          <PageSelect
            pageCount={pageCount}
            pageNumber={pageNumber}
            pageLabel={pageLabel}
            onGoTo={(page) => goTo({ page })}
          />
        ) : null}
        {kind === 'pdf' ? (
          <span className="hidden shrink-0 text-xs text-muted-foreground lg:inline" data-testid="viewer-page-of">
            Page {pageNumber} of {pageCount}
          </span>
        ) : null}
      </header>

      {canMeasure ? (
        <ViewerToolbar
          isDrawing={kind === 'drawing'}
          analysis={analysis}
          activeTool={toolState.tool}
          canCutHole={!!selectedArea}
          canDrawBoundaries={kind === 'pdf'}
          onChoose={choose}
          sheet={sheet}
          onOpenList={() => setListOpen(true)}
        />
      ) : null}
      {canMeasure ? (
        <ToolHelp
          documentId={documentId}
          isDrawing={kind === 'drawing'}
          analysis={analysis}
          scale={scale}
          scaleNote={note}
          unitsHelp={unitsHelp}
          onCloseUnitsHelp={() => setUnitsHelp(false)}
          notice={notice}
          toolState={toolState}
          selectedArea={selectedArea}
          onCalibrate={() => choose('calibrate')}
        />
      ) : null}

      <div className="flex min-h-0 flex-1">
        {kind === 'pdf' ? (
          <PageList
            pageCount={pageCount}
            pageNumber={pageNumber}
            pageLabel={pageLabel}
            onGoTo={(page) => goTo({ page })}
          />
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
              boundaries={boundaries.lines}
              selectedKey={selectedKey}
              onSelect={onSheetSelect}
              tool={sheetTool}
              onPagePoint={(at) => handle({ type: 'click', at: frame ? toDrawing(frame, at) : at })}
              // The running figure of a measurement inside a drawing at another scale is at that drawing's.
              feetPerPoint={kind === 'drawing' ? scale : feetPerPoint(analysis, pageInfo, toolState.points)}
              onShown={onShown}
            />
          ) : (
            <PageSpinner />
          )}
        </main>

        {source ? (
          <aside aria-label="Takeoff" className="hidden w-80 shrink-0 overflow-y-auto border-l lg:block">
            {layersOrBoundaries}
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
          {layersOrBoundaries}
          {takeoffList}
        </SheetContent>
      </Sheet>

      <CalibrateDialog
        key={calibrationKey}
        lengthPts={calibration ? distance(calibration.from, calibration.to) : null}
        pageNumber={pageNumber}
        drawingScales={[...new Set((pageInfo?.drawings ?? []).map((drawing) => drawing.note))]}
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
