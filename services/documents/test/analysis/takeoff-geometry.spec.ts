import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arcOfPolyline, arcsOfLinePieces, findDoors, type OwnedSegment } from '../../src/analysis/geometry/doors';
import { nodeSegments } from '../../src/analysis/geometry/noding';
import { facesOf, type Segment } from '../../src/analysis/geometry/planar-graph';
import { roomFacesAroundLabels, segmentsClearOfLabels } from '../../src/analysis/geometry/rooms-around-labels';
import { findRepeatedShapes } from '../../src/analysis/geometry/symbols';
import { isWholeCircle } from '../../src/analysis/geometry/round-shapes';
import { wallExtensions } from '../../src/analysis/geometry/wall-extensions';

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

describe('whole circles and wall faces carried on', () => {
  const circle = (cx: number, cy: number, r: number, points: number, turn = 1) =>
    Array.from({ length: points + 1 }, (_, i) => {
      const t = (i / points) * 2 * Math.PI * turn;
      return { x: cx + r * Math.cos(t), y: cy + r * Math.sin(t) };
    });

  it('takes a circle drawn once round, closed or with its ends meeting, for a whole circle, and nothing else', () => {
    assert.equal(isWholeCircle(circle(5, 5, 2, 48), false, 10), true);
    assert.equal(isWholeCircle(circle(5, 5, 2, 48).slice(0, -1), true, 10), true);
    // Too wide to be a table: a round room.
    assert.equal(isWholeCircle(circle(5, 5, 6, 48), false, 10), false);
    // Half round: a door swing or a curved wall.
    assert.equal(isWholeCircle(circle(5, 5, 2, 24, 0.5), false, 10), false);
    // Three quarters round, its ends apart.
    assert.equal(isWholeCircle(circle(5, 5, 2, 36, 0.75), false, 10), false);
    // An ellipse (a toilet bowl) and a square are not circles.
    const ellipse = circle(5, 5, 2, 48).map((p) => ({ x: p.x, y: 5 + (p.y - 5) * 0.6 }));
    assert.equal(isWholeCircle(ellipse, false, 10), false);
    const square = [0, 1, 2, 3, 4].flatMap((side) =>
      [0, 1, 2].map((k) => {
        const t = k / 3;
        return [
          { x: t, y: 0 },
          { x: 1, y: t },
          { x: 1 - t, y: 1 },
          { x: 0, y: 1 - t },
          { x: 0, y: 0 },
        ][side];
      }),
    );
    assert.equal(isWholeCircle(square, true, 10), false);
  });

  it('carries a wall face on to the end of the line it stops short of, and no line to the middle of another', () => {
    const reach = 0.5;
    const tolerance = 0.02;
    // A face stopping 4" short of a jamb's cap, which it meets at the cap's end.
    const toJamb = wallExtensions([seg(0, 3, 0, 10), seg(0, 2.67, 0.5, 2.67)], reach, tolerance);
    assert.deepEqual(
      toJamb.map(([a, b]) => [a.x, a.y, +b.x.toFixed(3), +b.y.toFixed(3)]),
      [[0, 3, 0, 2.67]],
    );
    // A face broken by a 3" gap, in line with its other piece.
    const broken = wallExtensions([seg(0, 0, 4, 0), seg(4.25, 0, 8, 0)], reach, tolerance);
    assert.equal(broken.length, 2);
    // A counter's edge stopping 3" short of the middle of a wall: left free.
    assert.deepEqual(wallExtensions([seg(0, 0, 0, 10), seg(0.25, 5, 3, 5)], reach, tolerance), []);
    // An end on another line (a T) is no free end; a gap wider than the reach is an opening.
    assert.deepEqual(wallExtensions([seg(0, 0, 0, 10), seg(0, 5, 3, 5)], reach, tolerance), []);
    assert.deepEqual(wallExtensions([seg(0, 0, 4, 0), seg(7, 0, 10, 0)], reach, tolerance), []);
    // Lines the caller does not carry on (a hatch pen's) stay as they are.
    assert.deepEqual(
      wallExtensions([seg(0, 3, 0, 10), seg(0, 2.67, 0.5, 2.67)], reach, tolerance, () => false),
      [],
    );
  });
});
