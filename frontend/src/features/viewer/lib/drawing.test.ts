import { describe, expect, it } from 'vitest';
import {
  drawingFrame,
  drawingVertices,
  layerAt,
  legibleOnWhite,
  toDrawing,
  toPage,
  type DrawingGeometry,
} from '@/features/viewer/lib/drawing';

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

describe('colours on the white sheet', () => {
  it('keeps dark colours and CAD black, and darkens the light ones made for a black screen', () => {
    expect(legibleOnWhite('#000000')).toBe('#000000');
    expect(legibleOnWhite('#0000ff')).toBe('#0000ff');
    expect(legibleOnWhite(undefined)).toBe('#000000');
    for (const light of ['#ffff00', '#00ffff', '#ffffff', '#d6d6d6']) {
      const shown = legibleOnWhite(light);
      const value = parseInt(shown.slice(1), 16);
      const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
      // Darker than the original, and at least 3:1 against white (relative luminance at most 0.3).
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      expect(1.05 / (luminance + 0.05)).toBeGreaterThanOrEqual(3);
      expect(shown).not.toBe(light);
    }
    // Yellow stays a yellow (an olive), not grey: the hue is kept.
    const olive = parseInt(legibleOnWhite('#ffff00').slice(1), 16);
    expect(olive & 255).toBe(0);
    expect((olive >> 16) & 255).toBe((olive >> 8) & 255);
  });
});

describe('picking a layer on the sheet', () => {
  const geometry: DrawingGeometry = {
    units: { feetPerUnit: 1 },
    bounds: { minX: 0, minY: 0, maxX: 100, maxY: 100 },
    layers: [
      { name: 'WALLS', paths: [[0, 0, 100, 0]] },
      { name: 'DOORS', paths: [], colored: [{ color: '#00ff00', paths: [[50, 50, 50, 100]] }] },
    ],
  };
  const frame = drawingFrame(geometry.bounds);

  // The reach is in page units: 3 drawing units here.
  it('finds the layer whose line is nearest the click, coloured lines included', () => {
    expect(layerAt(geometry, frame, new Set(), toPage(frame, [30, 1]), 3 * frame.k)).toBe('WALLS');
    expect(layerAt(geometry, frame, new Set(), toPage(frame, [51, 70]), 3 * frame.k)).toBe('DOORS');
  });

  it('finds nothing far from any line, or on a hidden layer', () => {
    expect(layerAt(geometry, frame, new Set(), toPage(frame, [20, 40]), 3 * frame.k)).toBeNull();
    expect(layerAt(geometry, frame, new Set(['WALLS']), toPage(frame, [30, 1]), 3 * frame.k)).toBeNull();
  });
});
