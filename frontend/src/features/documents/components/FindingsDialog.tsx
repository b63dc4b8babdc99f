import { AlertTriangle, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  useAnalysis,
  type DocumentAnalysis,
  type ProjectDocument,
  type QuantitySource,
} from '@/features/documents/api/documents';
import { unitName } from '@/features/documents/lib/drawing-units';
import { pageScaleLabel } from '@/features/documents/lib/page-scale';
import { viewerHref } from '@/features/viewer';
import { DrawingUnitsFix } from './DrawingUnitsFix';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Where a number came from, as an estimator would cite it. */
export function sourceLabel(source: QuantitySource): string {
  return [
    source.sheet !== undefined && `sheet ${source.sheet}`,
    source.page !== undefined && `page ${source.page}`,
    source.layer !== undefined && `layer ${source.layer}`,
    source.block !== undefined && `block ${source.block}`,
    source.row !== undefined && `row ${source.row}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** Rows shown per table: a sheet of 20,000 lines would stall the dialog; the assistant reads them all. */
const SHOWN_ROWS = 500;

/** Four columns fit a phone's width: tighter cells under 640 px, headers wrapping over their figures. */
function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  const hidden = rows.length - SHOWN_ROWS;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-xs sm:text-sm">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {head.map((cell, i) => (
              <th
                key={cell}
                className={
                  i === 0
                    ? 'px-2 py-2 align-bottom font-medium sm:px-3'
                    : 'px-2 py-2 text-right align-bottom font-medium sm:px-3'
                }
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((row, r) => (
            <tr key={r} className="border-t">
              {row.map((cell, i) => (
                <td
                  key={i}
                  className={
                    i === 0
                      ? 'min-w-20 px-2 py-1.5 [overflow-wrap:anywhere] sm:min-w-28 sm:px-3'
                      : 'px-2 py-1.5 text-right tabular-nums sm:px-3'
                  }
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
          {hidden > 0 ? (
            <tr className="border-t">
              <td colSpan={head.length} className="px-3 py-1.5 text-xs text-muted-foreground">
                and {hidden.toLocaleString('en-US')} more, not shown here: ask the assistant about them
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

const isDrawing = (analysis: DocumentAnalysis) => analysis.kind === 'dxf' || analysis.kind === 'dwg';

/**
 * Which warning is about the drawing units: a drawing's units check reports
 * first, and only when the units were assumed, set by the user, or contradicted
 * by the drawing (then `suggested` names the fix). -1 when there is none.
 */
function unitsWarningIndex(analysis: DocumentAnalysis): number {
  const units = analysis.units;
  if (!isDrawing(analysis) || !units || !analysis.warnings?.length) return -1;
  return units.suggested || units.override || units.assumed ? 0 : -1;
}

/** What the analysis found in one document, each number with where it came from. */
export function FindingsDialog({ document, onClose }: { document: ProjectDocument | null; onClose: () => void }) {
  const { data: analysis, isPending } = useAnalysis(document?.id ?? null);
  const layers = (analysis?.layers ?? []).filter((layer) => layer.lengthFt > 0 || layer.areaSqFt > 0);
  const unitsWarning = analysis ? unitsWarningIndex(analysis) : -1;
  const canSetUnits = !!document && !!analysis?.units && isDrawing(analysis);
  return (
    <Dialog open={!!document} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{document?.filename}</DialogTitle>
          <DialogDescription>
            What Kerf read in this file
            {analysis?.units
              ? `, in feet and square feet (drawn in ${unitName(analysis.units.usedAs ?? analysis.units.source)})`
              : ''}
            .
          </DialogDescription>
          {document ? (
            <Button variant="outline" size="sm" className="w-fit" asChild>
              <Link to={viewerHref(document.projectId, { documentId: document.id })}>
                <Eye />
                Open in the viewer
              </Link>
            </Button>
          ) : null}
        </DialogHeader>
        {isPending || !analysis ? (
          <Spinner />
        ) : (
          <div className="grid gap-5">
            {analysis.error ? (
              <Alert variant="destructive">
                <AlertTriangle />
                <AlertDescription>{analysis.error}</AlertDescription>
              </Alert>
            ) : null}
            {analysis.reanalysisError ? (
              <Alert variant="destructive">
                <AlertTriangle />
                <AlertDescription>{analysis.reanalysisError}</AlertDescription>
              </Alert>
            ) : null}
            {analysis.warnings?.map((warning, index) => (
              <Alert key={warning} variant="warning">
                <AlertTriangle />
                <AlertDescription>
                  {warning}
                  {index === unitsWarning && canSetUnits ? (
                    <DrawingUnitsFix documentId={document.id} analysis={analysis} className="mt-1.5" />
                  ) : null}
                </AlertDescription>
              </Alert>
            ))}
            {unitsWarning < 0 && canSetUnits ? <DrawingUnitsFix documentId={document.id} analysis={analysis} /> : null}
            {analysis.quantities.length ? (
              <Section title="Quantities">
                <Table
                  head={['Item', 'Quantity', 'Source']}
                  rows={analysis.quantities.map((q) => [
                    q.description,
                    `${number.format(q.quantity)} ${q.unit}`,
                    document && (q.source.page !== undefined || q.source.layer || q.source.block) ? (
                      <Link
                        className="underline-offset-2 hover:underline"
                        to={viewerHref(document.projectId, { documentId: document.id, ...q.source })}
                      >
                        {sourceLabel(q.source)}
                      </Link>
                    ) : (
                      sourceLabel(q.source)
                    ),
                  ])}
                />
              </Section>
            ) : null}
            {analysis.rooms?.length ? (
              <Section title="Rooms">
                <Table
                  head={['Room', 'Area (sq ft)', 'Perimeter (ft)']}
                  rows={analysis.rooms.map((room) => [
                    room.name,
                    number.format(room.areaSqFt),
                    number.format(room.perimeterFt),
                  ])}
                />
              </Section>
            ) : null}
            {layers.length ? (
              <Section title="Layers">
                <Table
                  head={['Layer', 'Length (ft)', 'Area (sq ft)', 'Entities']}
                  rows={layers.map((layer) => [
                    // A wall layer draws both faces of each wall: its walls are counted once, as the viewer does.
                    layer.wallLengthFt
                      ? `${layer.name} (walls, each once; ${number.format(layer.lengthFt)} ft of lines drawn)`
                      : layer.name,
                    number.format(layer.wallLengthFt ?? layer.lengthFt),
                    number.format(layer.areaSqFt),
                    layer.entityCount,
                  ])}
                />
              </Section>
            ) : null}
            {analysis.blocks?.length ? (
              <Section title="Blocks">
                <Table
                  head={['Block', 'Placed', 'Total']}
                  rows={analysis.blocks.map((block) => [
                    block.dynamicBlockName ? `${block.dynamicBlockName} (${block.name})` : block.name,
                    block.count,
                    block.totalCount,
                  ])}
                />
              </Section>
            ) : null}
            {analysis.pages?.length ? (
              <Section title={`Pages (${analysis.pages.length})`}>
                <Table
                  head={['Page', 'Sheet', 'Scale']}
                  rows={analysis.pages.map((page) => [
                    `${page.number}${page.title ? ` · ${page.title}` : ''}`,
                    page.sheetNumber ?? '',
                    pageScaleLabel(page, analysis.overrides),
                  ])}
                />
              </Section>
            ) : null}
            {analysis.image ? (
              <p className="text-sm text-muted-foreground">
                {analysis.image.format.toUpperCase()} image, {analysis.image.width} × {analysis.image.height} pixels.
              </p>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
