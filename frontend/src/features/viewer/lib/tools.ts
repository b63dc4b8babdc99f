import type { Point } from './geometry';

export type Tool = 'select' | 'calibrate' | 'length' | 'area' | 'count';

/** What a finished tool hands over: two points to calibrate with, or a measurement to keep. */
export type Finished = { tool: 'calibrate' | 'length' | 'area' | 'count'; points: Point[] };

export type ToolState = { tool: Tool; points: Point[] };

export type ToolEvent =
  | { type: 'choose'; tool: Tool }
  | { type: 'click'; at: Point }
  /** Backspace: the last point goes. */
  | { type: 'undo' }
  /** Esc: the points go; with none, back to selecting. */
  | { type: 'cancel' }
  /** Enter: the measurement is done if it has enough points. */
  | { type: 'finish' };

export type ToolStep = { state: ToolState; finished?: Finished; problem?: string };

/** The fewest points each tool needs before it can finish. */
export const MIN_POINTS: Record<Exclude<Tool, 'select'>, number> = { calibrate: 2, length: 2, area: 3, count: 1 };

export const TOOL_SHORTCUTS: Record<Tool, string> = { select: 'V', calibrate: 'K', length: 'L', area: 'A', count: 'C' };

export const TOOL_LABELS: Record<Tool, string> = {
  select: 'Select and pan',
  calibrate: 'Calibrate',
  length: 'Length',
  area: 'Area',
  count: 'Count',
};

/** The tool a key chooses (case-insensitive), or null. */
export function toolForKey(key: string): Tool | null {
  const upper = key.toUpperCase();
  const found = (Object.keys(TOOL_SHORTCUTS) as Tool[]).find((tool) => TOOL_SHORTCUTS[tool] === upper);
  return found ?? null;
}

/** Length and area need the page's scale; counting and calibrating do not. */
export function needsScale(tool: Tool): boolean {
  return tool === 'length' || tool === 'area';
}

export const initialToolState: ToolState = { tool: 'select', points: [] };

const NEEDS: Record<Exclude<Tool, 'select'>, string> = {
  calibrate: 'Click two points a known distance apart.',
  length: 'A length needs at least 2 points.',
  area: 'An area needs at least 3 points.',
  count: 'Click at least one thing to count.',
};

/** One step of the hand tools: pure, so the sheet and the tests drive the same rules. */
export function stepTool(state: ToolState, event: ToolEvent): ToolStep {
  switch (event.type) {
    case 'choose':
      return { state: { tool: event.tool, points: [] } };
    case 'click': {
      if (state.tool === 'select') return { state };
      const points = [...state.points, event.at];
      // Calibration is two points and nothing more: the second one finishes it.
      if (state.tool === 'calibrate' && points.length === 2)
        return { state: { tool: 'calibrate', points: [] }, finished: { tool: 'calibrate', points } };
      // Clicking an area's first point again (it snaps there) closes it.
      const first = state.points[0];
      if (
        state.tool === 'area' &&
        state.points.length >= 3 &&
        first &&
        first[0] === event.at[0] &&
        first[1] === event.at[1]
      )
        return { state: { ...state, points: [] }, finished: { tool: 'area', points: state.points } };
      return { state: { ...state, points } };
    }
    case 'undo':
      return { state: { ...state, points: state.points.slice(0, -1) } };
    case 'cancel':
      return { state: state.points.length ? { ...state, points: [] } : initialToolState };
    case 'finish': {
      if (state.tool === 'select') return { state };
      if (state.points.length < MIN_POINTS[state.tool]) return { state, problem: NEEDS[state.tool] };
      return { state: { ...state, points: [] }, finished: { tool: state.tool, points: state.points } };
    }
  }
}
