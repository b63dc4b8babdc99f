/**
 * Single aslant lines (geometry/slope-lines.ts): a line drawn at a slant across
 * a room is single where no parallel line a wall's thickness away faces it
 * and it crosses no heavier line between its ends.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../src/analysis/geometry/planar-graph';
import { isAslant, singleAslantLines } from '../../src/analysis/geometry/slope-lines';

const line = (x1: number, y1: number, x2: number, y2: number): Segment => ({ x1, y1, x2, y2, group: 0 });
// A room 100 × 100 (1 unit a tenth of a foot: a wall is 10 units at most).
const room = [line(0, 0, 100, 0), line(100, 0, 100, 100), line(100, 100, 0, 100), line(0, 100, 0, 0)];
// A line may run 2" (1.67 units) past a face it is drawn to.
const options = { maxThickness: 10, minAlongside: 5, tolerance: 0.2, overshoot: 1.67 };

describe('single aslant lines', () => {
  it('tells lines at a slant from lines square to the page', () => {
    assert.ok(isAslant(line(0, 0, 100, 100)));
    assert.ok(!isAslant(line(0, 0, 100, 5)));
    assert.ok(!isAslant(line(0, 0, 5, 100)));
  });

  it('takes a line from wall face to wall face, with the arms of a cross, for single', () => {
    const slope = line(0, 0, 100, 100);
    const arms = [line(50, 50, 100, 0), line(50, 50, 0, 100)];
    const candidates = [slope, ...arms];
    assert.deepEqual(singleAslantLines(candidates, [...room, ...candidates], new Set(candidates), options), candidates);
  });

  it('takes two parallel faces a wall’s thickness apart for a wall, not for single lines', () => {
    const faces = [line(50, 0, 100, 50), line(57, 0, 100, 43)];
    const thin = new Set(faces);
    assert.deepEqual(singleAslantLines(faces, [...room, ...faces], thin, options), []);
    // Farther apart than a wall is thick, each is single again.
    const apart = [line(30, 0, 100, 70), line(57, 0, 100, 43)];
    assert.deepEqual(singleAslantLines(apart, [...room, ...apart], new Set(apart), options), apart);
  });

  it('takes a line running on across a heavier wall line for no line across a room', () => {
    const through = line(10, 0, 130, 120);
    assert.deepEqual(singleAslantLines([through], [...room, through], new Set([through]), options), []);
    // Ending on the wall's face, it is single; thin lines it crosses (a floor grid) do not count.
    const across = line(10, 0, 100, 90);
    const grid = line(50, 0, 50, 100);
    assert.deepEqual(singleAslantLines([across], [...room, grid, across], new Set([across, grid]), options), [across]);
  });

  it('takes a line drawn a hair past a wall face for a line across the room, and one running into the wall for none', () => {
    // 0.3 units (0.36") past the far face, a writer's rounding, as on the VA sheet rewritten by Ghostscript.
    const hair = line(0.5, 20, 100.3, 80.2);
    assert.deepEqual(singleAslantLines([hair], [...room, hair], new Set([hair]), options), [hair]);
    // 3 units (3.6") into the wall: it runs on past the room's face.
    const into = line(0.5, 20, 103, 81.8);
    assert.deepEqual(singleAslantLines([into], [...room, into], new Set([into]), options), []);
  });
});
