import { describe, expect, it } from 'vitest';
import {
  fitPage,
  fitWidth,
  pageToScreen,
  polygonArea,
  polylineLength,
  ringsPath,
  screenToPage,
  snapToVertex,
  zoomAt,
  type Point,
  type View,
} from './geometry';

describe('page and screen coordinates', () => {
  const view: View = { scale: 2, x: 100, y: -50 };

  it('maps a page point to the screen and back', () => {
    expect(pageToScreen(view, [10, 20])).toEqual([120, -10]);
    expect(screenToPage(view, [120, -10])).toEqual([10, 20]);
  });

  it('keeps the point under the cursor in place when zooming', () => {
    const at: Point = [300, 200];
    const before = screenToPage(view, at);
    const zoomed = zoomAt(view, 1.5, at);
    expect(zoomed.scale).toBe(3);
    const after = screenToPage(zoomed, at);
    expect(after[0]).toBeCloseTo(before[0]);
    expect(after[1]).toBeCloseTo(before[1]);
  });

  it('fits a 42" x 30" sheet to the width or whole into the viewport', () => {
    const sheet = { width: 42 * 72, height: 30 * 72 };
    const viewport = { width: 1000, height: 500 };
    const width = fitWidth(sheet, viewport, 0);
    expect(width.scale * sheet.width).toBeCloseTo(1000);
    const whole = fitPage(sheet, viewport, 0);
    expect(whole.scale * sheet.height).toBeCloseTo(500);
    expect(whole.scale * sheet.width).toBeLessThanOrEqual(1000);
    expect(whole.x).toBeCloseTo((1000 - sheet.width * whole.scale) / 2);
  });
});

describe('measuring in page points', () => {
  it('adds up the segments of a polyline', () => {
    expect(
      polylineLength([
        [0, 0],
        [3, 4],
        [3, 14],
      ]),
    ).toBe(15);
    expect(polylineLength([[5, 5]])).toBe(0);
  });

  it('computes a polygon area whichever way it winds', () => {
    const square: Point[] = [
      [0, 0],
      [72, 0],
      [72, 72],
      [0, 72],
    ];
    expect(polygonArea(square)).toBe(5184);
    expect(polygonArea([...square].reverse())).toBe(5184);
    // An L shape: 10x10 less a 5x5 corner.
    expect(
      polygonArea([
        [0, 0],
        [10, 0],
        [10, 5],
        [5, 5],
        [5, 10],
        [0, 10],
      ]),
    ).toBe(75);
    expect(
      polygonArea([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(0);
  });
});

describe('snapping', () => {
  it('moves a click onto the nearest vertex within the tolerance, else leaves it', () => {
    const vertices: Point[] = [
      [100, 100],
      [104, 100],
      [300, 300],
    ];
    expect(snapToVertex([103, 101], vertices, 5)).toEqual([104, 100]);
    expect(snapToVertex([150, 150], vertices, 5)).toEqual([150, 150]);
  });
});

describe('areas with holes', () => {
  it('writes an outline and its holes as one path of closed rings, for an evenodd fill', () => {
    expect(
      ringsPath([
        [
          [0, 0],
          [72, 0],
          [72, 72],
        ],
        [
          [18, 18],
          [54, 18],
          [54, 54],
        ],
      ]),
    ).toBe('M0,0L72,0L72,72Z M18,18L54,18L54,54Z');
  });
});
