import {
  Hash,
  List,
  Maximize,
  MousePointer2,
  MoveHorizontal,
  Pentagon,
  Ruler,
  Scissors,
  Spline,
  SquareSplitHorizontal,
  ZoomIn,
  ZoomOut,
  type LucideIcon,
} from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import type { ViewerAnalysis } from '@/features/viewer/api/viewer';
import type { SheetHandle } from '@/features/viewer/components/SheetView';
import { drawingScaleText } from '@/features/viewer/lib/takeoff';
import { TOOL_LABELS, TOOL_SHORTCUTS, type Tool } from '@/features/viewer/lib/tools';

const TOOL_ICONS: Record<Tool, LucideIcon> = {
  select: MousePointer2,
  calibrate: Ruler,
  length: Spline,
  area: Pentagon,
  count: Hash,
  hole: Scissors,
  boundary: SquareSplitHorizontal,
};

type Props = {
  /** A drawing has no Calibrate: its units give the scale. */
  isDrawing: boolean;
  analysis: ViewerAnalysis | undefined;
  activeTool: Tool;
  /** Cut hole (H) is offered while an area the user measured is selected. */
  canCutHole: boolean;
  /** Boundary (B) divides the rooms of a PDF page; a drawing's and an image's rooms are not measured from lines. */
  canDrawBoundaries: boolean;
  onChoose: (tool: Tool) => void;
  sheet: RefObject<SheetHandle | null>;
  /** Opens the takeoff list (a sheet over the drawing on narrow screens). */
  onOpenList: () => void;
};

/** The sheet's tools (select, calibrate, length, area, count, room boundary, cut hole) and its zoom, above the sheet. */
export function ViewerToolbar({
  isDrawing,
  analysis,
  activeTool,
  canCutHole,
  canDrawBoundaries,
  onChoose,
  sheet,
  onOpenList,
}: Props) {
  return (
    // The tools scroll sideways on a narrow screen; the takeoff list's button stays in view beside them.
    <div className="flex shrink-0 items-center border-b">
      <div
        className="relative flex min-w-0 flex-1 items-center gap-1 overflow-x-auto px-2 py-1"
        role="toolbar"
        aria-label="Sheet tools"
      >
        {(['select', 'calibrate', 'length', 'area', 'count'] as const).map((tool) =>
          tool === 'calibrate' && isDrawing ? (
            <ToolButton
              key={tool}
              label={`${TOOL_LABELS[tool]} (${TOOL_SHORTCUTS[tool]}): not needed, ${drawingScaleText(analysis)}`}
              shortcut={TOOL_SHORTCUTS[tool]}
              icon={TOOL_ICONS[tool]}
              unavailable
              onClick={() => onChoose(tool)}
            />
          ) : (
            <ToolButton
              key={tool}
              label={`${TOOL_LABELS[tool]} (${TOOL_SHORTCUTS[tool]})`}
              shortcut={TOOL_SHORTCUTS[tool]}
              icon={TOOL_ICONS[tool]}
              active={activeTool === tool}
              onClick={() => onChoose(tool)}
            />
          ),
        )}
        {canDrawBoundaries ? (
          <ToolButton
            label={`${TOOL_LABELS.boundary} (${TOOL_SHORTCUTS.boundary}): divide a room the drawing leaves open`}
            shortcut={TOOL_SHORTCUTS.boundary}
            icon={TOOL_ICONS.boundary}
            active={activeTool === 'boundary'}
            onClick={() => onChoose('boundary')}
          />
        ) : null}
        {canCutHole || activeTool === 'hole' ? (
          <ToolButton
            label={`${TOOL_LABELS.hole} (${TOOL_SHORTCUTS.hole})`}
            shortcut={TOOL_SHORTCUTS.hole}
            icon={TOOL_ICONS.hole}
            active={activeTool === 'hole'}
            onClick={() => onChoose('hole')}
          />
        ) : null}
        <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden />
        <ToolButton label="Zoom out (-)" icon={ZoomOut} onClick={() => sheet.current?.zoomBy(0.8)} />
        <ToolButton label="Zoom in (+)" icon={ZoomIn} onClick={() => sheet.current?.zoomBy(1.25)} />
        <ToolButton label="Fit width" icon={MoveHorizontal} onClick={() => sheet.current?.fitWidth()} />
        <ToolButton label="Fit page (0)" icon={Maximize} onClick={() => sheet.current?.fitPage()} />
      </div>
      <Button
        variant="outline"
        size="sm"
        className="relative mr-2 shrink-0 max-sm:size-8 max-sm:px-0 lg:hidden"
        onClick={onOpenList}
      >
        <List />
        <span className="sr-only sm:not-sr-only">Takeoff</span>
      </Button>
    </div>
  );
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
