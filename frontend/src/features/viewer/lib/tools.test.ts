import { describe, expect, it } from 'vitest';
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
    expect(toolForKey('x')).toBeNull();
  });
});
