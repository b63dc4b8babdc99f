import { Button } from '@/components/ui/button';
import { DrawingUnitsFix, type DocumentAnalysis } from '@/features/documents';
import type { TakeoffItem, ViewerAnalysis } from '@/features/viewer/api/viewer';
import { drawingScaleText } from '@/features/viewer/lib/takeoff';
import { TOOL_LABELS, type ToolState } from '@/features/viewer/lib/tools';

type Props = {
  documentId: string;
  isDrawing: boolean;
  analysis: ViewerAnalysis | undefined;
  /** Real feet per page unit, or null when the page has no scale. */
  scale: number | null;
  /** The page's scale note, when it has one Kerf cannot measure with. */
  scaleNote: string | null | undefined;
  /** A drawing's units, explained and correctable (asked for with Calibrate on a drawing). */
  unitsHelp: boolean;
  onCloseUnitsHelp: () => void;
  notice: string | null;
  toolState: ToolState;
  selectedArea: TakeoffItem | undefined;
  onCalibrate: () => void;
};

/**
 * The line under the toolbar: how to use the chosen tool, why something cannot be measured yet
 * (no scale: calibrate first), or, for a drawing, what sets its scale and how to correct its units.
 */
export function ToolHelp(props: Props) {
  const { isDrawing, analysis, scale, unitsHelp, notice, toolState } = props;
  if (isDrawing && (unitsHelp || !scale) && analysis)
    return (
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
        <DrawingUnitsFix documentId={props.documentId} analysis={analysis as DocumentAnalysis} />
        <Button size="sm" variant="ghost" className="h-6 px-2 text-xs" onClick={props.onCloseUnitsHelp}>
          Close
        </Button>
      </div>
    );
  if (!notice && (scale || isDrawing) && toolState.tool === 'select') return null;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b bg-muted/40 px-3 py-1.5 text-xs" role="status">
      {notice ? (
        <span className="text-amber-800">{notice}</span>
      ) : !scale ? (
        <>
          <span>
            {props.scaleNote
              ? `This page's scale note (“${props.scaleNote}”) is not a scale Kerf can measure with yet`
              : 'This page has no scale'}
            : calibrate it before measuring lengths and areas.
          </span>
          {toolState.tool !== 'calibrate' ? (
            <Button size="sm" variant="outline" className="h-6 px-2 text-xs" onClick={props.onCalibrate}>
              Calibrate (K)
            </Button>
          ) : null}
        </>
      ) : null}
      {toolState.tool !== 'select' ? <ToolSteps toolState={toolState} selectedArea={props.selectedArea} /> : null}
    </div>
  );
}

function ToolSteps({ toolState, selectedArea }: Pick<Props, 'toolState' | 'selectedArea'>) {
  return (
    <span className="text-muted-foreground">
      {TOOL_LABELS[toolState.tool]}
      {toolState.tool === 'hole' && selectedArea?.id === toolState.holeOf?.itemId ? ` in ${selectedArea?.name}` : ''}:
      click points on the sheet
      {toolState.tool === 'calibrate'
        ? ' (two, a known distance apart)'
        : toolState.tool === 'boundary'
          ? ' (two: where the room ends on one wall, then on the other; the rooms are measured again)'
          : toolState.tool === 'hole'
            ? ' inside the area, Enter to finish'
            : ', Enter to finish'}
      ; clicks snap to nearby corners (hold Shift not to), Backspace removes the last point, Esc cancels.
      <span className="max-sm:hidden">
        {' '}
        By keyboard: focus the sheet, move the crosshair with the arrow keys, Space places a point.
      </span>
    </span>
  );
}
