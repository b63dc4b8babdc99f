import { describe, expect, it } from 'vitest';
import type { Point } from './geometry';
import { initialToolState, stepTool, toolForKey, type ToolEvent, type ToolStep } from './tools';

const run = (events: ToolEvent[]): ToolStep => {
  let step: ToolStep = { state: initialToolState };
  for (const event of events) step = stepTool(step.state, event);
  return step;
};

describe('hand tools', () => {
  it('finishes a length with Enter once it has two points', () => {
    const tooFew = run([{ type: 'choose', tool: 'length' }, { type: 'click', at: [0, 0] }, { type: 'finish' }]);
    expect(tooFew.finished).toBeUndefined();
    expect(tooFew.problem).toMatch(/at least 2 points/);
    expect(tooFew.state.points).toHaveLength(1);

    const done = run([
      { type: 'choose', tool: 'length' },
      { type: 'click', at: [0, 0] },
      { type: 'click', at: [180, 0] },
      { type: 'finish' },
    ]);
    expect(done.finished).toEqual({
      tool: 'length',
      points: [
        [0, 0],
        [180, 0],
      ],
    });
    expect(done.state).toEqual({ tool: 'length', points: [] });
  });

  it('needs three points for an area, and Backspace removes the last one', () => {
    const step = run([
      { type: 'choose', tool: 'area' },
      { type: 'click', at: [0, 0] },
      { type: 'click', at: [72, 0] },
      { type: 'click', at: [99, 99] },
      { type: 'undo' },
      { type: 'finish' },
    ]);
    expect(step.finished).toBeUndefined();
    expect(step.problem).toMatch(/at least 3 points/);
    expect(step.state.points).toEqual([
      [0, 0],
      [72, 0],
    ]);
  });

  it('closes an area when its first point is clicked again', () => {
    const step = run([
      { type: 'choose', tool: 'area' },
      { type: 'click', at: [0, 0] },
      { type: 'click', at: [72, 0] },
      { type: 'click', at: [72, 72] },
      { type: 'click', at: [0, 0] },
    ]);
    expect(step.finished).toEqual({
      tool: 'area',
      points: [
        [0, 0],
        [72, 0],
        [72, 72],
      ],
    });
  });

  it('calibrates with exactly two clicks, without Enter', () => {
    const step = run([
      { type: 'choose', tool: 'calibrate' },
      { type: 'click', at: [1, 2] },
      { type: 'click', at: [3, 4] },
    ]);
    expect(step.finished).toEqual({
      tool: 'calibrate',
      points: [
        [1, 2],
        [3, 4],
      ],
    });
  });

  it('draws a room boundary with two clicks and stays on the tool for the next one', () => {
    const step = run([
      { type: 'choose', tool: 'boundary' },
      { type: 'click', at: [280, 106] },
      { type: 'click', at: [280, 156] },
    ]);
    expect(step.finished).toEqual({
      tool: 'boundary',
      points: [
        [280, 106],
        [280, 156],
      ],
    });
    expect(step.state).toEqual({ tool: 'boundary', points: [] });
    const early = stepTool({ tool: 'boundary', points: [[1, 1]] }, { type: 'finish' });
    expect(early.finished).toBeUndefined();
    expect(early.problem).toMatch(/click where it starts on one wall/);
  });

  it('Esc drops the points first, then the tool', () => {
    const once = run([{ type: 'choose', tool: 'count' }, { type: 'click', at: [1, 1] }, { type: 'cancel' }]);
    expect(once.state).toEqual({ tool: 'count', points: [] });
    expect(stepTool(once.state, { type: 'cancel' }).state.tool).toBe('select');
  });

  it('ignores clicks while selecting', () => {
    expect(run([{ type: 'click', at: [1, 1] }, { type: 'finish' }]).state).toEqual(initialToolState);
  });

  it('maps the shortcut keys', () => {
    expect(toolForKey('l')).toBe('length');
    expect(toolForKey('A')).toBe('area');
    expect(toolForKey('c')).toBe('count');
    expect(toolForKey('k')).toBe('calibrate');
    expect(toolForKey('h')).toBe('hole');
    expect(toolForKey('b')).toBe('boundary');
    expect(toolForKey('x')).toBeNull();
  });

  describe('cutting a hole in an area', () => {
    const area = {
      itemId: 'item-1',
      outline: [
        [100, 200],
        [172, 200],
        [172, 272],
        [100, 272],
      ] as Point[],
    };
    const hole: Point[] = [
      [118, 218],
      [154, 218],
      [154, 254],
    ];
    const cutting: ToolEvent = { type: 'choose', tool: 'hole', holeOf: area };

    it('needs an area to cut, and says to select one', () => {
      const step = run([{ type: 'choose', tool: 'hole' }]);
      expect(step.state).toEqual(initialToolState);
      expect(step.problem).toMatch(/^Select an area you measured first/);
    });

    it('finishes with Enter once it has 3 points, handing over the area it cuts', () => {
      const tooFew = run([
        cutting,
        ...hole.slice(0, 2).map((at): ToolEvent => ({ type: 'click', at })),
        { type: 'finish' },
      ]);
      expect(tooFew.finished).toBeUndefined();
      expect(tooFew.problem).toMatch(/^A hole needs at least 3 points/);

      const done = run([cutting, ...hole.map((at): ToolEvent => ({ type: 'click', at })), { type: 'finish' }]);
      expect(done.finished).toEqual({ tool: 'hole', points: hole, holeOf: area });
      // Still cutting the same area: another hole can follow.
      expect(done.state).toEqual({ tool: 'hole', points: [], holeOf: area });
    });

    it('closes when the first corner is clicked again', () => {
      const step = run([cutting, ...[...hole, hole[0]!].map((at): ToolEvent => ({ type: 'click', at }))]);
      expect(step.finished).toEqual({ tool: 'hole', points: hole, holeOf: area });
    });

    it('refuses a corner outside the area, keeps one on its outline, and Backspace and Esc work as for an area', () => {
      const outside = run([cutting, { type: 'click', at: [118, 218] }, { type: 'click', at: [90, 230] }]);
      expect(outside.problem).toMatch(/inside the area it is cut from/);
      expect(outside.state.points).toEqual([[118, 218]]);

      const onEdge = run([cutting, { type: 'click', at: [100, 236] }, { type: 'click', at: [172, 200] }]);
      expect(onEdge.problem).toBeUndefined();
      expect(onEdge.state.points).toHaveLength(2);

      const undone = stepTool(onEdge.state, { type: 'undo' });
      expect(undone.state.points).toEqual([[100, 236]]);
      const cancelled = stepTool(undone.state, { type: 'cancel' });
      expect(cancelled.state).toEqual({ tool: 'hole', points: [], holeOf: area });
      expect(stepTool(cancelled.state, { type: 'cancel' }).state).toEqual(initialToolState);
    });
  });
});
