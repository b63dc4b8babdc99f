import { insideOrOnRing, type Point } from './geometry';

export type Tool = 'select' | 'calibrate' | 'length' | 'area' | 'count' | 'hole' | 'boundary';

/** The area item a hole is cut from: its id and outline, in the same coordinates as the clicks. */
export type HoleTarget = { itemId: string; outline: Point[] };

/**
 * What a finished tool hands over: two points to calibrate with, a measurement to keep, a hole to cut,
 * or a room boundary to draw.
 */
export type Finished = {
  tool: 'calibrate' | 'length' | 'area' | 'count' | 'hole' | 'boundary';
  points: Point[];
  /** For a hole: the area it is cut from. */
  holeOf?: HoleTarget;
};

export type ToolState = { tool: Tool; points: Point[]; holeOf?: HoleTarget };

export type ToolEvent =
  /** Cut hole needs the area it cuts (`holeOf`). */
  | { type: 'choose'; tool: Tool; holeOf?: HoleTarget }
  | { type: 'click'; at: Point }
  /** Backspace: the last point goes. */
  | { type: 'undo' }
  /** Esc: the points go; with none, back to selecting. */
  | { type: 'cancel' }
  /** Enter: the measurement is done if it has enough points. */
  | { type: 'finish' };

export type ToolStep = { state: ToolState; finished?: Finished; problem?: string };

/** The fewest points each tool needs before it can finish. */
export const MIN_POINTS: Record<Exclude<Tool, 'select'>, number> = {
  calibrate: 2,
  length: 2,
  area: 3,
  count: 1,
  hole: 3,
  boundary: 2,
};

export const TOOL_SHORTCUTS: Record<Tool, string> = {
  select: 'V',
  calibrate: 'K',
  length: 'L',
  area: 'A',
  count: 'C',
  hole: 'H',
  boundary: 'B',
};

export const TOOL_LABELS: Record<Tool, string> = {
  select: 'Select and pan',
  calibrate: 'Calibrate',
  length: 'Length',
  area: 'Area',
  count: 'Count',
  hole: 'Cut hole',
  boundary: 'Boundary',
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
  hole: 'A hole needs at least 3 points: click each of its corners inside the area.',
  boundary: 'A boundary is a line: click where it starts on one wall, then where it ends on the other.',
};

export const HOLE_NEEDS_AREA =
  'Select an area you measured first (on the sheet or in the list), then Cut hole (H) to draw a hole in it.';
const HOLE_OUTSIDE = "A hole's corners must be inside the area it is cut from: click inside its outline.";

/** The tools whose points close into a ring: clicking the first point again finishes them. */
const closes = (tool: Tool) => tool === 'area' || tool === 'hole';

/** One step of the hand tools: pure, so the sheet and the tests drive the same rules. */
export function stepTool(state: ToolState, event: ToolEvent): ToolStep {
  switch (event.type) {
    case 'choose':
      if (event.tool === 'hole') {
        if (!event.holeOf) return { state, problem: HOLE_NEEDS_AREA };
        return { state: { tool: 'hole', points: [], holeOf: event.holeOf } };
      }
      return { state: { tool: event.tool, points: [] } };
    case 'click': {
      if (state.tool === 'select') return { state };
      if (state.tool === 'hole' && state.holeOf && !insideOrOnRing(event.at, state.holeOf.outline))
        return { state, problem: HOLE_OUTSIDE };
      const points = [...state.points, event.at];
      // Calibration and a boundary are two points and nothing more: the second one finishes them.
      if ((state.tool === 'calibrate' || state.tool === 'boundary') && points.length === 2)
        return { state: { tool: state.tool, points: [] }, finished: { tool: state.tool, points } };
      // Clicking an area's or a hole's first point again (it snaps there) closes it.
      const first = state.points[0];
      if (
        closes(state.tool) &&
        state.points.length >= 3 &&
        first &&
        first[0] === event.at[0] &&
        first[1] === event.at[1]
      )
        return { state: { ...state, points: [] }, finished: finishedOf(state, state.points) };
      return { state: { ...state, points } };
    }
    case 'undo':
      return { state: { ...state, points: state.points.slice(0, -1) } };
    case 'cancel':
      return { state: state.points.length ? { ...state, points: [] } : initialToolState };
    case 'finish': {
      if (state.tool === 'select') return { state };
      if (state.points.length < MIN_POINTS[state.tool]) return { state, problem: NEEDS[state.tool] };
      return { state: { ...state, points: [] }, finished: finishedOf(state, state.points) };
    }
  }
}

function finishedOf(state: ToolState, points: Point[]): Finished {
  const tool = state.tool as Finished['tool'];
  return state.holeOf && tool === 'hole' ? { tool, points, holeOf: state.holeOf } : { tool, points };
}
