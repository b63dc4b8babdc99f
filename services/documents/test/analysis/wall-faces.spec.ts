import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyWallLinework, wallLength, type WallLinework } from '../../src/analysis/dxf/wall-faces';

const INCH = 1 / 12;
const p = (x: number, y: number) => ({ x, y });

/** A rectangular room of `w` × `h` ft whose walls are drawn as two faces `t` in apart, in inches as drawing units. */
function roomOfTwoFaces(w: number, h: number, t: number, reverse = false): WallLinework {
  const linework = emptyWallLinework();
  const [W, H] = [w * 12, h * 12];
  const outer = [p(0, 0), p(W, 0), p(W, H), p(0, H)];
  const inner = [p(t, t), p(W - t, t), p(W - t, H - t), p(t, H - t)];
  for (const ring of [outer, inner])
    for (let i = 0; i < 4; i++) {
      const [a, b] = [ring[i]!, ring[(i + 1) % 4]!];
      linework.segments.push(reverse && ring === inner ? [b, a] : [a, b]);
    }
  return linework;
}

describe('wall length from wall faces', () => {
  it('counts two faces a wall thickness apart as one wall, whichever way they were drawn', () => {
    for (const reverse of [false, true]) {
      const feet = wallLength(roomOfTwoFaces(20, 10, 6, reverse), INCH)! * INCH;
      // Outer faces 60 ft, inner 56 ft, linework 116 ft: the walls measure between one face and the other.
      assert.ok(feet >= 56 && feet <= 60, `${feet} ft`);
    }
  });

  it('keeps a wall drawn as a single line, and faces too far apart to be one wall, as drawn', () => {
    const single = emptyWallLinework();
    single.segments.push([p(0, 0), p(240, 0)], [p(0, 120), p(240, 120)]);
    assert.equal(wallLength(single, INCH)! * INCH, 40);
    // Lines 1 in apart (a wall face and its finish, say) are not a wall's two faces: 60 ft + 59.33 ft.
    const feet = wallLength(roomOfTwoFaces(20, 10, 1), INCH)! * INCH;
    assert.ok(Math.abs(feet - (60 + 712 / 12)) < 1e-9, `${feet} ft`);
  });

  it('pairs the faces of a curved wall', () => {
    const linework = emptyWallLinework();
    linework.arcs.push(
      { center: p(0, 0), radius: 120, start: 0, end: Math.PI / 2 },
      { center: p(0, 0), radius: 114, start: 0, end: Math.PI / 2 },
    );
    const feet = wallLength(linework, INCH)! * INCH;
    // One quarter circle, measured between its two faces (radius 117 in).
    assert.ok(Math.abs(feet - ((117 / 12) * Math.PI) / 2) < 0.01, `${feet} ft`);
  });

  it('measures thickness in real units: the same faces read as millimetres are too close to be a wall', () => {
    const linework = emptyWallLinework();
    linework.segments.push([p(0, 0), p(240, 0)], [p(0, 6), p(240, 6)]);
    assert.equal(wallLength(linework, INCH)! * INCH, 20);
    const mm = 1 / 304.8;
    assert.equal(wallLength(linework, mm)!, 480);
  });

  it('compares only pieces close enough to be one wall, and gives up on a layer too dense to pair quickly', () => {
    // 8,000 parallel pieces 30 in apart (no two one wall): each is compared with its neighbours only.
    const spread = emptyWallLinework();
    for (let i = 0; i < 8_000; i++) spread.segments.push([p(0, i * 30), p(100, i * 30)]);
    assert.ok(Math.abs(wallLength(spread, INCH)! * INCH - 8_000 * (100 / 12)) < 1e-6);
    // 8,000 drawn over one another: 32 million comparisons, over the budget.
    const dense = emptyWallLinework();
    for (let i = 0; i < 8_000; i++) dense.segments.push([p(0, i * 0.001), p(100, i * 0.001)]);
    assert.equal(wallLength(dense, INCH), undefined);
    dense.segments.length = 2_000;
    assert.ok(Math.abs(wallLength(dense, INCH)! * INCH - 2_000 * (100 / 12)) < 1e-6);
  });
});
