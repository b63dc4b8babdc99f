import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arcOfPolyline, arcsOfLinePieces, findDoors, type OwnedSegment } from '../../src/analysis/geometry/doors';
import { nodeSegments } from '../../src/analysis/geometry/noding';
import { facesOf, type Segment } from '../../src/analysis/geometry/planar-graph';
import { roomFacesAroundLabels, segmentsClearOfLabels } from '../../src/analysis/geometry/rooms-around-labels';
import { findRepeatedShapes } from '../../src/analysis/geometry/symbols';

/** The shared takeoff geometry works on plain segments in any unit (here: feet, as a DXF would give them). */
const seg = (x1: number, y1: number, x2: number, y2: number, group = 0): Segment => ({ x1, y1, x2, y2, group });

describe('takeoff geometry on plain segments', () => {
  it('nodes crossing and touching lines once and finds the faces they close', () => {
    // A 10 × 10 square crossed by a line through the middle, drawn twice and from the far end.
    const graph = nodeSegments(
      [
        seg(0, 0, 10, 0),
        seg(10, 0, 10, 10),
        seg(10, 10, 0, 10),
        seg(0, 10, 0, 0),
        seg(-2, 5, 12, 5),
        seg(12, 5, -2, 5),
      ],
      1e-6,
    );
    assert.equal(graph.xs.length, 8); // 4 corners, 2 crossings, 2 dangling ends
    const faces = facesOf(graph).sort((a, b) => a.area - b.area);
    assert.deepEqual(
      faces.map((f) => f.area),
      [50, 50],
    );
    assert.deepEqual(
      faces.map((f) => f.perimeter),
      [30, 30],
    );
  });

  it('nodes a large grid of crossing lines, merging ends drawn a little apart', () => {
    // 60 by 60 lines: more vertices and edges than the noding's tables start with, so they grow.
    const n = 60;
    const lines: Segment[] = [];
    for (let k = 0; k < n; k++) {
      // Each line ends a hair (under the tolerance) past or short of the outermost lines.
      const slack = k % 2 ? 0.004 : -0.004;
      lines.push({ x1: 0, y1: k * 10, x2: (n - 1) * 10 + slack, y2: k * 10, group: 0 });
      lines.push({ x1: k * 10, y1: slack, x2: k * 10, y2: (n - 1) * 10, group: 1 });
    }
    const graph = nodeSegments(lines, 0.01);
    assert.equal(graph.xs.length, n * n);
    assert.equal(graph.from.length, 2 * n * (n - 1));
    const faces = facesOf(graph);
    assert.equal(faces.length, (n - 1) * (n - 1));
    assert.ok(faces.every((f) => Math.abs(f.area - 100) < 0.1));
  });

  it('takes the smallest face round a label, not the building holding two rooms, and skips lines through the name', () => {
    const walls = [
      seg(0, 0, 20, 0),
      seg(20, 0, 20, 10),
      seg(20, 10, 0, 10),
      seg(0, 10, 0, 0),
      seg(8, 0, 8, 10), // the wall between the two rooms
      // A floor pattern line across the first room, through its name.
      seg(0, 5, 8, 5, 1),
    ];
    const label = (x: number, y: number) => ({ x, y, minX: x - 1.5, minY: y - 0.5, maxX: x + 1.5, maxY: y + 0.5 });
    const labels = [label(4, 5), label(14, 5)];
    const clear = segmentsClearOfLabels(walls, labels);
    assert.equal(clear.length, 5);
    const [first, second] = roomFacesAroundLabels(clear, labels, { tolerance: 1e-6, minArea: 1, maxArea: 1000 });
    assert.equal(first?.area, 80);
    assert.equal(second?.area, 120);
    // Without the dividing wall the only face holds both names: neither room is taken from it.
    const open = roomFacesAroundLabels(
      clear.filter((s) => s.x1 !== 8),
      labels,
      { tolerance: 1e-6, minArea: 1, maxArea: 1000 },
    );
    assert.deepEqual(open, [undefined, undefined]);
  });

  it('recognises a door from its swing and leaf and closes the opening on both faces of the wall', () => {
    // A 3' door hinged at (0, 0) in a wall along y = 0..0.5, swinging to -y; arc drawn as line pieces.
    const pieces: OwnedSegment[] = [];
    let previous = { x: 0, y: -3 };
    for (let i = 1; i <= 9; i++) {
      const t = (i / 9) * (Math.PI / 2);
      const next = { x: 3 * Math.sin(t), y: -3 * Math.cos(t) };
      pieces.push({ x1: previous.x, y1: previous.y, x2: next.x, y2: next.y, group: 0, owner: i });
      previous = next;
    }
    const arcs = arcsOfLinePieces(pieces, 1e-6, 1);
    assert.equal(arcs.length, 1);
    assert.ok(Math.abs(arcs[0].radius - 3) < 1e-9);
    const leaf: OwnedSegment = { x1: 0, y1: 0, x2: 0, y2: -3, group: 0, owner: 20 };
    const jamb: OwnedSegment = { x1: 0, y1: 0, x2: 0, y2: 0.5, group: 0, owner: 21 };
    const [door] = findDoors(arcs, [leaf, jamb], { minRadius: 1.5, maxRadius: 5 });
    assert.ok(door);
    const rounded = door.closures.map((pair) => pair.map((p) => [+p.x.toFixed(6) + 0, +p.y.toFixed(6) + 0]));
    assert.deepEqual(rounded, [
      [
        [0, 0],
        [3, 0],
      ],
      [
        [0, 0.5],
        [3, 0.5],
      ],
    ]);
    assert.equal(
      arcOfPolyline(
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
          { x: 3, y: 0 },
          { x: 4, y: 0 },
        ],
        0,
      ),
      undefined,
    );
  });

  it('counts a shape repeated rotated and mirrored, and not a different one', () => {
    const shape = (cx: number, cy: number, angle: number, mirror: boolean, stretch = 1) => {
      const place = (x: number, y: number) => {
        const px = mirror ? -x : x;
        return {
          x: cx + px * Math.cos(angle) - y * Math.sin(angle),
          y: cy + px * Math.sin(angle) + y * Math.cos(angle),
        };
      };
      return [
        { points: [place(0, 0), place(2 * stretch, 0), place(2 * stretch, 1)], owner: 0 },
        { points: [place(2 * stretch, 1), place(0, 0)], owner: 0 },
        { points: [place(0, 0), place(-0.5, -0.5)], owner: 0 },
      ];
    };
    const found = findRepeatedShapes(
      [
        ...shape(10, 10, 0, false),
        ...shape(30, 10, 1, false),
        ...shape(50, 10, 2.5, true),
        ...shape(70, 10, 0, false, 1.5),
      ],
      { tolerance: 1e-6, minSize: 0.5, maxSize: 10 },
    );
    assert.deepEqual(
      found.map((s) => s.count),
      [3],
    );
  });
});
