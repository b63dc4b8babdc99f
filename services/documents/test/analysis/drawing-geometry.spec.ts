/** The viewer's linework of a DXF: MINSERT grids, nested blocks, circles, the vertex cap. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readDrawingGeometry } from '../../src/analysis/dxf/drawing-geometry';
import { block, circle, dxfPairs, insert, line, textDxf } from './dxf-fixture-writer';

const dxf = (pairs: Parameters<typeof textDxf>[0]) => Buffer.from(textDxf(pairs), 'latin1');

describe('drawing geometry', () => {
  it('places a MINSERT grid and the blocks nested in it', async () => {
    const file = dxf(
      dxfPairs({
        insUnits: 1,
        blocks: [
          ...block('TICK', line('0', 0, 0, 1, 0)),
          ...block('PAIR', [...insert('0', 'TICK', 0, 0), ...insert('0', 'TICK', 0, 2)]),
        ],
        // A 2 × 2 grid at 10-unit spacing (the fixture's MINSERT), placed at (100, 100).
        entities: [...insert('MARKS', 'PAIR', 100, 100, { columns: 2, rows: 2 })],
      }),
    );
    const geometry = await readDrawingGeometry(file, 'dxf', 1000);
    assert.deepEqual(
      geometry.layers.map((l) => l.name),
      ['MARKS'],
    );
    const starts = geometry.layers[0]!.paths.map((p) => `${p[0]},${p[1]}`).sort();
    assert.deepEqual(starts, ['100,100', '100,102', '100,110', '100,112', '110,100', '110,102', '110,110', '110,112']);
    assert.deepEqual(geometry.bounds, { minX: 100, minY: 100, maxX: 111, maxY: 112 });
  });

  it('draws a circle closed, and stops at the vertex cap with truncated', async () => {
    const file = dxf(dxfPairs({ insUnits: 1, entities: [...circle('C', 0, 0, 5), ...line('L', 0, 0, 1, 1)] }));
    const whole = await readDrawingGeometry(file, 'dxf', 1000);
    const ring = whole.layers.find((l) => l.name === 'C')!.paths[0]!;
    assert.ok(Math.abs(ring[0]! - ring.at(-2)!) < 1e-9 && Math.abs(ring[1]! - ring.at(-1)!) < 1e-9, 'closed');
    assert.deepEqual(whole.bounds, { minX: -5, minY: -5, maxX: 5, maxY: 5 });
    assert.equal(whole.truncated, undefined);
    const cut = await readDrawingGeometry(file, 'dxf', 10);
    assert.equal(cut.truncated, true);
    const vertices = cut.layers.reduce((n, l) => n + l.paths.reduce((m, p) => m + p.length / 2, 0), 0);
    assert.ok(vertices <= 10, `${vertices} vertices`);
  });
});
