import { describe, expect, it } from 'vitest';
import { drawingFrame, drawingVertices, toDrawing, toPage, type DrawingGeometry } from '@/features/viewer/lib/drawing';

describe('drawing frame', () => {
  const frame = drawingFrame({ minX: 100, minY: -50, maxX: 5100, maxY: 2450 });

  it('makes a page of the drawing with y down and a margin, the longer side 2000 units', () => {
    expect(Math.max(frame.size.width, frame.size.height)).toBeCloseTo(2000);
    const [x0, y0] = toPage(frame, [100, 2450]);
    const [x1, y1] = toPage(frame, [5100, -50]);
    expect(x0).toBeGreaterThan(0);
    expect(y0).toBeGreaterThan(0);
    expect(x1).toBeLessThan(frame.size.width);
    expect(y1).toBeLessThan(frame.size.height);
    // Drawing y up is page y down.
    expect(toPage(frame, [100, 0])[1]).toBeGreaterThan(toPage(frame, [100, 100])[1]);
  });

  it('goes back and forth between page and drawing coordinates', () => {
    const [x, y] = toDrawing(frame, toPage(frame, [1234.5, 678.25]));
    expect(x).toBeCloseTo(1234.5, 6);
    expect(y).toBeCloseTo(678.25, 6);
  });

  it('gives a single point a page too', () => {
    const point = drawingFrame({ minX: 3, minY: 3, maxX: 3, maxY: 3 });
    expect(point.size.width).toBeGreaterThan(0);
    expect(Number.isFinite(point.k)).toBe(true);
  });
});

describe('drawing vertices', () => {
  it('are the visible layers’ points on the page', () => {
    const geometry: DrawingGeometry = {
      units: { feetPerUnit: 1 },
      bounds: { minX: 0, minY: 0, maxX: 10, maxY: 10 },
      layers: [
        { name: 'A', paths: [[0, 0, 10, 10]] },
        { name: 'B', paths: [[5, 5, 6, 6]] },
      ],
    };
    const frame = drawingFrame(geometry.bounds);
    const points = [...drawingVertices(geometry, frame, new Set(['B']))];
    expect(points).toEqual([toPage(frame, [0, 0]), toPage(frame, [10, 10])]);
  });
});
